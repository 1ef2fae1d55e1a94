// One self-play game for training data: a random opening, then both sides search a fixed number
// of nodes per move, with adjudication. Deterministic for a given seed and game index.
import { parseFen, toFen } from '../core/fen';
import { generateMoves, GEN_ALL } from '../core/movegen';
import { MAX_MOVES } from '../core/types';
import { WHITE } from '../core/bitboard';
import type { Position } from '../core/position';
import type { TT } from '../search/tt';
import type { Searcher } from '../search/search';
import { MATE_BOUND } from '../search/score';
import { createSearcher } from '../search/setup';
import { defaultLimits, type SearchLimits, type SearchOptions } from '../search/limits';
import { createEvaluator } from '../eval/nets';
import type { Net } from '../eval/netfile';
import { GameWriter, RESULT_BLACK, RESULT_DRAW, RESULT_WHITE } from './viriformat';
import { OPENING_LIMIT, Rng, randomOpening } from './openings';
import { Tablebases } from '../tb/syzygy';
import { probeWdl } from '../tb/tbprobe';

export interface PlayConfig {
  seed: number;
  softNodes: number;
  hardNodes: number;
  randomPlies: number;
  /** Opening FENs to start from (random plies are played after them); empty: the start position. */
  book: string[];
  hashMiB: number;
  /** Search with the hand-crafted evaluation instead of the net. */
  hce: boolean;
  plyCap: number;
  /** The largest |score| of an opening kept (default OPENING_LIMIT). */
  openingLimit?: number;
  /** Share of games from double Fischer random starts (0..1, default 0). */
  dfrc?: number;
  /** Syzygy tables that adjudicate a game once its position is in them ('' or absent: none). */
  syzygyPath?: string;
}

export const WIN_SCORE = 2000,
  WIN_PLIES = 4;
export const DRAW_SCORE = 10,
  DRAW_PLIES = 12,
  DRAW_AFTER_PLY = 40;

export class GamePlayer {
  private readonly tt: TT;
  private readonly searcher: Searcher;
  private readonly list = new Int32Array(MAX_MOVES);
  private readonly writer = new GameWriter();
  private readonly opts: SearchOptions;
  private readonly limits: SearchLimits;
  private readonly tb: Tablebases | null;
  /** Nodes searched over all games so far (openings included). */
  nodes = 0;

  /** net: the network to play with (absent: the built-in one); unused with cfg.hce. */
  constructor(
    readonly cfg: PlayConfig,
    net?: Net,
  ) {
    this.searcher = createSearcher({ evaluator: createEvaluator(!cfg.hce, net), hashMiB: cfg.hashMiB });
    this.tt = this.searcher.tt;
    this.limits = { ...defaultLimits(), nodes: cfg.hardNodes, softNodes: cfg.softNodes };
    this.opts = { multiPV: 1, moveOverhead: 0 };
    this.tb = cfg.syzygyPath ? new Tablebases(cfg.syzygyPath) : null;
    if (this.tb && this.tb.numWdl === 0) throw new Error(`no Syzygy WDL tables in ${cfg.syzygyPath}`);
  }

  /** The result of pos by the tables (with the fifty-move rule, so a cursed win is a draw), or -1 if not in them. */
  private tbResult(pos: Position): number {
    if (!this.tb || pos.castling !== 0 || pos.pieceCount() > this.tb.maxPieces) return -1;
    const wdl = probeWdl(this.tb, pos);
    if (wdl === null) return -1;
    const stmWins = pos.stm === WHITE ? RESULT_WHITE : RESULT_BLACK;
    const stmLoses = pos.stm === WHITE ? RESULT_BLACK : RESULT_WHITE;
    return wdl === 2 ? stmWins : wdl === -2 ? stmLoses : RESULT_DRAW;
  }

  private search(pos: Position): { move: number; score: number } {
    this.tt.newSearch();
    const r = this.searcher.go(pos, this.limits, this.opts, null, 0, 0);
    this.nodes += this.searcher.nodes;
    return { move: r.move, score: r.score };
  }

  /** A random opening that a short search does not call lost for either side (openings.ts). */
  private opening(rng: Rng): Position {
    const rules = {
      book: this.cfg.book,
      randomPlies: this.cfg.randomPlies,
      limit: this.cfg.openingLimit ?? OPENING_LIMIT,
      dfrc: this.cfg.dfrc ?? 0,
    };
    const pos = randomOpening(rng, rules, this.list, (p) => {
      this.tt.clear();
      this.searcher.clearHistory();
      return this.search(p).score;
    });
    // Forget the opening plies: the game is recorded from here, as a fresh root.
    return parseFen(toFen(pos), pos.chess960) as Position;
  }

  /** Plays game number `index`; returns its viriformat bytes and position count. */
  play(index: number): { bytes: Uint8Array; positions: number; result: number; nodes: number } {
    const rng = new Rng((this.cfg.seed ^ Math.imul(index + 1, 0x2545f491)) >>> 0);
    const pos = this.opening(rng);
    this.tt.clear();
    this.searcher.clearHistory();
    const w = this.writer;
    w.begin(pos);
    let result = RESULT_DRAW,
      winStreak = 0,
      drawStreak = 0;
    let ply = this.cfg.randomPlies; // plies since the start position, roughly (for the draw rule)
    for (;;) {
      const n = generateMoves(pos, this.list, 0, GEN_ALL);
      if (n === 0) {
        result = pos.inCheck() ? (pos.stm === WHITE ? RESULT_BLACK : RESULT_WHITE) : RESULT_DRAW;
        break;
      }
      if (
        pos.halfmove >= 100 ||
        pos.repetitions() >= 2 ||
        pos.isInsufficientMaterial() ||
        w.positions >= this.cfg.plyCap
      ) {
        result = RESULT_DRAW;
        break;
      }
      // Adjudication by the tables: the true result of a position that is in them.
      const tbResult = this.tbResult(pos);
      if (tbResult >= 0) {
        result = tbResult;
        break;
      }
      const { move, score } = this.search(pos);
      const white = pos.stm === WHITE ? score : -score;
      w.add(move, white);
      ply++;
      // Adjudication on the search's own scores.
      if (Math.abs(white) >= WIN_SCORE || Math.abs(white) >= MATE_BOUND) {
        winStreak =
          winStreak !== 0 && Math.sign(winStreak) === Math.sign(white)
            ? winStreak + Math.sign(white)
            : Math.sign(white);
      } else winStreak = 0;
      if (Math.abs(winStreak) >= WIN_PLIES) {
        result = winStreak > 0 ? RESULT_WHITE : RESULT_BLACK;
        break;
      }
      if (ply >= DRAW_AFTER_PLY && Math.abs(white) <= DRAW_SCORE) drawStreak++;
      else drawStreak = 0;
      if (drawStreak >= DRAW_PLIES) {
        result = RESULT_DRAW;
        break;
      }
      pos.make(move);
    }
    return { bytes: w.finish(result), positions: w.positions, result, nodes: this.nodes };
  }
}
