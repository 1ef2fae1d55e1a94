// PGN in and out for the analysis board: tags, the main line, variations (nested), comments and NAGs, kept both
// ways. Moves are read and written by Tessera's core (src/core: SAN, legality) through the move tree (tree.ts).
import { START_FEN } from '../src/core/fen';
import { MoveTree, type MoveNode } from './tree';

/** Move suffixes as PGN writes them in SAN, and their NAG numbers. */
const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

export interface PgnGame {
  tags: Record<string, string>;
  tree: MoveTree;
}

type Token =
  | { t: 'open' }
  | { t: 'close' }
  | { t: 'comment'; text: string }
  | { t: 'nag'; n: number }
  | { t: 'result'; text: string }
  | { t: 'move'; san: string; nag: number | null };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text[i];
    if (c === '{') {
      const end = text.indexOf('}', i);
      out.push({ t: 'comment', text: text.slice(i + 1, end < 0 ? n : end).trim() });
      i = end < 0 ? n : end + 1;
    } else if (c === ';') {
      const end = text.indexOf('\n', i);
      out.push({ t: 'comment', text: text.slice(i + 1, end < 0 ? n : end).trim() });
      i = end < 0 ? n : end + 1;
    } else if (c === '(' || c === ')') {
      out.push({ t: c === '(' ? 'open' : 'close' });
      i++;
    } else if (/\s/.test(c)) i++;
    else {
      let j = i;
      while (j < n && !/[\s{}();]/.test(text[j])) j++;
      const word = text.slice(i, j);
      i = j;
      if (/^\$\d+$/.test(word)) out.push({ t: 'nag', n: Number(word.slice(1)) });
      else if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) out.push({ t: 'result', text: word });
      else {
        const body = word.replace(/^\d+\.+/, '');
        if (body === '' || /^\d+$/.test(body)) continue; // a move number alone
        const m = /^(.*?)([!?]{1,2})?$/.exec(body)!;
        out.push({ t: 'move', san: m[1], nag: m[2] ? (SUFFIX_NAGS[m[2]] ?? null) : null });
      }
    }
  }
  return out;
}

/** Reads one game (the first in text). Returns the game, or why it cannot be read (with the move that failed). */
export function readPgn(text: string): PgnGame | string {
  const tags: Record<string, string> = {};
  const tagRe = /^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
  const lines = text.replace(/\r/g, '').split('\n');
  let k = 0;
  for (; k < lines.length; k++) {
    const line = lines[k];
    if (line.trim() === '') continue;
    const m = tagRe.exec(line);
    if (!m) break;
    tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  }
  let tree: MoveTree;
  try {
    tree = new MoveTree(tags.FEN ?? START_FEN);
  } catch (e) {
    return `bad FEN tag: ${(e as Error).message}`;
  }
  // `at`: the node the next move is played from; `last`: the last move read (a variation is an alternative to it).
  let at: MoveNode = tree.root;
  let last: MoveNode | null = null;
  const stack: { at: MoveNode; last: MoveNode | null }[] = [];
  for (const tok of tokens(lines.slice(k).join('\n'))) {
    if (tok.t === 'move') {
      const node = tree.child(at, tok.san);
      if (!node) return `illegal move '${tok.san.slice(0, 12)}' after ${at.ply} plies`;
      if (tok.nag !== null) node.nags.push(tok.nag);
      last = node;
      at = node;
    } else if (tok.t === 'open') {
      if (!last?.parent) return 'a variation before any move';
      stack.push({ at, last });
      at = last.parent;
      last = null;
    } else if (tok.t === 'close') {
      const s = stack.pop();
      if (!s) return 'a variation closed that was not opened';
      at = s.at;
      last = s.last;
    } else if (tok.t === 'comment') {
      const target = last ?? at;
      target.comment = target.comment ? `${target.comment} ${tok.text}` : tok.text;
    } else if (tok.t === 'nag') {
      if (last) last.nags.push(tok.n);
    } else if (tok.t === 'result') {
      tags.Result ??= tok.text;
    }
  }
  if (stack.length > 0) return 'a variation was not closed';
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
