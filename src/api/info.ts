// The engine's `info` and `bestmove` lines read back into typed values: the API speaks the same UCI as the binary and
// reads its answers, so there is one protocol and one code path.

/** A score from the side to move's point of view: centipawns, or mate in N moves (negative: being mated). */
export type Score = ({ cp: number; mate?: undefined } | { mate: number; cp?: undefined }) & {
  /** Set when the score is only a bound (an aspiration window failed): the true score is at least / at most it. */
  bound?: 'lower' | 'upper';
};

/** One line of a search's progress (a UCI `info` line with a principal variation). */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1 for the best line; 2, 3, ... for the next ones with MultiPV. */
  multipv: number;
  score: Score;
  /** Win, draw and loss chances in per mille (with the UCI_ShowWDL option on). */
  wdl?: [number, number, number];
  nodes: number;
  nps: number;
  /** Milliseconds since the search began. */
  time: number;
  /** How full the hash table is, in per mille. */
  hashfull: number;
  /** Tablebase hits (with SyzygyPath set). */
  tbhits?: number;
  /** The principal variation in UCI notation (e2e4, e7e8q; castling as king-to-square, or king-takes-rook in 960). */
  pv: string[];
  /** The same line in SAN, when the search was started with `san: true`. */
  san?: string[];
}

/** A search's answer. */
export interface BestMove {
  /** The move to play in UCI notation; null when the position has no legal move (mate or stalemate). */
  bestmove: string | null;
  /** The reply the engine expects, when it has one. */
  ponder: string | null;
  /** The last line reported for the best move (multipv 1), if any was. */
  info: SearchInfo | null;
}

const NUMBER_FIELDS = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits'] as const;

/** The typed form of an `info` line with a pv, or null for any other line (currmove, strings, depth 0). */
export function parseInfo(line: string): SearchInfo | null {
  if (!line.startsWith('info ')) return null;
  const t = line.split(' ');
  const pvAt = t.indexOf('pv');
  if (pvAt < 0 || t.includes('string')) return null;
  const info: Partial<SearchInfo> & Record<string, unknown> = { multipv: 1 };
  for (let i = 1; i < pvAt; i++) {
    const k = t[i];
    if ((NUMBER_FIELDS as readonly string[]).includes(k)) info[k] = Number(t[++i]);
    else if (k === 'score') {
      const kind = t[++i];
      const v = Number(t[++i]);
      const score: Score = kind === 'mate' ? { mate: v } : { cp: v };
      if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound')
        score.bound = t[++i] === 'lowerbound' ? 'lower' : 'upper';
      info.score = score;
    } else if (k === 'wdl') {
      info.wdl = [Number(t[i + 1]), Number(t[i + 2]), Number(t[i + 3])];
      i += 3;
    }
  }
  if (info.depth === undefined || info.score === undefined) return null;
  info.pv = t.slice(pvAt + 1).filter((m) => m !== '');
  return info as SearchInfo;
}

/** The moves of a `bestmove` line, or null for any other line. */
export function parseBestMove(line: string): { bestmove: string | null; ponder: string | null } | null {
  const t = line.split(' ');
  if (t[0] !== 'bestmove') return null;
  const best = t[1] && t[1] !== '(none)' ? t[1] : null;
  return { bestmove: best, ponder: t[2] === 'ponder' && t[3] ? t[3] : null };
}
