// A game against Tessera on a clock, at a chosen strength (UCI_LimitStrength with UCI_Elo, or full strength). The
// engine plays on the clock through its own time manager: each go says wtime/btime/winc/binc (never a movetime). The
// game is the tree's line up to app.head; the player may look back through it (the board then takes no moves, and the
// clocks run on, as real ones do) and take moves back. It ends by the rules, a flag, a resignation or an agreed draw
// (the engine answers an offer on its own last evaluation: match.ts's acceptsDraw), with a result and its PGN tags.
import { parseTimeControl, type TimeControl } from './clock';
import { renderClocks, type ClockDom } from './clock-view';
import { formatScore, type Color } from './game';
import {
  acceptsDraw,
  DRAW_AGREED,
  endByFlag,
  endByResignation,
  endByRules,
  matchTags,
  newMatch,
  type MatchEnd,
} from './match';
import { MoveTree } from './tree';
import { app, fail, gameAt, goto, halt, listen, remove, setOption, setStatus, setTree } from './state';

export interface PlayDom {
  fullStrength: HTMLInputElement;
  elo: HTMLInputElement;
  /** A time control from TIME_CONTROLS, or 'custom' (then `custom` holds it). */
  control: HTMLSelectElement;
  custom: HTMLInputElement;
  color: HTMLSelectElement;
  clocks: ClockDom;
  resign: HTMLButtonElement;
  draw: HTMLButtonElement;
  /** The result line at the end, and the answers to a draw offer or a bad time control. */
  result: HTMLElement;
  message: HTMLElement;
}

export interface Play {
  /** The node shown or the game changed: the engine's turn, the player's, or the end. */
  settle(): void;
  /** Whether the board takes the player's moves now. */
  canMove(): boolean;
  /** A move the player made on the board (UCI). */
  move(uci: string): void;
  newGame(): Promise<void>;
  takeBack(): Promise<void>;
  resign(): void;
  offerDraw(): void;
}

/** How often the clocks are redrawn and the flags looked at (ms). */
const TICK_MS = 100;

/**
 * `ended` gets the game's PGN once it is over (for the PGN box). The clocks' timer is the only thing this part keeps
 * for itself; the game and its clock are app.match.
 */
export function createPlay(ui: PlayDom, orient: (color: Color) => Promise<void>, ended: () => void): Play {
  const timer = { id: 0 as ReturnType<typeof setInterval> | 0 };

  const say = (text: string): void => {
    ui.message.textContent = text;
  };

  /** The time control chosen, or a message when the custom one cannot be read. */
  function chosenControl(): { text: string; tc: TimeControl } | string {
    const text = ui.control.value === 'custom' ? ui.custom.value.trim() : ui.control.value;
    const tc = parseTimeControl(text);
    return typeof tc === 'string' ? `Time control ${tc}` : { text, tc };
  }

  function showButtons(): void {
    const live = app.mode === 'play' && !!app.match && !app.match.end;
    ui.resign.disabled = !live;
    ui.draw.disabled = !live;
    ui.custom.hidden = ui.control.value !== 'custom';
  }

  function tick(): void {
    const m = app.match;
    renderClocks(ui.clocks, m);
    if (!m || m.end) return;
    const flag = m.clock.flagged();
    if (flag) void finish(endByFlag(flag, app.head.fen));
  }

  function runTimer(on: boolean): void {
    if (on && !timer.id) timer.id = setInterval(tick, TICK_MS);
    if (!on && timer.id) {
      clearInterval(timer.id);
      timer.id = 0;
    }
  }

  async function finish(end: MatchEnd): Promise<void> {
    const m = app.match;
    if (!m || m.end) return;
    m.clock.pause();
    m.end = end;
    runTimer(false);
    renderClocks(ui.clocks, m);
    await halt();
    app.tags = matchTags(m);
    ui.result.textContent = `${end.score} · ${end.text}`;
    app.phase = 'over';
    goto(app.tree.current);
    ended();
  }

  async function engineMove(): Promise<void> {
    const engine = app.engine;
    const m = app.match;
    if (!engine || !m) return;
    const gen = ++app.generation;
    const from = app.head;
    setStatus('engine', 'Tessera is thinking…');
    try {
      await setOption('MultiPV', 1);
      await setOption('UCI_LimitStrength', m.elo !== null);
      if (m.elo !== null) await setOption('UCI_Elo', m.elo);
      if (gen !== app.generation) return;
      m.lastGo = m.clock.goLimits();
      renderClocks(ui.clocks, m);
      const search = engine.go({ fen: app.tree.root.fen, moves: app.tree.uciMoves(from), ...m.lastGo });
      app.stopSearch = () => search.stop();
      for await (const info of search) {
        if (gen !== app.generation) break;
        if (info.multipv === 1 && !info.score.bound && info.pv.length) m.engineEval = info.score;
      }
      const { bestmove } = await search.result;
      if (gen !== app.generation) return;
      app.stopSearch = null;
      const node = bestmove ? app.tree.child(from, bestmove) : null;
      if (!node) throw new Error(`the engine answered ${bestmove} in ${from.fen}`);
      const flag = m.clock.press();
      if (flag) return void finish(endByFlag(flag, from.fen));
      // The board follows the game unless the player is looking at an earlier move.
      const follow = app.tree.current === from;
      app.head = node;
      app.phase = 'idle';
      goto(follow ? node : app.tree.current);
    } catch (err) {
      if (gen === app.generation) fail(err);
    }
  }

  function settle(): void {
    showButtons();
    const m = app.match;
    if (app.mode !== 'play' || !app.engine || !m || app.phase === 'engine' || app.phase === 'error') return;
    if (m.end) {
      setStatus('over', `${m.end.text} (${m.end.score})`);
      return;
    }
    const game = gameAt(app.head);
    const end = game.end();
    if (end) return void finish(endByRules(end));
    // The side to move's clock runs (it starts with the game, and again after a pause or a take-back).
    if (m.clock.running() !== game.turn()) m.clock.start(game.turn());
    // Drawn now, not at the next tick: the side to move's clock is lit as soon as the page says whose move it is.
    renderClocks(ui.clocks, m);
    runTimer(true);
    if (game.turn() !== app.human) void engineMove();
    else if (app.tree.current !== app.head) setStatus('human', 'Your move (End returns to the game)');
    else setStatus('human', 'Your move');
  }

  /** A new match from the settings on the page, from the position at app.head; false when the time control is bad. */
  function startMatch(): boolean {
    const chosen = chosenControl();
    if (typeof chosen === 'string') {
      say(chosen);
      return false;
    }
    const elo = ui.fullStrength.checked ? null : Number(ui.elo.value);
    app.match = newMatch(chosen.text, chosen.tc, app.human, elo);
    app.tags = matchTags(app.match);
    ui.result.textContent = '';
    say('');
    renderClocks(ui.clocks, app.match);
    return true;
  }

  // Leaving Play stops the clocks; coming back continues the game from the position shown, on a new clock if the
  // last game is over.
  listen((change) => {
    if (change !== 'mode') return;
    if (app.mode !== 'play') {
      app.match?.clock.pause();
      runTimer(false);
      renderClocks(ui.clocks, app.match);
    } else if (!app.match || app.match.end) {
      startMatch();
    } else {
      app.tags = matchTags(app.match);
    }
    showButtons();
  });
  ui.resign.addEventListener('click', () => play.resign());
  ui.draw.addEventListener('click', () => play.offerDraw());
  ui.control.addEventListener('change', () => {
    showButtons();
    if (ui.control.value === 'custom') ui.custom.focus();
  });

  const play: Play = {
    settle,
    canMove() {
      return app.mode === 'play' && app.phase === 'human' && app.tree.current === app.head && !app.match?.end;
    },
    move(uci) {
      const m = app.match;
      const node = app.tree.child(app.head, uci);
      if (!node || !m || m.end) return goto(app.tree.current);
      const flag = m.clock.press();
      if (flag) return void finish(endByFlag(flag, app.head.fen));
      app.head = node;
      goto(node);
    },
    async newGame() {
      const pick = ui.color.value;
      const human: Color = pick === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : (pick as Color);
      const chosen = chosenControl();
      if (typeof chosen === 'string') return say(chosen);
      await halt();
      runTimer(false);
      app.engine?.newGame();
      app.human = human;
      const tree = new MoveTree();
      app.head = tree.root;
      startMatch();
      await orient(app.human);
      app.phase = 'idle';
      setTree(tree, app.tags);
    },
    async takeBack() {
      if (app.match?.end) return say('The game is over: start a new one.');
      await halt();
      // Back to the player's own turn, the moves taken back deleted; the player's clock runs on.
      let to = app.head.parent;
      if (to && gameAt(to).turn() !== app.human) to = to.parent;
      if (!to) return settle();
      const first = app.tree.path(app.head)[to.ply];
      app.head = to;
      app.phase = 'idle';
      if (first) remove(first);
      goto(to);
    },
    resign() {
      if (app.match && !app.match.end) void finish(endByResignation(app.human));
    },
    offerDraw() {
      const m = app.match;
      if (!m || m.end) return;
      const fullmove = Number(app.head.fen.split(' ')[5]);
      if (acceptsDraw(m.engineEval, fullmove)) return void finish(DRAW_AGREED);
      const seen = m.engineEval ? ` (its evaluation: ${formatScore(m.engineEval)})` : '';
      say(`Tessera declines the draw${seen}.`);
    },
  };
  return play;
}
