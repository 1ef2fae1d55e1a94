// Random openings: random legal plies from the start position or from a book line, kept only when a short search
// calls neither side lost. Self-play data (play.ts) and OpenBench's `genfens` (genfens.ts) take their openings from
// here, so both start their games alike.
import { parseFen, START_FEN } from '../core/fen';
import { generateMoves, GEN_ALL } from '../core/movegen';
import type { Position } from '../core/position';

/** The largest |score| (centipawns, short search) an opening may have. */
export const OPENING_LIMIT = 1000;

/** splitmix32: a small, good 32-bit generator. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x9e3779b9) >>> 0;
    let z = this.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }
  below(n: number): number {
    return this.next() % n;
  }
}

export interface OpeningRules {
  /** Positions to start the random plies from (FEN); empty: the start position. */
  book: readonly string[];
  /** Random plies played (plus 0 or 1 at random, so both sides get to move first). */
  randomPlies: number;
  /** The largest |score| kept (OPENING_LIMIT unless a caller asks otherwise). */
  limit: number;
  /** Share of openings (0..1) that start from a double Fischer random position instead (Chess960 castling). */
  dfrc?: number;
}

/** The back rank of Chess960 position n (0..959, Scharnagl's numbering; 518 is the standard one), as piece letters. */
export function chess960BackRank(n: number): string {
  const rank: string[] = new Array(8).fill('');
  const empty = (): number[] => rank.flatMap((p, f) => (p === '' ? [f] : []));
  rank[2 * (n % 4) + 1] = 'b';
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'b';
  n = Math.floor(n / 4);
  rank[empty()[n % 6]] = 'q';
  n = Math.floor(n / 6);
  const KNIGHTS = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
  ][n];
  const free = empty();
  for (const k of KNIGHTS) rank[free[k]] = 'n';
  const [r1, k, r2] = empty();
  rank[r1] = 'r';
  rank[k] = 'k';
  rank[r2] = 'r';
  return rank.join('');
}

/** A double Fischer random start: each side's back rank drawn on its own, castling rights by rook file (Shredder). */
export function dfrcStartFen(rng: Rng): string {
  const white = chess960BackRank(rng.below(960)),
    black = chess960BackRank(rng.below(960));
  const rooks = (rank: string): string[] => [rank.lastIndexOf('r'), rank.indexOf('r')].map((f) => 'abcdefgh'[f]);
  const castling =
    rooks(white)
      .map((f) => f.toUpperCase())
      .join('') + rooks(black).join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${white.toUpperCase()} w ${castling} - 0 1`;
}

/** Tries before an opening that fits the rules is given up on (a book of lost positions, a tiny margin). */
const MAX_TRIES = 100_000;

/**
 * An opening by the rules: random plies from a random book line, with legal moves left, that score(pos) (a short
 * search, from the side to move's view) keeps within the limit. list is scratch space for move generation.
 */
export function randomOpening(
  rng: Rng,
  rules: OpeningRules,
  list: Int32Array,
  score: (pos: Position) => number,
): Position {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    // The share draw is made only when asked for, so that runs without DFRC replay as before.
    const dfrc = (rules.dfrc ?? 0) > 0 && rng.next() < (rules.dfrc ?? 0) * 2 ** 32;
    const fen = dfrc ? dfrcStartFen(rng) : rules.book.length > 0 ? rules.book[rng.below(rules.book.length)] : START_FEN;
    const pos = parseFen(fen, dfrc);
    if (typeof pos === 'string') throw new Error(`bad opening FEN: ${fen}`);
    const plies = rules.randomPlies + rng.below(2);
    let ok = true;
    for (let i = 0; i < plies && ok; i++) {
      const n = generateMoves(pos, list, 0, GEN_ALL);
      if (n === 0) ok = false;
      else pos.make(list[rng.below(n)]);
    }
    if (!ok || generateMoves(pos, list, 0, GEN_ALL) === 0) continue;
    if (Math.abs(score(pos)) <= rules.limit) return pos;
  }
  throw new Error(`no opening within ${rules.limit} cp after ${MAX_TRIES} tries`);
}
