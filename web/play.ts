// A game against Tessera at a chosen strength (UCI_LimitStrength with UCI_Elo, or full strength) and think time. The
// game is the tree's line up to app.head; the player may look back through it (the board then takes no moves) and
// take moves back.
import type { Color } from './game';
import { MoveTree } from './tree';
import { app, fail, gameAt, goto, halt, remove, setOption, setStatus, setTree } from './state';

export interface PlayDom {
  fullStrength: HTMLInputElement;
  elo: HTMLInputElement;
  movetime: HTMLSelectElement;
  color: HTMLSelectElement;
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
}

export function createPlay(ui: PlayDom, orient: (color: Color) => Promise<void>): Play {
  async function applyStrength(): Promise<void> {
    await setOption('MultiPV', 1);
    await setOption('UCI_LimitStrength', !ui.fullStrength.checked);
    if (!ui.fullStrength.checked) await setOption('UCI_Elo', Number(ui.elo.value));
  }

  async function engineMove(): Promise<void> {
    const engine = app.engine;
    if (!engine) return;
    const gen = ++app.generation;
    const from = app.head;
    setStatus('engine', 'Tessera is thinking…');
    try {
      await applyStrength();
      if (gen !== app.generation) return;
      const search = engine.go({
        fen: app.tree.root.fen,
        moves: app.tree.uciMoves(from),
        movetime: Number(ui.movetime.value),
      });
      app.stopSearch = () => search.stop();
      const { bestmove } = await search.result;
      if (gen !== app.generation) return;
      app.stopSearch = null;
      const node = bestmove ? app.tree.child(from, bestmove) : null;
      if (!node) throw new Error(`the engine answered ${bestmove} in ${from.fen}`);
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
    if (app.mode !== 'play' || !app.engine || app.phase === 'engine' || app.phase === 'error') return;
    const game = gameAt(app.head);
    const end = game.end();
    if (end) setStatus('over', `${end.text} (${end.score})`);
    else if (game.turn() !== app.human) void engineMove();
    else if (app.tree.current !== app.head) setStatus('human', 'Your move (End returns to the game)');
    else setStatus('human', 'Your move');
  }

  return {
    settle,
    canMove() {
      return app.mode === 'play' && app.phase === 'human' && app.tree.current === app.head;
    },
    move(uci) {
      const node = app.tree.child(app.head, uci);
      if (!node) return goto(app.tree.current);
      app.head = node;
      goto(node);
    },
    async newGame() {
      await halt();
      app.engine?.newGame();
      const pick = ui.color.value;
      app.human = pick === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : (pick as Color);
      await orient(app.human);
      app.phase = 'idle';
      setTree(new MoveTree());
    },
    async takeBack() {
      await halt();
      // Back to the player's own turn, the moves taken back deleted.
      let to = app.head.parent;
      if (to && gameAt(to).turn() !== app.human) to = to.parent;
      if (!to) return settle();
      const first = app.tree.path(app.head)[to.ply];
      app.head = to;
      app.phase = 'idle';
      if (first) remove(first);
      goto(to);
    },
  };
}
