// Perft: counts leaf nodes of the legal move tree; the move generator's correctness test.
import { generateMoves, GEN_ALL } from './movegen';
import { MAX_MOVES } from './types';
import type { Position } from './position';
import { moveToUci } from './notation';

const MAX_DEPTH = 64;
const lists = new Int32Array(MAX_DEPTH * MAX_MOVES);

/** Leaf count at `depth`, counting legal moves in bulk one ply above the leaves. */
export function perft(pos: Position, depth: number, ply = 0): number {
  const base = ply * MAX_MOVES;
  const end = generateMoves(pos, lists, base, GEN_ALL);
  if (depth <= 1) return depth === 1 ? end - base : 1;
  let nodes = 0;
  for (let i = base; i < end; i++) {
    const m = lists[i];
    pos.make(m);
    nodes += perft(pos, depth - 1, ply + 1);
    pos.unmake(m);
  }
  return nodes;
}

/** Per-root-move counts (Stockfish's `go perft` layout) and the total. */
export function perftDivide(pos: Position, depth: number): { moves: [string, number][]; total: number } {
  const list = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, list, 0, GEN_ALL);
  const moves: [string, number][] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = list[i];
    let c = 1;
    if (depth > 1) {
      pos.make(m);
      c = perft(pos, depth - 1, 1);
      pos.unmake(m);
    }
    moves.push([moveToUci(pos, m), c]);
    total += c;
  }
  if (depth <= 0) total = 1;
  return { moves, total };
}
