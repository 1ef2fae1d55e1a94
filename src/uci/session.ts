// A UCI conversation over the engine core: each input line parsed (parse.ts) and handed to the core, each report
// written as a line (info.ts). The command line runs one over stdin/stdout; the API runs one for its raw transport.
// Nothing here decides when work runs: the core's scheduler does.
import { parseFen, toFen } from '../core/fen';
import { legalMoves } from '../core/movegen';
import { moveToUci } from '../core/notation';
import { MAX_MOVES, PIECE_CHARS } from '../core/types';
import type { Position } from '../core/position';
import { clip } from '../core/clip';
import { HceEvaluator } from '../eval/evaluate';
import { NnueEvaluator } from '../eval/nnue';
import { runBench } from '../search/bench';
import { VERSION } from '../version';
import type { EngineCore } from '../engine/core';
import type { EngineOption } from '../engine/options';
import { parseUci, type UciCommand } from './parse';
import { uciSink } from './info';
import { perftCommand } from './perft';

/** The option's line in the `uci` reply. */
export function optionLine(o: EngineOption): string {
  switch (o.type) {
    case 'spin':
      return `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`;
    case 'check':
      return `option name ${o.name} type check default ${o.default}`;
    case 'string':
      return `option name ${o.name} type string default ${o.default}`;
    case 'button':
      return `option name ${o.name} type button`;
  }
}

export class UciSession {
  private closed = false;
  private readonly out: (line: string) => void;
  /** The main side's evaluators, for `eval`: made when first wanted (the net's again after EvalFile). */
  private evalHce: HceEvaluator | null = null;

  constructor(
    private readonly core: EngineCore,
    out: (line: string) => void,
    /** quit, or the end of input once the last search has answered. */
    private readonly exit: () => void,
  ) {
    this.out = (line) => {
      if (!this.closed) out(line);
    };
    core.onMessage = (text) => this.out(`info string ${text}`);
  }

  handle(raw: string): void {
    if (this.closed) return;
    const received = Date.now();
    const { cmd, notes } = parseUci(raw);
    for (const n of notes) this.out(`info string ${n}`);
    // Start the search threads in the background as soon as the host is past the handshake.
    if (cmd.kind !== 'uci' && cmd.kind !== 'empty' && cmd.kind !== 'quit') this.core.startThreads();
    try {
      this.run(cmd, received);
    } catch (e) {
      this.out(`info string error handling '${clip(raw.trim(), 100)}': ${clip((e as Error).message, 200)}`);
    }
  }

  private run(cmd: UciCommand, received: number): void {
    const core = this.core;
    switch (cmd.kind) {
      case 'uci':
        this.uci();
        return;
      case 'isready':
        core.ready(() => this.out('readyok'));
        return;
      case 'stop':
        core.stop();
        return;
      case 'ponderhit':
        core.ponderhit();
        return;
      case 'quit':
        void this.quit();
        return;
      case 'setoption': {
        const err = core.setOption(cmd.name, cmd.value);
        if (err) this.out(`info string ${err.message}`);
        if (cmd.name.toLowerCase() === 'evalfile' && !err) this.evalHce = null;
        return;
      }
      case 'ucinewgame':
        core.newGame();
        return;
      case 'position': {
        const err = core.setPosition(cmd.fen, cmd.moves, true);
        if (err?.code === 'illegal-move') {
          this.out(`info string ${err.message} in position command; position set up to the move before it`);
        } else if (err) this.out(`info string ${err.message}; keeping the current position`);
        return;
      }
      case 'go': {
        const r = core.go(cmd.limits, uciSink(this.out, core.settings.showWDL), false, received);
        if ('code' in r) this.out(`info string ${r.message}`);
        return;
      }
      case 'perft': {
        const pos = this.copyOfPosition();
        core.runTask(() => perftCommand(pos, cmd.depth, this.out));
        return;
      }
      case 'bench':
        core.runTask(() => this.bench(cmd.depth));
        return;
      case 'd':
        this.display();
        return;
      case 'eval':
        this.evaluate();
        return;
      case 'empty':
      case 'refused':
        return;
    }
  }

  /** The input has ended: a bounded search finishes and answers first, then the engine quits. */
  endOfInput(): void {
    this.core.stopUnbounded();
    // With the input gone nothing else keeps a Node host up until the search answers.
    this.core.keepAlive(true);
    this.core.whenIdle(() => void this.quit());
  }

  /** Stops any search and ends every thread; resolves once they have ended. Nothing is said after it. */
  quit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const ended = this.core.quit(); // answers a pending isready first
    this.closed = true;
    this.exit();
    return ended;
  }

  private uci(): void {
    this.out(`id name Tessera ${VERSION}`);
    this.out('id author the Tessera developers');
    this.out('');
    for (const o of this.core.options) this.out(optionLine(o));
    this.out('uciok');
    // Build the attack tables and start the search threads while the host digests uciok.
    setTimeout(() => {
      void this.core.position;
      this.core.startThreads();
    }, 0);
  }

  /** The current position as it stands now, for work that runs later (a later `position` must not change it). */
  private copyOfPosition(): Position {
    const pos = this.core.position;
    return parseFen(toFen(pos), this.core.settings.chess960) as Position;
  }

  private bench(depth: number | undefined): void {
    const net = this.core.mainNet();
    if (!net) {
      this.out('info string bench runs in the Node.js engine only');
      return;
    }
    const evaluator = this.core.settings.useNNUE ? new NnueEvaluator(net) : new HceEvaluator();
    runBench(this.out, evaluator, depth);
  }

  private evaluate(): void {
    const net = this.core.mainNet();
    if (!net) {
      this.out('info string eval runs in the Node.js engine only');
      return;
    }
    const pos = this.core.position;
    this.evalHce ??= new HceEvaluator();
    const hce = this.evalHce.evaluate(pos),
      nn = new NnueEvaluator(net).evaluate(pos);
    const using = this.core.settings.useNNUE ? 'NNUE' : 'the hand-crafted eval';
    this.out(`info string NNUE eval ${nn} cp, hand-crafted eval ${hce} cp (side to move); searching with ${using}`);
  }

  private display(): void {
    const p = this.core.position;
    for (let r = 7; r >= 0; r--) {
      let row = ` ${r + 1} |`;
      for (let f = 0; f < 8; f++) {
        const pc = p.board[r * 8 + f];
        row += ` ${pc ? PIECE_CHARS[pc] : '.'}`;
      }
      this.out(row);
    }
    this.out('     a b c d e f g h');
    this.out(`Fen: ${toFen(p)}`);
    this.out(`Key: ${(p.keyHi >>> 0).toString(16).padStart(8, '0')}${(p.keyLo >>> 0).toString(16).padStart(8, '0')}`);
    const list = new Int32Array(MAX_MOVES);
    const n = legalMoves(p, list);
    const ms: string[] = [];
    for (let i = 0; i < n; i++) ms.push(moveToUci(p, list[i]));
    this.out(`Legal moves (${n}): ${ms.join(' ')}`);
  }
}
