// Time management: a soft limit (no new iteration after it) and a hard limit (abort the search).
import type { SearchLimits } from './limits';
import { P } from './params';

export interface TimeBudget {
  soft: number;
  hard: number;
} // ms; 0 means unlimited

export function allocateTime(limits: SearchLimits, white: boolean, moveOverhead: number): TimeBudget {
  if (limits.movetime > 0) {
    const t = Math.max(1, limits.movetime - moveOverhead);
    return { soft: t, hard: t };
  }
  const time = white ? limits.wtime : limits.btime;
  if (limits.infinite || Number.isNaN(time)) return { soft: 0, hard: 0 };
  const inc = Math.max(0, white ? limits.winc : limits.binc);
  // Keep the overhead in reserve; a zero or negative clock still gets a minimal search.
  const left = Math.max(1, time - moveOverhead);
  // Sudden death: plan as if tmMovesToGo moves remained (the stability factor in the search spends less on easy moves).
  const mtg = limits.movestogo > 0 ? Math.min(limits.movestogo, P.tmMaxMovesToGo) : P.tmMovesToGo;
  let soft = left / mtg + inc * P.tmIncShare;
  // Never plan to use more than a fraction of what is left, however large the increment.
  // A low clock is where scheduling latency bites: keep most of what is left.
  const hardCap = mtg === 1 ? left * P.tmLastMoveShare : left * P.tmHardClockShare;
  const hard = Math.max(1, Math.min(hardCap, soft * P.tmHardPerSoft));
  soft = Math.max(1, Math.min(soft, hard * P.tmSoftPerHard));
  return { soft: Math.floor(soft), hard: Math.floor(hard) };
}
