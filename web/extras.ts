// The page's parts that live beyond one visit, wired here to keep main.ts to the board and the game: the whole-game
// review (review-panel.ts), the current game and the saved games in IndexedDB (session.ts, storage.ts), and, in a
// production build, the service worker that keeps the page offline and cross-origin isolated on any static host
// (isolation.ts). Not under `npm run web`'s dev server: a worker caching its modules would only get in the way.
import type { BoardView } from './board';
import { startServiceWorker } from './isolation';
import type { PgnGame } from './pgn';
import { createReviewPanel } from './review-panel';
import { createSession } from './session';
import { app, setStatus, type Change } from './state';
import { openStorage } from './storage';
import type { MoveNode, MoveTree } from './tree';

export interface Extras {
  /** The state changed (state.ts's listeners): the review follows the position, the game is saved a moment later. */
  onChange(change: Change): void;
  /** Opens the game saved by the last visit (in analysis) if there is one; true if it did. */
  restore(): Promise<boolean>;
  /** Stops reading the saved game (the URL brought its own), and starts saving. */
  skipRestore(): void;
}

function find<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

export function createExtras(
  board: BoardView,
  open: (tree: MoveTree, tags: Record<string, string>, at: MoveNode) => Promise<void>,
  threads: () => number,
  goto: (node: MoveNode) => void,
  /** Redraws the move list (the review's marks changed). */
  redrawMoves: () => void,
): Extras {
  // import.meta.hot exists only under the dev server (whatever NODE_ENV a build runs with: vitest sets 'test').
  if (!import.meta.hot) void startServiceWorker();
  const storage = openStorage();
  const review = createReviewPanel(
    {
      run: find('review-run'),
      stop: find('review-stop'),
      depth: find('review-depth'),
      progress: find('review-progress'),
      summary: find('review-summary'),
      mistakes: find('review-mistakes'),
      graph: find('review-graph'),
      box: find('review'),
    },
    storage,
    board,
    goto,
    threads,
    redrawMoves,
  );
  const session = createSession(
    storage,
    { name: find('game-name'), save: find('game-save'), list: find('games-list'), message: find('games-message') },
    (game: PgnGame, at: MoveNode) => void open(game.tree, game.tags, at),
  );

  return {
    onChange(change) {
      if (change === 'status') return;
      if (change === 'mode' && app.mode === 'analyse') review.resize();
      review.onPosition();
      session.saveSoon();
    },
    async restore() {
      const kept = await session.restore();
      if (!kept) return false;
      await open(kept.game.tree, kept.game.tags, kept.at);
      // A game against the engine comes back for analysis: its clock is not kept across a reload.
      if (kept.saved.mode === 'play') setStatus(app.phase, 'Your last game against Tessera, reopened for analysis');
      return true;
    },
    skipRestore() {
      void session.restore();
    },
  };
}
