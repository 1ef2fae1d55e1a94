// The position or game in the page's URL, so that a reload or a shared link opens it again: `#fen=…` for a bare
// position, `#pgn=…&ply=n` (or `&path=0.0.1.0` inside a variation) for a game and the move shown. Spaces become '_'
// (as in lichess's /analysis/pgn/ links) so that a game stays readable in the address bar. Pure: no DOM here.
import { START_FEN } from '../src/core/fen';
import type { MoveNode, MoveTree } from './tree';

export interface HashState {
  /** A game's PGN (tags and move text), when it has moves. */
  pgn?: string;
  /** A position with no moves after it. */
  fen?: string;
  /** The child indices from the root to the node shown. */
  path: number[];
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/_/g, '%5F').replace(/%20/g, '_');
}

function decode(text: string): string {
  return decodeURIComponent(text.replace(/_/g, '%20'));
}

/** The PGN without the tags that say nothing ('?', the start of an unknown date, an unfinished '*'), on one line. */
export function compactPgn(pgn: string): string {
  return pgn
    .split('\n')
    .filter((l) => !/^\[\w+ "(\?|\?{4}\.\?\?\.\?\?|\*)"\]$/.test(l))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function encodeHash(state: HashState): string {
  if (state.pgn) {
    const at = state.path.every((i) => i === 0) ? `ply=${state.path.length}` : `path=${state.path.join('.')}`;
    return `pgn=${encode(state.pgn)}&${at}`;
  }
  if (state.fen && state.fen !== START_FEN) return `fen=${encode(state.fen)}`;
  return '';
}

/** What a URL's hash holds; null when it holds nothing of ours (or cannot be decoded). */
export function decodeHash(hash: string): HashState | null {
  const params = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq), part.slice(eq + 1));
  }
  try {
    const pgn = params.get('pgn');
    if (pgn) {
      const ply = Number(params.get('ply') ?? 0);
      const path = params.has('path')
        ? (params.get('path') ?? '').split('.').map(Number)
        : Array<number>(Number.isInteger(ply) && ply > 0 ? Math.min(ply, 2000) : 0).fill(0);
      return { pgn: decode(pgn), path: path.filter((i) => Number.isInteger(i) && i >= 0) };
    }
    const fen = params.get('fen');
    if (fen) return { fen: decode(fen), path: [] };
  } catch {
    // A malformed %-escape: not a link we wrote.
  }
  return null;
}

/** The child indices that lead from the root to node. */
export function pathOf(node: MoveNode): number[] {
  const out: number[] = [];
  for (let n = node; n.parent; n = n.parent) out.push(n.parent.children.indexOf(n));
  return out.reverse();
}

/** The node a path leads to, as far as the tree goes. */
export function nodeAt(tree: MoveTree, path: readonly number[]): MoveNode {
  let n = tree.root;
  for (const i of path) {
    const next = n.children[i];
    if (!next) break;
    n = next;
  }
  return n;
}
