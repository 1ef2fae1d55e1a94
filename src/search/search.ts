// The search: iterative deepening, principal variation search, quiescence, transposition table,
// move ordering (hash move, MVV-LVA, killers, counter-moves, histories), singular and check extensions,
// mate-distance pruning, draws by rule, and correction histories (pawn structure, each side's pieces) on the static evaluation.
// One Searcher per thread; threads share the TT and the control block.
import { generateMoves, isLegalMove, GEN_ALL } from '../core/movegen';
import { MAX_MOVES, MAX_PLY, MOVE_NONE, moveFrom, moveTo } from '../core/types';
import type { Position } from '../core/position';
import { seeGe } from '../core/see';
import type { Evaluator } from '../eval/evaluator';
import { type TT, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from './tt';
import {
  type SearchLimits,
  type SearchOptions,
  CTRL_STOP,
  CTRL_PONDER,
  CTRL_GEN,
  F64_PONDERHIT,
  F64_NODES,
  F64_TBHITS,
  MAX_THREADS,
} from './limits';
import { allocateTime } from './timeman';
import { MovePicker, isNoisy } from './movepick';
import { P, paramsVersion } from './params';
import { scaleEval } from './evalscale';
import { History, CorrectionHistory, historyBonus, pieceTo } from './history';
import { type Frame, newStack, NO_EVAL, FRAME_OFFSET, QUIETS_MAX } from './stack';
import { skillNodes, skillCandidates, skillNoise, noiseFor, unitRandom, chooseSkillMove } from './skill';
import { INF, MATE, MATE_BOUND, TB_WIN, TB_BOUND } from './score';
import { SILENT_REPORTER, type SearchReporter, type PvReport } from './report';
import type { Tablebases } from '../tb/syzygy';
import { probeWdl } from '../tb/tbprobe';
import { probeRoot } from '../tb/root';

const MULTI_CUT = 2;
const NO_TB = -INF - 1; // probeTbNode: the tables do not decide this node
/** A tablebase result is stored this many plies deeper than the node that probed it: no search below improves on it. */
const TB_DEPTH_BONUS = 6;

/** Late-move reduction table, LMR[depth * 64 + moveNumber] = lmrBase + ln(d) ln(m) / lmrDiv. */
const LMR = new Int8Array(64 * 64);
/** The paramsVersion LMR was built for (a tuning build may change lmrBase or lmrDiv between searches). */
let lmrBuiltFor = -1;
function buildReductions(): void {
  for (let d = 1; d < 64; d++)
    for (let m = 1; m < 64; m++) LMR[d * 64 + m] = Math.floor(P.lmrBase + (Math.log(d) * Math.log(m)) / P.lmrDiv);
  lmrBuiltFor = paramsVersion;
}
buildReductions();

/**
 * The score shown for a root move the tables rank (tb/root.ts: ±1000 a sure result, below 900 in size a result the
 * fifty-move rule turns into a draw), as Stockfish shows its tbScore: a win as the tablebase-win score less the plies
 * to its next zeroing move (0 without DTZ), a loss likewise; a cursed win from 1 to 49 cp as it nears a real win, a
 * blessed loss mirrored; a draw 0. Without the fifty-move rule every decided result counts in full.
 */
export function tbRootScoreOf(rank: number, dtz: number | null, rule50: boolean): number {
  const bound = rule50 ? 900 : 1;
  const distance = Math.min(Math.abs(dtz ?? 0), MAX_PLY - 1);
  if (rank >= bound) return TB_WIN - distance;
  if (rank <= -bound) return -TB_WIN + distance;
  if (rank > 0) return Math.trunc(Math.max(3, rank - 800) / 2);
  if (rank < 0) return Math.trunc(Math.min(-3, rank + 800) / 2);
  return 0;
}

export interface RootResult {
  move: number;
  ponder: number;
  score: number;
  depth: number;
}

/** Mate and tablebase scores are stored relative to the node, not the root. */
function scoreToTT(s: number, ply: number): number {
  return s >= TB_BOUND ? s + ply : s <= -TB_BOUND ? s - ply : s;
}
function scoreFromTT(s: number, ply: number): number {
  return s >= TB_BOUND ? s - ply : s <= -TB_BOUND ? s + ply : s;
}

export class Searcher {
  pos!: Position;
  readonly moves = new Int32Array(MAX_PLY * MAX_MOVES);
  readonly scores = new Int32Array(MAX_PLY * MAX_MOVES);
  readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLen = new Int32Array(MAX_PLY + 1);
  /** The frame of ply p is stack[p + FRAME_OFFSET]. */
  readonly stack: Frame[] = newStack();
  readonly hist = new History();
  readonly corr = new CorrectionHistory();
  /** One staged move picker per ply. */
  readonly pickers: MovePicker[] = Array.from({ length: MAX_PLY + 2 }, (_, ply) => new MovePicker(this, ply));
  nodes = 0;
  seldepth = 0;
  stopped = false;
  rootSp = 0;
  rootDepth = 0;
  // Root moves of the current search, best first after each iteration.
  rootMoves = new Int32Array(MAX_MOVES);
  rootScores = new Int32Array(MAX_MOVES);
  rootCount = 0;
  rootPvs: number[][] = [];
  pvIdx = 0;
  // Limits.
  private gen = 0;
  private startTime = 0;
  private softLimit = 0;
  private hardLimit = 0;
  private pondering = false;
  private nodeLimit = 0;
  /** The iteration from which the node limit may stop the search (2: only once the first is complete). */
  private nodeLimitFrom = 1;
  private softNodes = 0;
  /** Syzygy tables of this thread (null: none), and this search's use of them: the largest piece count probed in the
   * tree (0: no probes), the depth from which the largest count is probed, and whether the fifty-move rule counts. */
  tb: Tablebases | null = null;
  private tbCard = 0;
  /** When the root is in the tables: each root move and the score shown for it (tbRootScoreOf). */
  private readonly tbRootMove = new Int32Array(MAX_MOVES);
  private readonly tbRootScore = new Int32Array(MAX_MOVES);
  private tbRootCount = 0;
  private tbProbeDepth = 1;
  private tbRule50 = true;
  tbhits = 0;
  /** Strength limiter: the evaluation noise (cp, 0: none) and its seed. */
  private noiseAmp = 0;
  private noiseSeed = 0;

  constructor(
    public tt: TT,
    readonly ctrl: Int32Array,
    readonly f64: Float64Array,
    readonly id: number,
    /** The static evaluation this search uses (the network or the hand-crafted one); may be replaced between searches. */
    public evaluator: Evaluator,
    /** Where thread 0 sends its results; the others report nothing. */
    public reporter: SearchReporter = SILENT_REPORTER,
  ) {
    // One node counter per thread, MAX_THREADS of them; a shorter block (a test's) is read only as far as it goes.
    this.nodeSlots = Math.min(MAX_THREADS, f64.length - F64_NODES);
    this.tbSlots = Math.max(0, Math.min(MAX_THREADS, f64.length - F64_TBHITS));
  }

  private readonly nodeSlots: number;
  private readonly tbSlots: number;

  private totalTbHits(): number {
    if (this.id < this.tbSlots) this.f64[F64_TBHITS + this.id] = this.tbhits;
    let n = 0;
    for (let i = 0; i < this.tbSlots; i++) n += this.f64[F64_TBHITS + i];
    return n;
  }

  clearHistory(): void {
    this.hist.clear();
    this.corr.clear();
    this.clearKillers();
  }

  private clearKillers(): void {
    for (const f of this.stack) {
      f.killer1 = 0;
      f.killer2 = 0;
    }
  }

  // ---------------- time and stop ----------------

  private totalNodes(): number {
    let n = 0;
    for (let i = 0; i < this.nodeSlots; i++) n += this.f64[F64_NODES + i];
    return n;
  }

  private elapsed(): number {
    return Date.now() - this.startTime;
  }

  private checkStop(): void {
    const ctrl = this.ctrl;
    this.f64[F64_NODES + this.id] = this.nodes;
    if (this.id < this.tbSlots) this.f64[F64_TBHITS + this.id] = this.tbhits;
    if (Atomics.load(ctrl, CTRL_STOP) !== 0 || Atomics.load(ctrl, CTRL_GEN) !== this.gen) {
      this.stopped = true;
      return;
    }
    if (this.id !== 0) return;
    if (this.pondering && Atomics.load(ctrl, CTRL_PONDER) === 0) {
      // ponderhit: our clock runs from now.
      this.pondering = false;
      this.startTime = this.f64[F64_PONDERHIT] || Date.now();
    }
    if (this.nodeLimit > 0 && this.rootDepth >= this.nodeLimitFrom && this.totalNodes() >= this.nodeLimit) {
      this.stopped = true;
      return;
    }
    if (!this.pondering && this.hardLimit > 0 && this.elapsed() >= this.hardLimit) this.stopped = true;
  }

  // ---------------- move ordering (the picker is in movepick.ts) ----------------

  /** pieceTo of move m in the current position (before it is made). */
  private movePieceTo(m: number): number {
    return pieceTo(this.pos.board[moveFrom(m)], moveTo(m));
  }

  /** Bookkeeping every node shares: empty PV, node count, clock check, selective depth. False once stopped. */
  private enterNode(ply: number): boolean {
    this.pvLen[ply] = ply;
    if ((++this.nodes & 255) === 0) this.checkStop();
    if (ply > this.seldepth) this.seldepth = ply;
    return !this.stopped;
  }

  // ---------------- quiescence ----------------

  private qsearch(alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    if (!this.enterNode(ply)) return 0;
    const inCheck = pos.inCheck();
    if (ply >= MAX_PLY - 1) return inCheck ? 0 : this.evaluator.evaluate(pos);
    if (pos.isInsufficientMaterial()) return 0;

    const tt = this.tt;
    let ttMove = MOVE_NONE;
    if (tt.probe(pos.keyLo, pos.keyHi)) {
      ttMove = tt.move;
      const s = scoreFromTT(tt.score, ply),
        b = tt.bound;
      if (b === BOUND_EXACT || (b === BOUND_LOWER && s >= beta) || (b === BOUND_UPPER && s <= alpha)) return s;
    }

    let best: number;
    let standPat = 0,
      rawEval = 0;
    if (inCheck) {
      best = -MATE + ply;
    } else {
      rawEval = this.evaluator.evaluate(pos);
      if (this.noiseAmp !== 0) rawEval += noiseFor(pos.keyLo, pos.keyHi, this.noiseSeed, this.noiseAmp);
      this.corr.load(pos, ply);
      standPat = this.corr.corrected(this.scaled(rawEval), ply);
      if (standPat >= beta) return standPat;
      if (standPat > alpha) alpha = standPat;
      best = standPat;
    }

    const mp = this.pickers[ply];
    mp.initQs(ttMove, inCheck);
    let bestMove = MOVE_NONE,
      moveCount = 0;
    const oldAlpha = alpha;
    for (let m = mp.next(); m !== MOVE_NONE; m = mp.next()) {
      moveCount++;
      // Captures that lose material by exchange cannot raise a quiet position's score.
      if (!inCheck && !seeGe(pos, m, 0)) continue;
      this.stack[ply + FRAME_OFFSET].pieceTo = this.movePieceTo(m);
      pos.make(m);
      const score = -this.qsearch(-beta, -alpha, ply + 1);
      pos.unmake(m);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          bestMove = m;
          if (score >= beta) break;
        }
      }
    }
    if (inCheck && moveCount === 0) return -MATE + ply;
    const bound = best >= beta ? BOUND_LOWER : alpha > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.keyLo, pos.keyHi, bestMove, 0, bound, scoreToTT(best, ply), inCheck ? 0 : rawEval);
    return best;
  }

  // ---------------- main search ----------------

  /** The evaluation as the search uses it (evalscale.ts); the hash keeps the raw one. */
  private scaled(raw: number): number {
    return scaleEval(this.pos, raw, P.evalScaleBase);
  }

  /** Does the side to move have a piece other than pawns and king? (Null move is unsafe without.) */
  private hasNonPawnMaterial(): boolean {
    const bb = this.pos.bb,
      c = this.pos.stm << 4;
    return (bb[c + 4] | bb[c + 5] | bb[c + 6] | bb[c + 7] | bb[c + 8] | bb[c + 9] | bb[c + 10] | bb[c + 11]) !== 0;
  }

  private search(alpha: number, beta: number, depth: number, ply: number, pvNode: boolean, cutNode: boolean): number {
    if (depth <= 0) return this.qsearch(alpha, beta, ply);
    const pos = this.pos;
    if (!this.enterNode(ply)) return 0;
    const inCheck = pos.inCheck();
    const base = ply * MAX_MOVES;
    const stack = this.stack,
      ss = stack[ply + FRAME_OFFSET];

    // Draws by rule. Fifty moves: a mate on the last move still counts, so check for one.
    if (pos.isRepetitionDraw(this.rootSp) || pos.isInsufficientMaterial()) return 0;
    if (pos.halfmove >= 100) {
      if (!inCheck || generateMoves(pos, this.moves, base, GEN_ALL) !== base) return 0;
      return -MATE + ply;
    }
    if (ply >= MAX_PLY - 1) return inCheck ? 0 : this.evaluator.evaluate(pos);

    // Mate-distance pruning: no line from here can beat a mate already found closer to the root.
    alpha = Math.max(alpha, -MATE + ply);
    beta = Math.min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;

    const tt = this.tt;
    const excluded = ss.excluded;
    let ttMove = MOVE_NONE,
      ttHit = false,
      ttScore = 0,
      ttBound = 0,
      ttDepth = -1;
    if (tt.probe(pos.keyLo, pos.keyHi)) {
      ttHit = true;
      ttMove = tt.move;
      ttBound = tt.bound;
      ttDepth = tt.depth;
      ttScore = scoreFromTT(tt.score, ply);
      // TT cutoff (not in a search that leaves the hash move out: the entry is about that move).
      if (
        !pvNode &&
        excluded === MOVE_NONE &&
        ttDepth >= depth &&
        (ttBound === BOUND_EXACT ||
          (ttBound === BOUND_LOWER && ttScore >= beta) ||
          (ttBound === BOUND_UPPER && ttScore <= alpha))
      ) {
        return ttScore;
      }
    }

    // Tablebases: right after a capture or pawn move (so the fifty-move counter is 0) into a position the tables
    // hold, their result is exact. Kept out of line: search() stays small enough for the JIT's inlining budget.
    if (this.tbCard > 0 && excluded === MOVE_NONE && pos.halfmove === 0 && pos.castling === 0) {
      const v = this.probeTbNode(alpha, beta, depth, ply, inCheck);
      if (v !== NO_TB) return v;
    }

    // Static evaluation, refined by the TT score when its bound says it is more accurate.
    // The TT keeps the raw evaluation; the correction is applied afresh each visit.
    let staticEval = 0,
      eval_ = 0,
      rawEval = 0,
      baseEval = 0;
    if (inCheck) {
      ss.staticEval = NO_EVAL;
    } else {
      rawEval = ttHit ? tt.eval : this.evaluator.evaluate(pos);
      if (!ttHit && this.noiseAmp !== 0) rawEval += noiseFor(pos.keyLo, pos.keyHi, this.noiseSeed, this.noiseAmp);
      this.corr.load(pos, ply);
      baseEval = this.scaled(rawEval);
      staticEval = this.corr.corrected(baseEval, ply);
      ss.staticEval = staticEval;
      eval_ = staticEval;
      if (
        ttHit &&
        Math.abs(ttScore) < TB_BOUND &&
        (ttBound === BOUND_EXACT ||
          (ttBound === BOUND_LOWER && ttScore > eval_) ||
          (ttBound === BOUND_UPPER && ttScore < eval_))
      ) {
        eval_ = ttScore;
      }
    }
    // Improving: our eval is higher than two plies ago, so pruning should be more careful.
    const grandparentEval = stack[ply - 2 + FRAME_OFFSET].staticEval;
    const improving = !inCheck && ply >= 2 && grandparentEval !== NO_EVAL && staticEval > grandparentEval;
    const child = stack[ply + 1 + FRAME_OFFSET];
    child.killer1 = 0;
    child.killer2 = 0;

    if (!pvNode && !inCheck && excluded === MOVE_NONE) {
      // Reverse futility pruning: far above beta at low depth, assume a cutoff.
      if (
        depth <= P.rfpDepth &&
        eval_ - P.rfpMargin * (depth - (improving ? 1 : 0)) >= beta &&
        Math.abs(beta) < MATE_BOUND
      )
        return eval_;

      // Null-move pruning: give the opponent a free move; if we still beat beta, cut.
      if (
        depth >= P.nmpDepth &&
        eval_ >= beta &&
        staticEval >= beta - P.nmpEvalSlope * depth + P.nmpEvalBase &&
        pos.stMove[pos.sp - 1] !== 0 &&
        this.hasNonPawnMaterial() &&
        Math.abs(beta) < MATE_BOUND
      ) {
        const r =
          P.nmpBase + ((depth / P.nmpDepthDiv) | 0) + Math.min(P.nmpEvalMax, ((eval_ - beta) / P.nmpEvalDiv) | 0);
        pos.makeNull();
        ss.pieceTo = 0;
        const score = -this.search(-beta, -beta + 1, depth - r, ply + 1, false, !cutNode);
        pos.unmakeNull();
        if (this.stopped) return 0;
        // A tablebase win or a mate found after passing is not proven for this side: beta instead.
        if (score >= beta) return score >= TB_BOUND ? beta : score;
      }
    }

    // Internal iterative reduction: without a hash move this node is probably less important.
    if (depth >= P.iirDepth && ttMove === MOVE_NONE && (pvNode || cutNode)) depth--;

    // Singular extension: if every move but the hash move fails well below the hash score, the hash
    // move is the only good one here and earns a deeper look. Done before this ply's move list exists,
    // because the verification search at the same ply reuses that part of the move buffer.
    let singularExt = 0;
    if (
      depth >= P.seDepth &&
      ttMove !== MOVE_NONE &&
      excluded === MOVE_NONE &&
      ply < 2 * this.rootDepth &&
      (ttBound === BOUND_LOWER || ttBound === BOUND_EXACT) &&
      ttDepth >= depth - P.seTtDepthSlack &&
      Math.abs(ttScore) < TB_BOUND
    ) {
      singularExt = this.singular(ttMove, ttScore, beta, depth, ply, cutNode);
      if (this.stopped) return 0;
      if (singularExt === MULTI_CUT) return ttScore - P.seMargin * depth;
    }

    const mp = this.pickers[ply];
    mp.init(ttMove, inCheck);

    const oldAlpha = alpha;
    let best = -INF,
      bestMove = MOVE_NONE,
      searched = 0,
      quietsSeen = 0,
      nQuiets = 0,
      moveCount = 0;
    const stm = pos.stm,
      prev1 = stack[ply - 1 + FRAME_OFFSET].pieceTo,
      prev2 = stack[ply - 2 + FRAME_OFFSET].pieceTo;
    const quiets = ss.quiets;
    const lmpLimit = improving ? P.lmpBase + depth * depth : ((P.lmpBase + depth * depth) / 2) | 0;
    // Shallow pruning needs pieces: in pawn endings a quiet move or a pawn capture is often the only way on.
    const mayPrune = depth <= P.pruneDepth && this.hasNonPawnMaterial();
    // Move-count pruning skips the remaining quiet moves (the picker still brings the losing captures after them);
    // futility skips the remaining quiet moves that do not give check.
    let skipQuiets = false,
      futile = false;
    for (let m = mp.next(); m !== MOVE_NONE; m = mp.next()) {
      moveCount++;
      if (m === excluded) continue;
      // Quiet, for pruning and for the histories alike: not what the capture stages produce (see isNoisy).
      const quiet = !isNoisy(pos, m);
      if (quiet) quietsSeen++;

      // Move-count, futility and SEE pruning, once a move has been searched and a mate is not being fended off.
      if (mayPrune && best > -TB_BOUND && searched > 0) {
        if (quiet) {
          if (skipQuiets) continue;
          if (!pvNode && !inCheck && quietsSeen > lmpLimit) {
            skipQuiets = true;
            mp.skipQuiets();
            continue;
          }
        }
        if (quiet && !pos.givesCheck(m)) {
          if (futile) continue;
          if (!inCheck && staticEval + P.futBase + P.futSlope * depth <= alpha) {
            futile = true;
            continue;
          }
          // The depth this move would be searched to after its late-move reduction: a move with a bad history and
          // little depth left is pruned, and futility and SEE use that depth for the move alone.
          const stat = this.hist.quietScore(stm, m, this.movePieceTo(m), prev1, prev2);
          const lmrDepth = Math.max(
            0,
            depth - 1 - LMR[Math.min(depth, 63) * 64 + Math.min(searched, 63)] + ((stat / P.lmrHistDiv) | 0),
          );
          if (lmrDepth <= P.histPruneDepth && stat < -P.histPruneMargin * depth) continue;
          if (!inCheck && staticEval + P.futBase + P.futSlope * lmrDepth <= alpha) continue;
          if (!seeGe(pos, m, -P.seeQuietSlope * lmrDepth)) continue;
        } else if (!seeGe(pos, m, -P.seeNoisySlope * depth)) continue; // captures and checking quiets
      }
      if (quiet && nQuiets < QUIETS_MAX) quiets[nQuiets++] = m;

      const pt = this.movePieceTo(m);
      const stat = quiet ? this.hist.quietScore(stm, m, pt, prev1, prev2) : 0;
      ss.pieceTo = pt;
      pos.make(m);
      const givesCheck = pos.inCheck();
      // Check extension, bounded so that perpetual checks cannot run away with the search.
      const ext = m === ttMove && singularExt !== 0 ? singularExt : givesCheck && ply < 2 * this.rootDepth ? 1 : 0;
      const newDepth = depth - 1 + ext;
      let score: number;
      if (searched === 0) {
        // A cut node's first child is expected to be an all node, and the other way round.
        score = -this.search(-beta, -alpha, newDepth, ply + 1, pvNode, !pvNode && !cutNode);
      } else {
        // Late-move reductions for quiet moves searched after the first few.
        let r = 0;
        if (depth >= P.lmrDepth && searched >= P.lmrMoves + (pvNode ? 1 : 0) && quiet) {
          r = LMR[Math.min(depth, 63) * 64 + Math.min(searched, 63)];
          if (pvNode) r--;
          if (!improving) r++;
          if (cutNode) r++;
          if (givesCheck) r--;
          if (m === ss.killer1 || m === ss.killer2) r--;
          r -= (stat / P.lmrHistDiv) | 0;
          r = Math.max(0, Math.min(r, newDepth - 1));
        }
        // A reduced search expects to fail low below us (a cut node there); an unreduced one alternates as usual.
        if (r > 0) {
          score = -this.search(-alpha - 1, -alpha, newDepth - r, ply + 1, false, true);
          if (score > alpha) score = -this.search(-alpha - 1, -alpha, newDepth, ply + 1, false, !cutNode);
        } else score = -this.search(-alpha - 1, -alpha, newDepth, ply + 1, false, !cutNode);
        if (pvNode && score > alpha && score < beta)
          score = -this.search(-beta, -alpha, newDepth, ply + 1, true, false);
      }
      pos.unmake(m);
      if (this.stopped) return 0;
      searched++;
      if (score > best) {
        best = score;
        if (score > alpha) {
          bestMove = m;
          alpha = score;
          if (pvNode) this.updatePv(ply, m);
          if (score >= beta) {
            if (quiet) {
              if (ss.killer1 !== m) {
                ss.killer2 = ss.killer1;
                ss.killer1 = m;
              }
              const bonus = historyBonus(depth);
              const hist = this.hist;
              hist.updateQuiet(stm, m, pt, prev1, prev2, bonus);
              if (prev1 !== 0) hist.counterMoves[prev1] = m;
              // Quiet moves searched before the cutoff were worse: lower their history (only those searched).
              for (let j = 0; j < nQuiets; j++) {
                const q = quiets[j];
                if (q !== m) hist.updateQuiet(stm, q, this.movePieceTo(q), prev1, prev2, -bonus);
              }
            }
            break;
          }
        }
      }
    }
    if (moveCount === 0) return inCheck ? -MATE + ply : 0; // checkmate or stalemate
    // Everything pruned. Never at the root: search() runs from ply 1 (searchRoot handles ply 0, without pruning).
    if (searched === 0) return inCheck ? -MATE + ply : alpha;
    if (excluded !== MOVE_NONE) return best; // a partial search: its result must not replace the hash entry
    const bound = best >= beta ? BOUND_LOWER : alpha > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
    // Correction history learns from results a quiet move (or none) produced and whose bound says the static eval
    // was wrong in that direction: a fail high above the eval, a fail low below it, or an exact score.
    if (
      !inCheck &&
      (bestMove === MOVE_NONE || !isNoisy(pos, bestMove)) &&
      Math.abs(best) < TB_BOUND &&
      !(bound === BOUND_LOWER && best <= staticEval) &&
      !(bound === BOUND_UPPER && best >= staticEval)
    ) {
      this.corr.update(ply, best - baseEval, depth);
    }
    tt.store(pos.keyLo, pos.keyHi, bestMove, depth, bound, scoreToTT(best, ply), inCheck ? 0 : rawEval);
    return best;
  }

  /**
   * Singular extension: the hash move's extension (1: it alone holds the score, -1: another move does and it is
   * expected to cut anyway), or MULTI_CUT when another move beats beta as well, so the node fails high. The
   * verification search leaves the hash move out and runs at the same ply, before this ply's picker starts.
   */
  private singular(
    ttMove: number,
    ttScore: number,
    beta: number,
    depth: number,
    ply: number,
    cutNode: boolean,
  ): number {
    const singularBeta = ttScore - P.seMargin * depth;
    const ss = this.stack[ply + FRAME_OFFSET];
    ss.excluded = ttMove;
    const s = this.search(singularBeta - 1, singularBeta, (depth - 1) >> 1, ply, false, cutNode);
    ss.excluded = MOVE_NONE;
    if (s < singularBeta) return 1;
    if (singularBeta >= beta) return MULTI_CUT;
    return ttScore >= beta ? -1 : 0;
  }

  private updatePv(ply: number, m: number): void {
    const pv = this.pv,
      row = ply * MAX_PLY,
      child = (ply + 1) * MAX_PLY;
    pv[row + ply] = m;
    const n = this.pvLen[ply + 1];
    for (let j = ply + 1; j < n; j++) pv[row + j] = pv[child + j];
    this.pvLen[ply] = Math.max(n, ply + 1);
  }

  /** Searches root moves [pvIdx, rootCount); fills rootScores and the PV of new bests. */
  private searchRoot(depth: number, alpha: number, beta: number): number {
    const pos = this.pos;
    this.pvLen[0] = 0;
    let best = -INF;
    const alpha0 = alpha;
    for (let i = this.pvIdx; i < this.rootCount; i++) {
      const m = this.rootMoves[i];
      // After the first second, GUIs show which root move is being searched.
      if (this.id === 0 && this.elapsed() > 1000) this.reporter.currMove(pos, depth, m, i + 1);
      this.stack[FRAME_OFFSET].pieceTo = this.movePieceTo(m);
      const quiet = !isNoisy(pos, m);
      pos.make(m);
      // Counted like every other node: a root move that lands on a check's count must not skip it.
      if ((++this.nodes & 255) === 0) this.checkStop();
      const ext = pos.inCheck() ? 1 : 0;
      let score: number;
      if (i === this.pvIdx) {
        score = -this.search(-beta, -alpha, depth - 1 + ext, 1, true, false);
      } else {
        // Late quiet root moves are reduced too, a ply less than inside the tree; one that beats alpha is searched
        // again at full depth before it can become the best move. Not once a mate is in hand: the iterations stop
        // when the mate found is as short as the depth proves, so a shorter one must not hide behind a reduction.
        const late = i - this.pvIdx;
        let r = 0;
        if (depth >= P.lmrDepth && late >= P.rootLmrMoves && quiet && ext === 0 && Math.abs(alpha) < MATE_BOUND) {
          r = LMR[Math.min(depth, 63) * 64 + Math.min(late, 63)] - 1;
          r = Math.max(0, Math.min(r, depth - 2));
        }
        score = alpha + 1;
        if (r > 0) score = -this.search(-alpha - 1, -alpha, depth - 1 - r, 1, false, true);
        if (score > alpha) score = -this.search(-alpha - 1, -alpha, depth - 1 + ext, 1, false, true);
        if (score > alpha && score < beta) score = -this.search(-beta, -alpha, depth - 1 + ext, 1, true, false);
      }
      pos.unmake(m);
      if (this.stopped) break;
      if (score > best) best = score;
      if (score > alpha || i === this.pvIdx) {
        this.rootScores[i] = score;
        this.pvLen[1] = Math.max(this.pvLen[1], 1);
        this.updatePv(0, m);
        this.rootPvs[i] = Array.from(this.pv.subarray(0, this.pvLen[0]));
        // Move the new best to the front of the remaining moves, keeping the rest in order.
        for (let j = i; j > this.pvIdx; j--) {
          this.rootMoves[j] = this.rootMoves[j - 1];
          this.rootScores[j] = this.rootScores[j - 1];
          const t = this.rootPvs[j];
          this.rootPvs[j] = this.rootPvs[j - 1];
          this.rootPvs[j - 1] = t;
        }
        this.rootMoves[this.pvIdx] = m;
        this.rootScores[this.pvIdx] = score;
        // Tell the GUI about a new best move at once when iterations have become slow.
        if (this.id === 0 && i > this.pvIdx && this.pvIdx === 0) {
          const el = this.elapsed();
          if (el > 1000) this.reportPv(depth, 0, score, el, score >= beta ? 'lower' : null);
        }
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      } else {
        this.rootScores[i] = -INF;
      }
      // Past the soft node limit (datagen), stop at a root-move boundary once this iteration has an exact best score,
      // rather than finish an iteration that may cost as much again as all the earlier ones together.
      if (this.softNodes > 0 && this.nodes >= this.softNodes && alpha > alpha0 && i + 1 < this.rootCount) {
        this.stopped = true;
        break;
      }
    }
    return best;
  }

  private reportPv(depth: number, idx: number, score: number, elapsed: number, bound: PvReport['bound'] = null): void {
    this.f64[F64_NODES + this.id] = this.nodes;
    // A root in the tables shows the tables' result, exact, unless the search has found a mate.
    if (this.tbRootCount > 0 && Math.abs(score) < MATE_BOUND) {
      const m = this.rootMoves[idx];
      for (let i = 0; i < this.tbRootCount; i++)
        if (this.tbRootMove[i] === m) {
          score = this.tbRootScore[i];
          bound = null;
          break;
        }
    }
    this.reporter.pv(this.pos, {
      depth,
      seldepth: Math.max(this.seldepth, depth),
      multipv: idx + 1,
      score,
      bound,
      nodes: this.totalNodes(),
      elapsed,
      hashfull: this.tt.hashfull(),
      tbhits: this.tb ? this.totalTbHits() : null,
      pv: this.rootPvs[idx] || [this.rootMoves[idx]],
    });
  }

  /**
   * Runs a whole search on pos. Thread 0 prints info lines and returns the result; the caller
   * prints bestmove. Helper threads search silently until stopped.
   */
  go(
    pos: Position,
    limits: SearchLimits,
    opts: SearchOptions,
    rootMoveFilter: number[] | null,
    gen: number,
    startTime = Date.now(),
  ): RootResult {
    if (lmrBuiltFor !== paramsVersion) buildReductions();
    this.pos = pos;
    this.gen = gen;
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.rootSp = pos.sp;
    // The clock started when the GUI's go arrived, not when this thread got to it.
    this.startTime = startTime;
    this.pondering = limits.ponder;
    this.nodeLimit = limits.nodes;
    this.softNodes = limits.softNodes;
    const skill = opts.skill ?? null;
    this.noiseAmp = skill ? skillNoise(skill.elo) : 0;
    this.noiseSeed = skill ? skill.seed : 0;
    if (skill)
      this.nodeLimit = limits.nodes > 0 ? Math.min(limits.nodes, skillNodes(skill.elo)) : skillNodes(skill.elo);
    // The limiter's budget (a few hundred nodes at the lowest levels) lets the first iteration finish, so that its
    // choice is among candidates searched against every reply; go nodes stops where it is told (a clock, too).
    this.nodeLimitFrom = skill ? 2 : 1;
    const budget = allocateTime(limits, pos.stm === 0, opts.moveOverhead);
    this.softLimit = budget.soft;
    this.hardLimit = budget.hard;
    this.f64[F64_NODES + this.id] = 0;
    this.clearKillers();
    // The network's accumulators of the root: every lazy update in this search walks back to them at worst.
    // The root's static eval is also what 'improving' compares against at ply 2.
    const rootEval = this.evaluator.evaluate(pos);
    // As every other node sees it: scaled and corrected.
    this.corr.load(pos, 0);
    this.stack[FRAME_OFFSET].staticEval = pos.inCheck() ? NO_EVAL : this.corr.corrected(this.scaled(rootEval), 0);

    const n = generateMoves(pos, this.rootMoves, 0, GEN_ALL);
    // Tablebases at the root: only the moves that keep the best result (by DTZ, counting the fifty-move clock, or by
    // WDL without DTZ files) are searched, so a won ending is converted and a drawn one held.
    const tbFilter = this.tbRootMoves(pos, opts);
    this.rootCount = 0;
    for (let i = 0; i < n; i++) {
      const m = this.rootMoves[i];
      if ((!rootMoveFilter || rootMoveFilter.includes(m)) && (!tbFilter || tbFilter.includes(m)))
        this.rootMoves[this.rootCount++] = m;
    }
    // searchmoves and the tables may leave nothing in common: the tables' choice then stands alone.
    if (this.rootCount === 0 && tbFilter) for (const m of tbFilter) this.rootMoves[this.rootCount++] = m;
    // Initial order: the hash move first, the rest as generated; later iterations sort by their scores.
    if (this.tt.probe(pos.keyLo, pos.keyHi)) {
      const tm = this.tt.move;
      for (let i = 0; i < this.rootCount; i++)
        if (this.rootMoves[i] === tm) {
          this.rootMoves[i] = this.rootMoves[0];
          this.rootMoves[0] = tm;
        }
    }
    // Each root move's PV starts as the move itself, in the order just set.
    this.rootPvs = [];
    for (let i = 0; i < this.rootCount; i++) {
      this.rootPvs.push([this.rootMoves[i]]);
      this.rootScores[i] = -INF;
    }
    const result: RootResult = {
      move: this.rootCount ? this.rootMoves[0] : MOVE_NONE,
      ponder: MOVE_NONE,
      score: 0,
      depth: 0,
    };
    if (this.rootCount === 0) return result;

    // The limiter searches its candidates as extra PV lines, but shows only the lines the GUI asked for.
    // Its count is drawn per position from the seed (a different draw from the move choice's).
    const candidates = skill
      ? skillCandidates(skill.elo, unitRandom((skill.seed + 0x632be5ab) ^ pos.keyHi ^ Math.imul(pos.keyLo, 0x85ebca77)))
      : 1;
    const multiPV = Math.max(1, Math.min(Math.max(opts.multiPV, candidates), this.rootCount));
    const shownPV = Math.max(1, Math.min(opts.multiPV, this.rootCount));
    const maxDepth = limits.depth > 0 ? Math.min(limits.depth, MAX_PLY - 10) : MAX_PLY - 10;
    const main = this.id === 0;
    let lastBest = MOVE_NONE,
      lastScore = 0,
      stable = 0,
      iterEnd = 0,
      prevIter = 0;
    for (let depth = 1 + (main ? 0 : this.id & 1); depth <= maxDepth; depth++) {
      this.rootDepth = depth;
      this.seldepth = 0;
      for (this.pvIdx = 0; this.pvIdx < multiPV; this.pvIdx++) {
        // Aspiration window around the previous score, widened on each failure; after a fail high the next try is a
        // ply shallower (the move that failed high is usually confirmed sooner), back to full depth after a fail low.
        let delta = P.aspDelta,
          alpha = -INF,
          beta = INF,
          failHighs = 0;
        const prev = this.rootScores[this.pvIdx];
        if (depth >= P.aspMinDepth && Math.abs(prev) < MATE_BOUND) {
          alpha = Math.max(prev - delta, -INF);
          beta = Math.min(prev + delta, INF);
        }
        for (;;) {
          const score = this.searchRoot(Math.max(1, depth - failHighs), alpha, beta);
          if (this.stopped) break;
          if (score <= alpha) {
            beta = (alpha + beta) >> 1;
            alpha = Math.max(score - delta, -INF);
            failHighs = 0;
          } else if (score >= beta) {
            beta = Math.min(score + delta, INF);
            if (failHighs < P.aspMaxFailHighs) failHighs++;
          } else break;
          delta += delta >> 1;
        }
        if (this.stopped) break;
        // Stable sort of the rest by score so the next line starts from the next best move, and of the lines found
        // so far: a later line can come back higher than an earlier one (the histories and the TT moved in between).
        this.sortRoot(this.pvIdx + 1, this.rootCount);
        this.sortRoot(0, this.pvIdx + 1);
      }
      if (this.stopped) {
        // A partial iteration still yields its best move when the first root move was searched.
        break;
      }
      result.depth = depth;
      if (main) {
        const el = this.elapsed();
        for (let k = 0; k < shownPV; k++) this.reportPv(depth, k, this.rootScores[k], el);
        const s = this.rootScores[0];
        if (limits.mate > 0 && s >= MATE - (2 * limits.mate - 1)) break;
        if (this.softNodes > 0) {
          // Datagen's soft node limit: no new iteration once past it, nor one expected to end well past it. The next
          // iteration is predicted to grow like the last one did; starting it only while half of it still fits makes the
          // nodes a move average about the limit instead of twice it.
          const iter = this.nodes - iterEnd,
            growth = prevIter > 0 ? Math.max(1, Math.min(4, iter / prevIter)) : 2;
          if (this.nodes >= this.softNodes || this.nodes + iter * growth * 0.5 > this.softNodes) break;
          prevIter = iter;
          iterEnd = this.nodes;
        }
        // A proven mate needs no deeper iterations (a full-width search finds the shortest one).
        if (Math.abs(s) >= MATE_BOUND && depth >= MATE - Math.abs(s) + 2) break;
        // Spend less when the best move has been stable, more when it just changed or the score fell.
        if (this.rootMoves[0] === lastBest) stable++;
        else stable = 0;
        let factor =
          stable >= P.tmStableLong
            ? P.tmStableLongFactor
            : stable >= P.tmStableShort
              ? P.tmStableShortFactor
              : depth > 1 && stable === 0
                ? P.tmNewBestFactor
                : 1;
        if (depth > 1 && s < lastScore - P.tmScoreDrop) factor *= P.tmScoreDropFactor;
        if (limits.movetime > 0) factor = 1; // a fixed time per move is used in full
        lastBest = this.rootMoves[0];
        lastScore = s;
        // No new iteration past the soft limit (scaled), nor past a share of the hard one: it would rarely finish.
        const last = limits.movetime > 0 ? this.hardLimit : this.hardLimit * P.tmHardShare;
        if (!this.pondering && this.softLimit > 0 && el >= Math.min(this.softLimit * factor, last)) break;
        // Only one legal move: no need to think on a clock.
        if (this.rootCount === 1 && !this.pondering && !limits.infinite && this.softLimit > 0) break;
      }
    }
    if (skill && main && result.depth > 0) this.playSkillMove(skill.elo, skill.seed, multiPV);
    result.move = this.rootMoves[0];
    result.score = this.rootScores[0];
    const pv = this.rootPvs[0];
    if (pv && pv.length > 1) result.ponder = pv[1];
    this.f64[F64_NODES + this.id] = this.nodes;
    return result;
  }

  /** The limiter's move: one of the searched candidates, drawn by score, put first (its PV and score with it). */
  private playSkillMove(elo: number, seed: number, candidates: number): void {
    let n = 0;
    while (n < candidates && this.rootScores[n] > -INF) n++;
    if (n <= 1) return;
    const u = unitRandom(seed ^ this.pos.keyLo ^ Math.imul(this.pos.keyHi, 0x27d4eb2d));
    const k = chooseSkillMove(this.rootScores, n, elo, u);
    if (k === 0) return;
    const m = this.rootMoves[k],
      s = this.rootScores[k],
      p = this.rootPvs[k];
    this.rootMoves[k] = this.rootMoves[0];
    this.rootScores[k] = this.rootScores[0];
    this.rootPvs[k] = this.rootPvs[0];
    this.rootMoves[0] = m;
    this.rootScores[0] = s;
    this.rootPvs[0] = p;
  }

  /**
   * The tablebase result of a search node when it decides the node (NO_TB otherwise): a win scores below any mate,
   * shortened by the distance from the root; cursed wins and blessed losses score as draws under the fifty-move rule.
   */
  private probeTbNode(alpha: number, beta: number, depth: number, ply: number, inCheck: boolean): number {
    const pos = this.pos;
    const pieces = pos.pieceCount();
    if (pieces > this.tbCard || (pieces === this.tbCard && depth < this.tbProbeDepth)) return NO_TB;
    const wdl = probeWdl(this.tb!, pos);
    if (wdl === null) return NO_TB;
    this.tbhits++;
    const drawScore = this.tbRule50 ? 1 : 0;
    const value = wdl < -drawScore ? -TB_WIN + ply : wdl > drawScore ? TB_WIN - ply : 2 * wdl * drawScore;
    const bound = wdl < -drawScore ? BOUND_UPPER : wdl > drawScore ? BOUND_LOWER : BOUND_EXACT;
    if (bound !== BOUND_EXACT && (bound === BOUND_LOWER ? value < beta : value > alpha)) return NO_TB;
    this.tt.store(
      pos.keyLo,
      pos.keyHi,
      MOVE_NONE,
      Math.min(MAX_PLY - 1, depth + TB_DEPTH_BONUS),
      bound,
      scoreToTT(value, ply),
      inCheck ? 0 : this.evaluator.evaluate(pos),
    );
    return value;
  }

  /** Sets up this search's tablebase use; returns the root moves to keep when the root is in the tables, else null. */
  private tbRootMoves(pos: Position, opts: SearchOptions): number[] | null {
    this.tbhits = 0;
    this.tbRootCount = 0;
    this.f64[F64_TBHITS + this.id] = 0;
    const cfg = opts.syzygy ?? { probeDepth: 1, rule50: true, probeLimit: 7 };
    this.tbCard = this.tb ? Math.min(cfg.probeLimit, this.tb.maxPieces) : 0;
    this.tbProbeDepth = cfg.probeDepth;
    this.tbRule50 = cfg.rule50;
    if (this.tbCard === 0 || pos.castling !== 0) return null;
    const pieces = pos.pieceCount();
    if (pieces > this.tbCard) return null;
    const root = probeRoot(this.tb!, pos, { rule50: cfg.rule50, hasRepeated: pos.repetitions() > 0 });
    if (!root || root.best.length === 0) return null;
    this.tbhits++;
    for (const r of root.moves) {
      this.tbRootMove[this.tbRootCount] = r.move;
      this.tbRootScore[this.tbRootCount++] = tbRootScoreOf(r.rank, r.dtz, cfg.rule50);
    }
    // With DTZ the root filter alone makes progress; probing the tree would only hide the path (as Stockfish does).
    if (root.byDtz || root.best[0].wdl <= 0) this.tbCard = 0;
    return root.best.map((r) => r.move);
  }

  /** Sorts root moves [from, to) by score, best first. */
  private sortRoot(from: number, to: number): void {
    // Insertion sort: stable, and the list is short.
    for (let i = from + 1; i < to; i++) {
      const m = this.rootMoves[i],
        s = this.rootScores[i],
        p = this.rootPvs[i];
      let j = i - 1;
      while (j >= from && this.rootScores[j] < s) {
        this.rootMoves[j + 1] = this.rootMoves[j];
        this.rootScores[j + 1] = this.rootScores[j];
        this.rootPvs[j + 1] = this.rootPvs[j];
        j--;
      }
      this.rootMoves[j + 1] = m;
      this.rootScores[j + 1] = s;
      this.rootPvs[j + 1] = p;
    }
  }

  /** Reports the final result's line (exact score and full PV) once more. */
  reportFinal(depth: number): void {
    // Stopped before the first root move had a score: there is no line to show, only the move to play.
    if (this.rootScores[0] === -INF) return;
    this.reportPv(Math.max(1, depth), 0, this.rootScores[0], this.elapsed());
  }

  /** The move to ponder on after result.move: the PV's second move, else the hash move of the position after it. */
  ponderMove(result: RootResult): number {
    if (result.ponder !== MOVE_NONE) return result.ponder;
    const pos = this.pos;
    let ponder = MOVE_NONE;
    pos.make(result.move);
    // The hash entry may belong to another position with the same key: only a legal move is offered.
    if (this.tt.probe(pos.keyLo, pos.keyHi) && this.tt.move !== MOVE_NONE && isLegalMove(pos, this.tt.move))
      ponder = this.tt.move;
    pos.unmake(result.move);
    return ponder;
  }

  /** This search's hard time limit in ms (0: none). */
  get hardLimitMs(): number {
    return this.hardLimit;
  }

  get stopRequested(): boolean {
    return this.stopped;
  }
}
