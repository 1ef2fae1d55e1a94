// How the move tree is laid out on the page, as lichess's analysis board does it: the main line runs on, each move's
// alternatives open an indented block under it (one row per variation), deeper variations sit in parentheses inside
// their row, comments follow their move, and a move number is repeated for Black after any interruption. Pure: the
// view (moves-view.ts) turns the items into elements, and the unit test reads them as they are.
import type { MoveNode, MoveTree } from './tree';

export type Item =
  /** number: '12.' before White's move, '12…' before Black's when needed, '' otherwise. */
  | { kind: 'move'; node: MoveNode; number: string; glyphs: string }
  | { kind: 'comment'; node: MoveNode; text: string }
  /** The alternatives to the main-line move just before: one line each. */
  | { kind: 'variations'; lines: Item[][] }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'result'; text: string };

/** The common NAGs as the glyphs players read; the others stay as $n. */
const GLYPHS: Record<number, string> = {
  1: '!',
  2: '?',
  3: '!!',
  4: '??',
  5: '!?',
  6: '?!',
  7: '□',
  10: '=',
  13: '∞',
  14: '⩲',
  15: '⩱',
  16: '±',
  17: '∓',
  18: '+−',
  19: '−+',
  22: '⨀',
  23: '⨀',
  32: '⟳',
  33: '⟳',
  36: '→',
  37: '→',
  40: '↑',
  41: '↑',
  132: '⇆',
  133: '⇆',
  138: '⊕',
  139: '⊕',
  146: 'N',
};

export function nagGlyph(nag: number): string {
  return GLYPHS[nag] ?? `$${nag}`;
}

/** The move number in front of node's move: always before White's, before Black's only when asked. */
export function moveNumber(node: MoveNode, black: boolean): string {
  const f = node.parent?.fen.split(' ') ?? [];
  const n = f[5] ?? '1';
  return f[1] === 'w' ? `${n}.` : black ? `${n}…` : '';
}

function moveItem(node: MoveNode, numbered: boolean): Item {
  return { kind: 'move', node, number: moveNumber(node, numbered), glyphs: node.nags.map(nagGlyph).join('') };
}

/** Adds a move and its comment; returns whether the next move needs its number again (after a comment). */
function addMove(out: Item[], node: MoveNode, numbered: boolean): boolean {
  out.push(moveItem(node, numbered));
  if (!node.comment) return false;
  out.push({ kind: 'comment', node, text: node.comment });
  return true;
}

/** A variation from node on, in one row: its own alternatives nested in parentheses. */
function inline(node: MoveNode): Item[] {
  const out: Item[] = [];
  let numbered = addMove(out, node, true);
  for (let n = node; n.children.length > 0; ) {
    const [main, ...alts] = n.children;
    numbered = addMove(out, main, numbered);
    for (const alt of alts) {
      out.push({ kind: 'open' }, ...inline(alt), { kind: 'close' });
      numbered = true;
    }
    n = main;
  }
  return out;
}

/** The whole tree: the root's comment, the main line with its variation blocks, and the result if there is one. */
export function layout(tree: MoveTree, result = ''): Item[] {
  const out: Item[] = [];
  if (tree.root.comment) out.push({ kind: 'comment', node: tree.root, text: tree.root.comment });
  let numbered = true;
  for (let n = tree.root; n.children.length > 0; ) {
    const [main, ...alts] = n.children;
    numbered = addMove(out, main, numbered);
    if (alts.length > 0) {
      out.push({ kind: 'variations', lines: alts.map(inline) });
      numbered = true;
    }
    n = main;
  }
  if (result) out.push({ kind: 'result', text: result });
  return out;
}

/** A line of SAN moves from a position, with its move numbers: '12… Nf6 13. Bg5 h6'. */
export function numberLine(fen: string, sans: readonly string[]): string {
  const f = fen.split(' ');
  let white = f[1] === 'w';
  let number = Number(f[5]) || 1;
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${number}. ${san}`);
    else parts.push(i === 0 ? `${number}… ${san}` : san);
    if (!white) number++;
    white = !white;
  });
  return parts.join(' ');
}
