// A chess clock for games against the engine: the common time controls and custom ones, increment (Fischer),
// flag fall, and the wtime/btime/winc/binc that the engine is sent so that it plays on the clock with its own time
// manager. Time comes from an injected now(), so the unit test drives it without waiting. No DOM here.
import type { Color } from './game';

export interface TimeControl {
  /** Each side's time at the start, and what a move adds afterwards, in milliseconds. */
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** The time controls offered, as lichess lists them: minutes + seconds of increment. */
export const TIME_CONTROLS: readonly string[] = [
  '1+0',
  '1+1',
  '2+1',
  '3+0',
  '3+2',
  '5+0',
  '5+3',
  '10+0',
  '10+5',
  '15+10',
];

/** Reads 'M+S' (minutes, seconds of increment; minutes may be a fraction, e.g. '0.5+0'); a message when it is not one. */
export function parseTimeControl(text: string): TimeControl | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return `not a time control: '${text.slice(0, 20)}' (minutes+seconds, e.g. 3+2)`;
  const initialMs = Math.round(Number(m[1]) * 60000),
    incrementMs = Math.round(Number(m[2]) * 1000);
  if (initialMs <= 0) return 'a time control needs some time at the start';
  if (initialMs > 180 * 60000 || incrementMs > 180000) return 'at most 180 minutes and 180 seconds of increment';
  return { initialMs, incrementMs };
}

/** Clock text: h:mm:ss, m:ss, and tenths below ten seconds. */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export class ChessClock {
  private readonly left: Record<Color, number>;
  /** The side whose clock runs, and since when (now()'s time). */
  private turn: Color | null = null;
  private since = 0;

  constructor(
    readonly tc: TimeControl,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.left = { w: tc.initialMs, b: tc.initialMs };
  }

  /** The side's time left now (its clock running or not), never below zero. */
  remaining(side: Color): number {
    const t = this.left[side] - (this.turn === side ? this.now() - this.since : 0);
    return Math.max(0, t);
  }

  /** Whose clock runs, or null. */
  running(): Color | null {
    return this.turn;
  }

  /** Starts side's clock (the first move of a game, or after a pause). */
  start(side: Color): void {
    this.pause();
    this.turn = side;
    this.since = this.now();
  }

  /**
   * The running side has moved: its time is charged, it gets the increment, and the other clock starts. Returns the
   * side that lost on time if its flag had fallen before it moved (then nothing changes), else null.
   */
  press(): Color | null {
    const side = this.turn;
    if (!side) return null;
    if (this.remaining(side) <= 0) return side;
    this.left[side] = this.remaining(side) + this.tc.incrementMs;
    this.turn = side === 'w' ? 'b' : 'w';
    this.since = this.now();
    return null;
  }

  /** Stops the running clock, charging it the time it ran. */
  pause(): void {
    if (this.turn) this.left[this.turn] = this.remaining(this.turn);
    this.turn = null;
  }

  /** The side whose flag has fallen, or null. */
  flagged(): Color | null {
    return this.turn && this.remaining(this.turn) <= 0 ? this.turn : null;
  }

  /** What a `go` on this clock says, as the engine's time manager wants it. */
  goLimits(): { wtime: number; btime: number; winc: number; binc: number } {
    return {
      wtime: Math.round(this.remaining('w')),
      btime: Math.round(this.remaining('b')),
      winc: this.tc.incrementMs,
      binc: this.tc.incrementMs,
    };
  }
}
