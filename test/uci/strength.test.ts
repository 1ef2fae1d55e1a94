// The strength limiter over UCI: repeatable for a given Seed, varied across seeds, a free queen always taken at the
// lowest level, node budgets that shrink with the level, legal and quick moves.
import { describe, expect, it } from 'vitest';
import { TARGETS, START_FEN, setup, goAndCheck, sharedEngine, infos, EnginePool, type Engine } from '../helpers/engine';
import {
  skillNodes,
  skillStrength,
  skillTemperature,
  skillNoise,
  skillCandidateMean,
  skillCandidates,
  SKILL_CALIBRATION,
  SKILL_MIN_ELO,
  SKILL_MAX_ELO,
} from '../../src/search/skill';

// White's rook takes an undefended queen; nothing else comes close.
const FREE_QUEEN = 'rn2k2r/ppp2ppp/8/3q4/8/8/PPPR1PPP/4K1NR w - - 0 1';

async function limited(e: Engine, elo: number, seed: number): Promise<void> {
  e.send('setoption name UCI_LimitStrength value true');
  e.send(`setoption name UCI_Elo value ${elo}`);
  e.send(`setoption name Seed value ${seed}`);
  e.send('ucinewgame');
  await e.ready();
}

describe('strength limiter calibration', () => {
  it('maps UCI_Elo through the measured points, and every level is at least as strong as the one below', () => {
    for (const [elo, strength] of SKILL_CALIBRATION) expect(skillStrength(elo)).toBeCloseTo(strength, 6);
    for (let elo = SKILL_MIN_ELO + 10; elo <= SKILL_MAX_ELO; elo += 10) {
      expect(skillStrength(elo), `strength at ${elo}`).toBeGreaterThan(skillStrength(elo - 10));
      expect(skillNodes(elo)).toBeGreaterThanOrEqual(skillNodes(elo - 10));
      expect(skillTemperature(elo)).toBeLessThanOrEqual(skillTemperature(elo - 10));
      expect(skillNoise(elo)).toBeLessThanOrEqual(skillNoise(elo - 10));
    }
    // Out-of-range values are clamped, not extrapolated without end.
    expect(skillNodes(100)).toBe(skillNodes(SKILL_MIN_ELO));
    expect(skillNodes(5000)).toBe(skillNodes(SKILL_MAX_ELO));
    expect(skillNodes(SKILL_MIN_ELO)).toBeGreaterThanOrEqual(50);
  });

  it('spreads the number of candidate moves smoothly over the levels, one line at the top', () => {
    expect(skillCandidateMean(SKILL_MIN_ELO)).toBe(6);
    expect(skillCandidateMean(SKILL_MAX_ELO)).toBe(1);
    for (let elo = SKILL_MIN_ELO + 10; elo <= SKILL_MAX_ELO; elo += 10) {
      const step = skillCandidateMean(elo - 10) - skillCandidateMean(elo);
      // Never more candidates at a higher level, and no jump: a whole candidate more moved a level by ~200 Elo.
      expect(step, `candidates from ${elo - 10} to ${elo}`).toBeGreaterThanOrEqual(0);
      expect(step, `candidates from ${elo - 10} to ${elo}`).toBeLessThan(0.1);
    }
    // The drawn count averages to the mean and is always one of its two neighbouring whole numbers.
    for (const elo of [1000, 1400, 1800, 2100]) {
      const m = skillCandidateMean(elo);
      let sum = 0;
      for (let i = 0; i < 1000; i++) {
        const c = skillCandidates(elo, (i + 0.5) / 1000);
        expect(c === Math.floor(m) || c === Math.ceil(m), `count ${c} at ${elo} (mean ${m})`).toBe(true);
        sum += c;
      }
      expect(sum / 1000).toBeCloseTo(m, 2);
    }
  });
});

describe.each(TARGETS.slice(0, 1))('strength limiter: $name', (target) => {
  const engine = sharedEngine(target);

  it('takes a free queen at UCI_Elo 800, whatever the seed', async () => {
    const e = engine();
    for (let seed = 1; seed <= 8; seed++) {
      await limited(e, 800, seed);
      e.send(`position fen ${FREE_QUEEN}`);
      const r = await goAndCheck(e, setup(FREE_QUEEN), 'wtime 30000 btime 30000');
      expect(r.move, `seed ${seed}`).toBe('d2d5');
    }
  });

  it('the same Seed repeats the same moves; other seeds vary them; nodes follow the level', async () => {
    const e = engine();
    const pos = setup(START_FEN, ['e2e4', 'e7e5']);
    const play = async (elo: number, seed: number): Promise<{ move: string; nodes: number }> => {
      await limited(e, elo, seed);
      e.send('position startpos moves e2e4 e7e5');
      const r = await goAndCheck(e, pos, 'wtime 30000 btime 30000');
      const last = infos(r.lines).at(-1);
      return { move: r.move, nodes: last?.nodes ?? 0 };
    };
    const a = await play(1200, 42),
      b = await play(1200, 42);
    expect(b.move).toBe(a.move);
    const moves = new Set<string>();
    for (let seed = 1; seed <= 10; seed++) moves.add((await play(800, seed)).move);
    expect(moves.size, `moves at 800 over 10 seeds: ${[...moves].join(' ')}`).toBeGreaterThan(1);
    // The node budget: a low level searches far less than a high one, and never much beyond its budget.
    const low = await play(1000, 3),
      high = await play(2400, 3);
    expect(low.nodes).toBeLessThan(skillNodes(1000) * 1.5 + 300);
    expect(high.nodes).toBeGreaterThan(low.nodes * 4);
    // Off again: full strength answers with the normal search.
    e.send('setoption name UCI_LimitStrength value false');
    const full = await goAndCheck(e, pos, 'depth 6');
    expect(infos(full.lines).at(-1)!.depth).toBe(6);
  });

  it('never slow: a limited engine on a 1-second clock answers well within it', async () => {
    const pool = new EnginePool();
    const e = pool.start(target);
    try {
      e.send('uci');
      await e.waitFor('uciok', 10000);
      await limited(e, 1500, 9);
      e.send('position startpos');
      const r = await goAndCheck(e, setup(START_FEN), 'wtime 1000 btime 1000');
      expect(r.ms).toBeLessThan(1000);
    } finally {
      await pool.closeAll();
    }
  });
});
