// PGN in and out for the analysis board: tags, the main line, variations (nested), comments and NAGs, kept both
// ways. The text is read by src/core/pgn.ts, the moves checked and written by the core (SAN, legality) through the
// move tree (tree.ts).
import { START_FEN } from '../src/core/fen';
import { parsePgn, type PgnMove } from '../src/core/pgn';
import { MoveTree, type MoveNode } from './tree';

export interface PgnGame {
  tags: Record<string, string>;
  tree: MoveTree;
}

/** Plays a line of moves (and, before each move, its alternatives) into the tree from node; or says where it failed. */
function grow(tree: MoveTree, node: MoveNode, line: readonly PgnMove[]): string | null {
  let at = node;
  for (const m of line) {
    const child = tree.child(at, m.san);
    if (!child) return `illegal move '${m.san.slice(0, 12)}' after ${at.ply} plies`;
    child.nags.push(...m.nags);
    if (m.comment) child.comment = child.comment ? `${child.comment} ${m.comment}` : m.comment;
    for (const v of m.variations) {
      const err = grow(tree, at, v);
      if (err) return err;
    }
    at = child;
  }
  return null;
}

/** Reads the first game of a PGN text (src/core/pgn.ts reads it). Returns the game, or why it cannot be read. */
export function readPgn(text: string): PgnGame | string {
  const games = parsePgn(text);
  if (typeof games === 'string') return games;
  const g = games[0] ?? { tags: new Map<string, string>(), comment: '', moves: [] };
  const tags = Object.fromEntries(g.tags);
  let tree: MoveTree;
  try {
    tree = new MoveTree(tags.FEN ?? START_FEN);
  } catch (e) {
    return `bad FEN tag: ${(e as Error).message}`;
  }
  tree.root.comment = g.comment;
  const err = grow(tree, tree.root, g.moves);
  if (err) return err;
  tree.goto(tree.root);
  return { tags, tree };
}

const SEVEN = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];

/** Writes the game: the seven tag roster first, then the others, then the move text wrapped at 80 columns. */
export function writePgn(game: PgnGame): string {
  const tags: Record<string, string> = {
    Event: '?',
    Site: '?',
    Date: '????.??.??',
    Round: '?',
    White: '?',
    Black: '?',
  };
  Object.assign(tags, game.tags);
  tags.Result ??= '*';
  if (game.tree.root.fen !== START_FEN) {
    tags.SetUp = '1';
    tags.FEN = game.tree.root.fen;
  } else {
    delete tags.SetUp;
    delete tags.FEN;
  }
  const quote = (v: string): string => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const names = [...SEVEN, ...Object.keys(tags).filter((t) => !SEVEN.includes(t))];
  const head = names.map((t) => `[${t} "${quote(tags[t])}"]`).join('\n');
  const words: string[] = [];
  if (game.tree.root.comment) words.push(`{${game.tree.root.comment}}`);
  line(game.tree.root, words, true);
  words.push(tags.Result);
  return `${head}\n\n${wrap(words)}\n`;
}

/** The move number and side that moved into node, from its parent's FEN. */
function moveNumber(node: MoveNode): { n: number; white: boolean } {
  const f = node.parent!.fen.split(' ');
  return { n: Number(f[5]), white: f[1] === 'w' };
}

function moveWords(node: MoveNode, numbered: boolean): string[] {
  const { n, white } = moveNumber(node);
  const out: string[] = [];
  const nags = node.nags.map((g) => `$${g}`);
  // A move number and its move stay on one line (NBSP, made a space when wrapping).
  if (white) out.push(`${n}.\u00a0${node.san}`);
  else out.push(numbered ? `${n}...\u00a0${node.san}` : node.san);
  out.push(...nags);
  if (node.comment) out.push(`{${node.comment}}`);
  return out;
}

/** The line that continues from node: its main child, that child's alternatives in parentheses, and on. */
function line(node: MoveNode, out: string[], numbered: boolean): void {
  let n = node;
  let number = numbered;
  while (n.children.length > 0) {
    const [main, ...alts] = n.children;
    out.push(...moveWords(main, number));
    number = main.comment !== '';
    for (const alt of alts) {
      const sub: string[] = [...moveWords(alt, true)];
      line(alt, sub, alt.comment !== '');
      out.push(`(${sub.join(' ')})`);
      number = true;
    }
    n = main;
  }
}

function wrap(words: string[]): string {
  const lines: string[] = [];
  let cur = '';
  for (const w of words.join(' ').split(' ')) {
    if (cur && cur.length + 1 + w.length > 80) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines.join('\n').replace(/\u00a0/g, ' ');
}
