// PGN and FEN in and out: paste a PGN or open a .pgn file (its first game), copy the game's PGN or the position's FEN
// to the clipboard, download the game as a .pgn file. Comments, NAGs and variations go both ways (pgn.ts). A PGN that
// cannot be read leaves the game as it was and says why.
import { readPgn, writePgn, type PgnGame } from './pgn';
import { app, gameAt } from './state';

export interface PgnDom {
  text: HTMLTextAreaElement;
  load: HTMLButtonElement;
  file: HTMLInputElement;
  copy: HTMLButtonElement;
  download: HTMLButtonElement;
  copyFen: HTMLButtonElement;
  message: HTMLElement;
}

/** The game as it stands, as PGN text; the result is the main line's when it ends the game, else the tag's. */
export function currentPgn(): string {
  const line = app.tree.mainline();
  const end = gameAt(line.at(-1) ?? app.tree.root).end();
  const tags = { ...app.tags };
  if (end) tags.Result = end.score;
  else if (line.length === 0) tags.Result = '*';
  return writePgn({ tags, tree: app.tree });
}

/** A file name from the players' names, or the date. */
function fileName(tags: Record<string, string>): string {
  const known = (v: string | undefined): string => (v && v !== '?' ? v : '');
  const who = [known(tags.White), known(tags.Black)].filter(Boolean).join('-vs-');
  const base = who || `tessera-${new Date().toISOString().slice(0, 10)}`;
  return `${base.replace(/[^\w.-]+/g, '_').slice(0, 80)}.pgn`;
}

/** `loaded` gets a game that was read; bad input only sets the message. */
export function createPgnIo(ui: PgnDom, loaded: (game: PgnGame) => void, fen: () => string): void {
  const say = (text: string, bad = false): void => {
    ui.message.textContent = text;
    ui.message.classList.toggle('bad', bad);
  };

  function load(text: string, from: string): void {
    const game = text.trim() ? readPgn(text) : 'there is nothing to read';
    if (typeof game === 'string') {
      say(`${from} not loaded: ${game}.`, true);
      return;
    }
    loaded(game);
    say(`${from} loaded: ${game.tree.mainline().length} plies.`);
  }

  async function copy(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      say(`${what} copied.`);
    } catch {
      // No clipboard (an insecure page, a denied permission): the text goes in the box to copy by hand.
      ui.text.value = text;
      ui.text.select();
      say(`${what} is in the box above: the clipboard could not be written.`, true);
    }
  }

  ui.load.addEventListener('click', () => load(ui.text.value, 'PGN'));
  ui.file.addEventListener('change', () => {
    const file = ui.file.files?.[0];
    if (!file) return;
    if (file.size > 4 << 20) return say(`${file.name} is too large (over 4 MB).`, true);
    file.text().then(
      (text) => load(text, file.name),
      (err: unknown) => say(`${file.name} could not be read: ${String(err)}`, true),
    );
    ui.file.value = '';
  });
  ui.copy.addEventListener('click', () => void copy(currentPgn(), 'PGN'));
  ui.copyFen.addEventListener('click', () => void copy(fen(), 'FEN'));
  ui.download.addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([currentPgn()], { type: 'application/x-chess-pgn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(app.tags);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(`Saved as ${a.download}.`);
  });
}
