// Texel tuning, step 1: turn PGN games (fastchess output) into labelled quiet positions.
//
//   node extract.js [extract] OUT.epd A.pgn [B.pgn ...] [options]
//
// Every game is replayed from its [FEN] tag (or the start position) with parseSan; a game with an
// unparsable move is dropped whole. Positions are written as "FEN;result" lines, result 1.0 / 0.5 /
// 0.0 from White's point of view taken from the [Result] tag. Kept are quiet positions only:
//   - ply >= --skip (default 8): plies counted from the first move of the game's movetext, i.e.
//     from the position where the game record starts (the book exit for fastchess games);
//   - ply <= --max-ply (default 200);
//   - the side to move is not in check, and has no capture that wins material by SEE
//     (seeGe(pos, m, 1)) and no queen promotion;
//   - each position (board, side, castling, en passant) only once over all games (--no-dedupe).
// Games without a result ('*') are skipped, and so by default are games that ended by time
// forfeit, illegal move, disconnection or abandonment (their result says little about the
// positions; --keep-forfeits keeps them). --every N keeps only every Nth quiet position per game.
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { parseFen, toFen, START_FEN } from '../../src/core/fen';
import { parseSan } from '../../src/core/notation';
import { generateMoves, GEN_CAPTURES } from '../../src/core/movegen';
import { seeGe } from '../../src/core/see';
import { MAX_MOVES, PROMOTION, moveKind } from '../../src/core/types';
import type { Position } from '../../src/core/position';

export interface ExtractOptions {
  skip: number;
  maxPly: number;
  dedupe: boolean;
  every: number;
  keepForfeits: boolean;
}

export interface ExtractStats {
  games: number;
  used: number;
  noResult: number;
  forfeits: number;
  badFen: number;
  badMove: number;
  positions: number;
  notQuiet: number;
  duplicates: number;
  written: number;
  results: [number, number, number]; // white wins, draws, black wins among written positions
}

const RESULT: Record<string, string> = { '1-0': '1.0', '0-1': '0.0', '1/2-1/2': '0.5' };
const FORFEIT_RE = /forfeit|illegal|abandon|stalled|disconnect|crash/i;

const captures = new Int32Array(MAX_MOVES);

/** Side to move not in check, no SEE-winning capture and no queen promotion available. */
export function isQuiet(pos: Position): boolean {
  if (pos.inCheck()) return false;
  const n = generateMoves(pos, captures, 0, GEN_CAPTURES);
  for (let i = 0; i < n; i++) {
    const m = captures[i];
    if (moveKind(m) === PROMOTION) return false;
    if (seeGe(pos, m, 1)) return false;
  }
  return true;
}

/** Movetext without comments, variations, NAGs, move numbers and result markers: SAN tokens. */
export function sanTokens(movetext: string): string[] {
  let s = movetext.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  // Variations nest: strip innermost parentheses until none are left.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/\([^()]*\)/g, ' ');
  }
  const out: string[] = [];
  for (let tok of s.split(/\s+/)) {
    tok = tok.replace(/^\d+\.+/, '');
    if (tok === '' || /^\$\d+$/.test(tok) || tok === '*' || tok in RESULT) continue;
    out.push(tok);
  }
  return out;
}

function fenKey(fen: string): string {
  return fen.split(' ', 4).join(' ');
}

export class Extractor {
  readonly stats: ExtractStats = {
    games: 0,
    used: 0,
    noResult: 0,
    forfeits: 0,
    badFen: 0,
    badMove: 0,
    positions: 0,
    notQuiet: 0,
    duplicates: 0,
    written: 0,
    results: [0, 0, 0],
  };
  private readonly seen = new Set<string>();

  constructor(
    private readonly opt: ExtractOptions,
    private readonly write: (line: string) => void,
  ) {}

  /** One game: its tag pairs and its movetext. */
  game(tags: Map<string, string>, movetext: string): void {
    const st = this.stats,
      opt = this.opt;
    st.games++;
    const res = RESULT[tags.get('Result') ?? '*'];
    if (res === undefined) {
      st.noResult++;
      return;
    }
    if (!opt.keepForfeits && FORFEIT_RE.test(tags.get('Termination') ?? '')) {
      st.forfeits++;
      return;
    }
    const variant = (tags.get('Variant') ?? '').toLowerCase();
    const pos = parseFen(tags.get('FEN') ?? START_FEN, variant.includes('960') || variant.includes('fischer'));
    if (typeof pos === 'string') {
      st.badFen++;
      return;
    }

    const lines: string[] = [];
    const tokens = sanTokens(movetext);
    let quiet = 0;
    for (let ply = 0; ; ply++) {
      if (ply > opt.maxPly) break;
      if (ply >= opt.skip) {
        st.positions++;
        if (!isQuiet(pos)) st.notQuiet++;
        else if (quiet++ % opt.every === 0) lines.push(toFen(pos));
      }
      if (ply >= tokens.length) break;
      const m = parseSan(pos, tokens[ply]);
      if (m === 0) {
        st.badMove++;
        return;
      }
      pos.make(m);
    }
    // Keep the game only now that all of it (up to max-ply) replayed.
    st.used++;
    const r = res === '1.0' ? 0 : res === '0.5' ? 1 : 2;
    for (const fen of lines) {
      if (opt.dedupe) {
        const key = fenKey(fen);
        if (this.seen.has(key)) {
          st.duplicates++;
          continue;
        }
        this.seen.add(key);
      }
      this.write(`${fen};${res}\n`);
      st.written++;
      st.results[r]++;
    }
  }

  /** Streams a PGN file game by game. */
  async file(path: string): Promise<void> {
    const rl = readline.createInterface({ input: fs.createReadStream(path), crlfDelay: Infinity });
    let tags = new Map<string, string>();
    let movetext = '';
    let inComment = false;
    const flush = (): void => {
      if (tags.size > 0 || movetext.trim() !== '') this.game(tags, movetext);
      tags = new Map();
      movetext = '';
    };
    for await (const line of rl) {
      if (!inComment && line.startsWith('[')) {
        if (movetext.trim() !== '') flush();
        const g = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(line);
        if (g) tags.set(g[1], g[2].replace(/\\(.)/g, '$1'));
        continue;
      }
      if (!inComment && line.startsWith('%')) continue; // escape line
      movetext += line + '\n';
      // Track whether a {comment} stays open past the end of the line.
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (inComment) {
          if (ch === '}') inComment = false;
        } else if (ch === '{') inComment = true;
        else if (ch === ';') break;
      }
    }
    flush();
  }
}

function usage(): never {
  console.error(
    'usage: extract OUT.epd A.pgn [B.pgn ...] [--skip 8] [--max-ply 200] [--every 1] [--no-dedupe] [--keep-forfeits]',
  );
  process.exit(2);
}

async function extractMain(argv: string[]): Promise<void> {
  if (argv[0] === 'extract') argv = argv.slice(1);
  const opt: ExtractOptions = { skip: 8, maxPly: 200, dedupe: true, every: 1, keepForfeits: false };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = (): number => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) usage();
      return v;
    };
    if (a === '--skip') opt.skip = num();
    else if (a === '--max-ply') opt.maxPly = num();
    else if (a === '--every') opt.every = Math.max(1, num());
    else if (a === '--no-dedupe') opt.dedupe = false;
    else if (a === '--keep-forfeits') opt.keepForfeits = true;
    else if (a.startsWith('--')) usage();
    else files.push(a);
  }
  if (files.length < 2) usage();
  const [out, ...pgns] = files;
  const t0 = performance.now();
  const fd = fs.openSync(out, 'w');
  let buf: string[] = [];
  const write = (line: string): void => {
    buf.push(line);
    if (buf.length >= 4096) {
      fs.writeSync(fd, buf.join(''));
      buf = [];
    }
  };
  const ex = new Extractor(opt, write);
  for (const p of pgns) {
    const before = ex.stats.written;
    await ex.file(p);
    console.error(`${p}: ${ex.stats.written - before} positions`);
  }
  fs.writeSync(fd, buf.join(''));
  fs.closeSync(fd);
  const s = ex.stats;
  console.error(
    `games ${s.games}: used ${s.used}, no result ${s.noResult}, forfeit/illegal ${s.forfeits}, ` +
      `bad FEN ${s.badFen}, unparsable move ${s.badMove}\n` +
      `positions in range ${s.positions}: not quiet ${s.notQuiet}, duplicates ${s.duplicates}, ` +
      `written ${s.written} (W/D/L ${s.results.join('/')}) to ${out} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

extractMain(process.argv.slice(2)).catch((e) => {
  console.error(e);
  process.exit(1);
});
