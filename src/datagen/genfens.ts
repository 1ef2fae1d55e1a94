// OpenBench's `genfens`: the openings of a DATAGEN workload, made by the engine itself. The client runs
//   ./tessera "genfens N seed S book <None|Books/book.epd> [extra]" "quit"
// (after "setoption name EvalFile value NET" when the workload names a net) and reads N lines `info string genfens
// <fen>`. The rules are datagen's (openings.ts): random plies from the start position or a book line, kept when a
// short search scores them within the margin. The same arguments give the same openings.
import { toFen } from '../core/fen';
import { MAX_MOVES } from '../core/types';
import { createSearcher } from '../search/setup';
import { defaultLimits } from '../search/limits';
import { createEvaluator } from '../eval/nets';
import type { Net } from '../eval/netfile';
import { OPENING_LIMIT, Rng, randomOpening } from './openings';

export interface GenfensRequest {
  count: number;
  seed: number;
  /** Book positions (FEN); empty: the start position. */
  book: string[];
  /** Random plies (plus 0 or 1), soft nodes of the scoring search, and the largest |score| kept. */
  plies: number;
  nodes: number;
  margin: number;
}

/** Reads `genfens N seed S book B [extra]`, extra as `plies P`, `nodes N`, `margin M` pairs; or why it cannot. */
export function parseGenfens(line: string): { req: Omit<GenfensRequest, 'book'>; book: string | null } | string {
  const t = line.trim().split(/\s+/);
  const n = Number(t[1]);
  if (t[0] !== 'genfens' || !Number.isInteger(n) || n < 0 || t[2] !== 'seed' || t[4] !== 'book' || t[5] === undefined) {
    return 'genfens needs: genfens N seed S book <None|file.epd> [plies P] [nodes N] [margin M]';
  }
  const seed = Number(t[3]);
  if (!Number.isInteger(seed) || seed < 0)
    return `genfens: seed must be a non-negative integer, got '${t[3].slice(0, 20)}'`;
  const req = { count: n, seed: seed % 2 ** 32, plies: 8, nodes: 5000, margin: OPENING_LIMIT };
  for (let i = 6; i < t.length; i += 2) {
    const k = t[i];
    const v = Number(t[i + 1]);
    if (k !== 'plies' && k !== 'nodes' && k !== 'margin') continue; // extra words OpenBench may pass: not ours
    if (!Number.isInteger(v) || v < 0) return `genfens: ${k} must be a non-negative integer`;
    req[k] = v;
  }
  return { req, book: t[5].toLowerCase() === 'none' ? null : t[5] };
}

/** Writes count `info string genfens <fen>` lines through out. net: the network to score with (null: the built-in). */
export function genfens(req: GenfensRequest, net: Net | null, out: (line: string) => void): void {
  const searcher = createSearcher({ evaluator: createEvaluator(true, net ?? undefined), hashMiB: 8 });
  const limits = { ...defaultLimits(), nodes: req.nodes * 8, softNodes: req.nodes };
  const opts = { multiPV: 1, moveOverhead: 0 };
  const list = new Int32Array(MAX_MOVES);
  const rng = new Rng(req.seed);
  const rules = { book: req.book, randomPlies: req.plies, limit: req.margin };
  for (let i = 0; i < req.count; i++) {
    const pos = randomOpening(rng, rules, list, (p) => {
      searcher.tt.clear();
      searcher.clearHistory();
      return searcher.go(p, limits, opts, null, 0, 0).score;
    });
    out(`info string genfens ${toFen(pos)}`);
  }
}
