// PGN text read into games: tags, then the moves in SAN with their comments, NAGs (suffixes such as !? become NAGs)
// and variations (each an alternative to the move it follows, nested to any depth). Only the text is read here; the
// moves are checked where they are played (a move tree, a training-data writer), through notation.ts.

export interface PgnMove {
  san: string;
  /** Numeric annotation glyphs ($1 = !, $2 = ?, $3 = !!, $4 = ??, $5 = !?, $6 = ?!). */
  nags: number[];
  /** The comments that follow the move, joined by a space ('' when none). */
  comment: string;
  /** Alternatives to this move, each a line of its own. */
  variations: PgnMove[][];
}

export interface PgnText {
  tags: Map<string, string>;
  /** A comment before the first move. */
  comment: string;
  moves: PgnMove[];
}

const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

/** The games of a PGN text, or why it cannot be read (variations that do not close or open). */
export function parsePgn(text: string): PgnText[] | string {
  const games: PgnText[] = [];
  let game: PgnText = { tags: new Map(), comment: '', moves: [] };
  let inMoves = false; // this game's move text has begun: a tag now starts the next game
  // The line being read, and the lines it was opened from (innermost last).
  let line = game.moves;
  const outer: PgnMove[][] = [];
  const begin = (): void => {
    if (games.length === 0 || inMoves) {
      game = { tags: new Map(), comment: '', moves: [] };
      games.push(game);
      line = game.moves;
      inMoves = false;
    }
  };
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text[i];
    if (c === '[' && outer.length === 0) {
      const end = text.indexOf(']', i);
      if (end < 0) break;
      begin();
      const m = /^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(text.slice(i, end + 1));
      if (m) game.tags.set(m[1], m[2].replace(/\\(.)/g, '$1'));
      i = end + 1;
    } else if (c === '{' || c === ';') {
      const end = text.indexOf(c === '{' ? '}' : '\n', i);
      const body = text.slice(i + 1, end < 0 ? n : end).trim();
      i = end < 0 ? n : end + 1;
      if (games.length === 0) begin();
      const last = line[line.length - 1];
      if (last) last.comment = last.comment ? `${last.comment} ${body}` : body;
      else if (line === game.moves) game.comment = game.comment ? `${game.comment} ${body}` : body;
    } else if (c === '(') {
      const last = line[line.length - 1];
      if (!last) return 'a variation before any move';
      const v: PgnMove[] = [];
      last.variations.push(v);
      outer.push(line);
      line = v;
      i++;
    } else if (c === ')') {
      const up = outer.pop();
      if (!up) return 'a variation closed that was not opened';
      line = up;
      i++;
    } else if (/\s/.test(c)) i++;
    else {
      let j = i;
      while (j < n && !/[\s{}();[\]]/.test(text[j])) j++;
      const word = text.slice(i, j);
      i = j;
      if (games.length === 0) begin();
      inMoves = true;
      const last = line[line.length - 1];
      if (/^\$\d+$/.test(word)) last?.nags.push(Number(word.slice(1)));
      else if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) {
        if (outer.length === 0 && !game.tags.has('Result')) game.tags.set('Result', word);
      } else {
        const body = word.replace(/^\d+\.+/, '');
        if (body === '' || /^\d+$/.test(body)) continue; // a move number alone
        const m = /^(.*?)([!?]{1,2})?$/.exec(body)!;
        const nag = m[2] ? SUFFIX_NAGS[m[2]] : undefined;
        line.push({ san: m[1], nags: nag ? [nag] : [], comment: '', variations: [] });
      }
    }
  }
  if (outer.length > 0) return 'a variation was not closed';
  return games;
}
