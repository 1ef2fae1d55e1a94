// Training positions from viriformat files: each game is replayed with Tessera's own move
// generator, and each kept position becomes a list of active features (white's view) and labels.
// Filtered out: positions in check, positions whose best move is a capture or promotion, the first
// plies of a game, and mate-range scores.
import { readDataFile } from '../src/datagen/command';
import { readGames, headerPosition, fromViriMove, isTactical } from '../src/datagen/viriformat';
import { parseUciMove, moveToUci } from '../src/core/notation';
import { featureIndex } from '../src/eval/netfile';
import { WHITE } from '../src/core/bitboard';

export interface Filter {
  /** Skip the first this many recorded plies of every game. */
  minPly: number;
  /** Skip positions whose |score| is at least this (mates, adjudicated wins). */
  maxScore: number;
  skipCheck: boolean;
  skipTactical: boolean;
  /**
   * Also add each position without castling rights mirrored a-file <-> h-file (the same value: the
   * rules are symmetric that way once castling is gone), which doubles what small data teaches.
   */
  mirror: boolean;
}

export const DEFAULT_FILTER: Filter = { minPly: 8, maxScore: 3000, skipCheck: true, skipTactical: true, mirror: true };

/** Positions in shared memory, so that worker threads read them without a copy. */
export interface DataSet {
  count: number;
  /** Feature indices from white's view; position i owns feat[start[i] .. start[i + 1]). */
  feat: Uint16Array;
  start: Uint32Array;
  /** 0: white to move, 1: black. */
  stm: Uint8Array;
  /** Search score from the side to move's view, centipawns. */
  score: Int16Array;
  /** Game result from the side to move's view: 0, 0.5, 1. */
  result: Float32Array;
  /** Game number of each position (for a validation split by whole games). */
  game: Uint32Array;
}

function shared<T>(ctor: new (b: SharedArrayBuffer) => T, bytesPer: number, n: number): T {
  return new ctor(new SharedArrayBuffer(Math.max(8, bytesPer * n)));
}

export interface LoadStats {
  games: number;
  positions: number;
  kept: number;
  mirrored: number;
  inCheck: number;
  tactical: number;
  early: number;
  extreme: number;
  /** The game number of each file's first game (a position's game number tells its file). */
  fileFirstGame: number[];
}

export function loadData(files: string[], filter: Filter = DEFAULT_FILTER): { data: DataSet; stats: LoadStats } {
  // First pass over growing plain arrays, then one copy into shared memory.
  let cap = 1 << 20,
    n = 0,
    fcap = cap * 32,
    fn = 0;
  let feat = new Uint16Array(fcap),
    start = new Uint32Array(cap + 1),
    stm = new Uint8Array(cap);
  let score = new Int16Array(cap),
    result = new Float32Array(cap),
    game = new Uint32Array(cap);
  const stats: LoadStats = {
    games: 0,
    positions: 0,
    kept: 0,
    mirrored: 0,
    inCheck: 0,
    tactical: 0,
    early: 0,
    extreme: 0,
    fileFirstGame: [],
  };
  for (const file of files) {
    stats.fileFirstGame.push(stats.games);
    const buf = readDataFile(file);
    for (const g of readGames(buf)) {
      const pos = headerPosition(g.header);
      if (typeof pos === 'string') throw new Error(`${file}: game ${stats.games}: ${pos}`);
      const whiteResult = g.header.result / 2;
      for (let k = 0; k < g.moves.length; k++) {
        const m = fromViriMove(g.moves[k]);
        // A corrupt file must not be trained on: every move is checked against the legal moves.
        if (parseUciMove(pos, moveToUci(pos, m)) !== m)
          throw new Error(`${file}: game ${stats.games}: illegal move at ply ${k}`);
        stats.positions++;
        const s = g.scores[k];
        let skip = false;
        if (k < filter.minPly) {
          stats.early++;
          skip = true;
        } else if (Math.abs(s) >= filter.maxScore) {
          stats.extreme++;
          skip = true;
        } else if (filter.skipCheck && pos.inCheck()) {
          stats.inCheck++;
          skip = true;
        } else if (filter.skipTactical && isTactical(pos, m)) {
          stats.tactical++;
          skip = true;
        }
        const copies = skip ? 0 : filter.mirror && pos.castling === 0 ? 2 : 1;
        for (let c = 0; c < copies; c++) {
          if (n === cap) {
            cap *= 2;
            const grow = <A extends Uint8Array | Uint32Array | Int16Array | Float32Array>(
              a: A,
              C: new (n: number) => A,
            ): A => {
              const b = new C(cap + 1);
              b.set(a);
              return b;
            };
            start = grow(start, Uint32Array);
            stm = grow(stm, Uint8Array);
            score = grow(score, Int16Array);
            result = grow(result, Float32Array);
            game = grow(game, Uint32Array);
          }
          if (fn + 32 > fcap) {
            fcap *= 2;
            const b = new Uint16Array(fcap);
            b.set(feat);
            feat = b;
          }
          start[n] = fn;
          const flip = c === 1 ? 7 : 0;
          for (let sq = 0; sq < 64; sq++) {
            const p = pos.board[sq];
            if (p) feat[fn++] = featureIndex(WHITE, p, sq ^ flip);
          }
          if (c === 1) stats.mirrored++;
          const white = pos.stm === WHITE;
          stm[n] = pos.stm;
          score[n] = white ? s : -s;
          result[n] = white ? whiteResult : 1 - whiteResult;
          game[n] = stats.games;
          n++;
        }
        pos.make(m);
      }
      stats.games++;
    }
  }
  start[n] = fn;
  stats.kept = n - stats.mirrored;
  const data: DataSet = {
    count: n,
    feat: shared(Uint16Array, 2, fn),
    start: shared(Uint32Array, 4, n + 1),
    stm: shared(Uint8Array, 1, n),
    score: shared(Int16Array, 2, n),
    result: shared(Float32Array, 4, n),
    game: shared(Uint32Array, 4, n),
  };
  data.feat.set(feat.subarray(0, fn));
  data.start.set(start.subarray(0, n + 1));
  data.stm.set(stm.subarray(0, n));
  data.score.set(score.subarray(0, n));
  data.result.set(result.subarray(0, n));
  data.game.set(game.subarray(0, n));
  return { data, stats };
}

/** The same feature seen from black's side: colours swapped, board mirrored vertically. */
export function flipFeature(f: number): number {
  return (f < 384 ? f + 384 : f - 384) ^ 56;
}
