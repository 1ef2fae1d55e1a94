// A UCI input line read into a typed command: a pure function (no engine state), so it can be tested and fuzzed on
// its own. What cannot be read is said in notes (the session says them as `info string`), never thrown.
import { clip } from '../core/clip';
import type { GoLimits } from '../engine/limits';

export type UciCommand =
  | { kind: 'empty' }
  | { kind: 'uci' | 'isready' | 'ucinewgame' | 'stop' | 'ponderhit' | 'quit' | 'd' | 'eval' }
  | { kind: 'setoption'; name: string; value: string }
  | { kind: 'position'; fen: string; moves: string[] }
  | { kind: 'go'; limits: GoLimits }
  | { kind: 'perft'; depth: number }
  | { kind: 'bench'; depth: number | undefined }
  /** A line that cannot be obeyed: only its notes are said. */
  | { kind: 'refused' };

export interface Parsed {
  cmd: UciCommand;
  /** What was wrong with the line, for `info string`. */
  notes: string[];
}

const SIMPLE = ['uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'quit', 'd', 'eval'] as const;
const GO_NUMBERS = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime'] as const;
const GO_FLAGS = ['infinite', 'ponder'] as const;

export function parseUci(raw: string): Parsed {
  const line = raw.replace(/\r/g, '').trim();
  if (!line) return { cmd: { kind: 'empty' }, notes: [] };
  const tokens = line.split(/\s+/);
  const head = tokens[0];
  if ((SIMPLE as readonly string[]).includes(head))
    return { cmd: { kind: head as (typeof SIMPLE)[number] }, notes: [] };
  switch (head) {
    case 'setoption':
      return parseSetoption(line);
    case 'position':
      return parsePosition(tokens);
    case 'go':
      return tokens[1] === 'perft' ? parsePerft(tokens) : parseGo(tokens);
    case 'bench': {
      const d = Number(tokens[1]);
      return { cmd: { kind: 'bench', depth: Number.isInteger(d) && d >= 1 && d <= 64 ? d : undefined }, notes: [] };
    }
  }
  return refused(`unknown command: ${clip(line, 200)}`);
}

function refused(note: string): Parsed {
  return { cmd: { kind: 'refused' }, notes: [note] };
}

function parseSetoption(line: string): Parsed {
  // `value` with nothing after it sets an empty string (clearing SyzygyPath, say), as Stockfish reads it.
  const m = /^setoption\s+name\s+(.*?)(?:\s+value(?:\s+(.*))?)?$/i.exec(line);
  if (!m) return refused('setoption needs: setoption name <name> [value <value>]');
  return { cmd: { kind: 'setoption', name: m[1].trim(), value: (m[2] ?? '').trim() }, notes: [] };
}

function parsePosition(tokens: string[]): Parsed {
  let i = 1;
  let fen: string;
  const notes: string[] = [];
  if (tokens[i] === 'startpos') {
    fen = 'startpos';
    i++;
  } else if (tokens[i] === 'fen') {
    i++;
    const start = i;
    while (i < tokens.length && tokens[i] !== 'moves') i++;
    fen = tokens.slice(start, i).join(' ');
  } else return refused(`position needs 'startpos' or 'fen <fen>'; keeping the current position`);
  if (i < tokens.length && tokens[i] !== 'moves') {
    notes.push(`position: expected 'moves' but got '${clip(tokens[i], 20)}'; ignored the rest`);
  }
  const moves = i < tokens.length && tokens[i] === 'moves' ? tokens.slice(i + 1) : [];
  return { cmd: { kind: 'position', fen, moves }, notes };
}

function parsePerft(tokens: string[]): Parsed {
  const d = Number(tokens[2]);
  if (!Number.isInteger(d) || d < 0 || d > 20) return refused('go perft needs a depth 0..20');
  return { cmd: { kind: 'perft', depth: d }, notes: [] };
}

function parseGo(tokens: string[]): Parsed {
  const limits: GoLimits & Record<string, unknown> = {};
  const notes: string[] = [];
  const keyword = (t: string): boolean =>
    (GO_NUMBERS as readonly string[]).includes(t) || (GO_FLAGS as readonly string[]).includes(t);
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if ((GO_NUMBERS as readonly string[]).includes(t)) {
      const v = Number(tokens[i + 1]);
      if (tokens[i + 1] === undefined || !Number.isFinite(v)) {
        notes.push(`go: '${clip(t)}' needs a number`);
        continue;
      }
      i++;
      limits[t] = Math.trunc(v);
    } else if (t === 'infinite') limits.infinite = true;
    else if (t === 'ponder') limits.ponder = true;
    else if (t === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < tokens.length && !keyword(tokens[i + 1])) moves.push(tokens[++i]);
      limits.searchmoves = [...(limits.searchmoves ?? []), ...moves];
    } else notes.push(`go: unknown parameter '${clip(t)}' ignored`);
  }
  return { cmd: { kind: 'go', limits }, notes };
}
