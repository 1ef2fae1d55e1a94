// The game kept across reloads, and the games saved under a name (web/storage.ts, IndexedDB). The current game (its
// PGN, the node shown, the mode and the player's colour) is written a moment after every change; the page opens it
// again on a load whose URL holds no game of its own. "Games" lists the saved ones: save under a name, open, delete.
import type { Color } from './game';
import { currentPgn } from './pgn-io';
import { readPgn, type PgnGame } from './pgn';
import { app, type Mode } from './state';
import type { Storage } from './storage';
import type { MoveNode } from './tree';
import { nodeAt, pathOf } from './url';

export interface SavedGame {
  pgn: string;
  /** The child indices from the root to the node shown. */
  path: number[];
  mode: Mode;
  human: Color;
  /** When it was written, ms since 1970. */
  saved: number;
}

export interface SessionDom {
  name: HTMLInputElement;
  save: HTMLButtonElement;
  list: HTMLUListElement;
  message: HTMLElement;
}

export interface Session {
  /** The state changed: the current game is written a moment later (many changes, one write). */
  saveSoon(): void;
  /**
   * The current game as last written, read back as a game and the node to show; null when none or unreadable. Saving
   * starts once it has been called (whether the page opens what it gives or not).
   */
  restore(): Promise<{ saved: SavedGame; game: PgnGame; at: MoveNode } | null>;
}

const CURRENT = 'current';
const DELAY_MS = 250;

function snapshot(): SavedGame {
  return { pgn: currentPgn(), path: pathOf(app.tree.current), mode: app.mode, human: app.human, saved: Date.now() };
}

/** A saved game read back: its tree with the node to show, or why it cannot be read. */
function revive(saved: SavedGame): { game: PgnGame; at: MoveNode } | string {
  const game = readPgn(saved.pgn);
  if (typeof game === 'string') return game;
  return { game, at: nodeAt(game.tree, saved.path ?? []) };
}

/** A name for the game from its players, else the date and time. */
function defaultName(): string {
  const known = (v: string | undefined): string => (v && v !== '?' ? v : '');
  const who = [known(app.tags.White), known(app.tags.Black)].filter(Boolean).join(' – ');
  return who || new Date().toLocaleString();
}

/** open: a saved game to show (the caller puts it on the page, in analysis). */
export function createSession(
  storage: Promise<Storage | null>,
  ui: SessionDom,
  open: (game: PgnGame, at: MoveNode) => void,
): Session {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let store: Storage | null = null;
  /** Nothing is written before the saved game has been read (the page's first, empty game must not replace it). */
  let reading = true;

  function say(text: string): void {
    ui.message.textContent = text;
  }

  async function refresh(): Promise<void> {
    if (!store) return;
    const games = await store.entries<SavedGame>('games');
    ui.list.replaceChildren(
      ...games
        .sort((a, b) => b[1].saved - a[1].saved)
        .map(([name, g]) => {
          const li = document.createElement('li');
          li.className = 'saved-game';
          const openButton = document.createElement('button');
          openButton.type = 'button';
          openButton.className = 'game-open';
          openButton.textContent = name;
          openButton.title = `Saved ${new Date(g.saved).toLocaleString()}`;
          openButton.addEventListener('click', () => {
            const read = revive(g);
            if (typeof read === 'string') say(`“${name}” could not be read: ${read}`);
            else open(read.game, read.at);
          });
          const del = document.createElement('button');
          del.type = 'button';
          del.className = 'game-delete';
          del.textContent = '✕';
          del.title = `Delete “${name}”`;
          del.setAttribute('aria-label', `Delete ${name}`);
          del.addEventListener('click', () => void store?.delete('games', name).then(refresh));
          li.append(openButton, del);
          return li;
        }),
    );
  }

  ui.save.disabled = true;
  ui.save.addEventListener('click', () => {
    if (!store) return;
    const name = ui.name.value.trim() || defaultName();
    void store
      .put('games', name, snapshot())
      .then(() => {
        ui.name.value = '';
        say(`Saved as “${name}”.`);
        return refresh();
      })
      .catch((err: unknown) => say(`Not saved: ${String(err)}`));
  });
  const ready = storage.then(async (s) => {
    store = s;
    ui.save.disabled = !s;
    if (!s) say('This browser keeps nothing here (no IndexedDB): games are not saved.');
    await refresh().catch((err: unknown) => say(`The saved games could not be read: ${String(err)}`));
  });

  return {
    saveSoon() {
      if (!store || reading) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void store?.put('session', CURRENT, snapshot()).catch((err: unknown) => console.warn('game not saved:', err));
      }, DELAY_MS);
    },
    async restore() {
      await ready;
      const saved = store ? await store.get<SavedGame>('session', CURRENT).catch(() => undefined) : undefined;
      reading = false;
      if (!saved) return null;
      const read = revive(saved);
      if (typeof read === 'string') {
        console.warn('the saved game could not be read:', read);
        return null;
      }
      return { saved, ...read };
    },
  };
}
