// The page's wiring: finds its elements, builds the parts (board, moves, engine panel, play, PGN, URL), and redraws
// them from the state (state.ts) when it changes. The rules come from game.ts (Tessera's core); the engine runs in Web
// Workers behind src/api/browser.ts.
import './style.css';
import { Engine } from '../src/api/browser';
import { SKILL_MAX_ELO, SKILL_MIN_ELO } from '../src/search/skill';
import { createBoard } from './board';
import { bindKeys } from './keys';
import { findSettingsDom } from './analysis-settings';
import { createEnginePanel } from './engine-panel';
import { createExtras } from './extras';
import { createMoveMenu } from './move-menu';
import { createMovesView, findNode } from './moves-view';
import { createOpeningView } from './opening-view';
import { createPgnIo, currentPgn } from './pgn-io';
import { createPlay } from './play';
import { createTablebasePanel, findTablebaseDom } from './tablebase-panel';
import { findPlayDom } from './play-dom';
import { readPgn, type PgnGame } from './pgn';
import {
  app,
  fail,
  gameAt,
  goto,
  halt,
  listen,
  makeMainline,
  navigate,
  play,
  promote,
  remove,
  setMode,
  setStatus,
  setTree,
  type Mode,
} from './state';
import { MoveTree, type MoveNode } from './tree';
import { decodeHash, encodeHash, nodeAt, pathOf } from './url';

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};

const ui = {
  status: $('status'),
  tabPlay: $<HTMLButtonElement>('tab-play'),
  tabAnalyse: $<HTMLButtonElement>('tab-analyse'),
  fullStrength: $<HTMLInputElement>('full-strength'),
  elo: $<HTMLInputElement>('elo'),
  eloValue: $<HTMLOutputElement>('elo-value'),
  newGame: $<HTMLButtonElement>('new-game'),
  threadsLabel: $('threads-label'),
  fenForm: $<HTMLFormElement>('fen-form'),
  fen: $<HTMLInputElement>('fen'),
  undo: $<HTMLButtonElement>('undo'),
  promote: $<HTMLButtonElement>('promote'),
  remove: $<HTMLButtonElement>('delete'),
  caps: $('caps'),
};
const panelDom = {
  go: $<HTMLButtonElement>('go'),
  stop: $<HTMLButtonElement>('stop'),
  multipv: $<HTMLSelectElement>('multipv'),
  threads: $<HTMLSelectElement>('threads'),
  stats: $('stats'),
  lines: $<HTMLOListElement>('lines'),
  fen: ui.fen,
  evalWhite: $('evalbar-white'),
  evalText: $('evalbar-text'),
};

const board = createBoard($('board'), (uci) => {
  if (app.mode === 'play') return gamePlay.move(uci);
  if (!play(uci)) goto(app.tree.current);
});
const menu = createMoveMenu({
  promote,
  makeMain: makeMainline,
  remove: (node) => void deleteFrom(node),
});
const moves = createMovesView(
  $('moves'),
  (id) => {
    const node = findNode(app.tree, id);
    if (node) goto(node);
  },
  (id, x, y) => {
    const node = findNode(app.tree, id);
    // The game against the engine is one line: its tree is not edited.
    if (node && app.mode === 'analyse') menu.open(app.tree, node, x, y);
  },
);
const panel = createEnginePanel(panelDom, findSettingsDom(), board, (uci) => void play(uci));
const opening = createOpeningView($('opening'));
createTablebasePanel(findTablebaseDom(), () => void panel.analyse({ keep: true }));
const extras = createExtras(
  board,
  openTree,
  () => Number(panelDom.threads.value || 1),
  goto,
  () => moves.render(app.tree, resultText(), app.review),
);
const gamePlay = createPlay(
  findPlayDom(),
  (color) => board.setOrientation(color),
  // The game's PGN, with its result and tags, waits in the PGN box to be copied or downloaded.
  () => {
    $<HTMLTextAreaElement>('pgn-text').value = currentPgn();
    $<HTMLDetailsElement>('pgn-box').open = true;
  },
);

function updateInput(): void {
  const game = gameAt();
  const can = app.mode === 'play' ? gamePlay.canMove() : app.engine !== null && app.phase !== 'error';
  board.allowMoves(can ? game : null);
}

/** The result after the main line: the game's end there, else a result the PGN gave. */
function resultText(): string {
  const end = gameAt(app.tree.mainline().at(-1) ?? app.tree.root).end();
  if (end) return end.score;
  const tag = app.tags.Result;
  return tag && tag !== '*' ? tag : '';
}

function writeUrl(): void {
  const hasMoves = app.tree.root.children.length > 0;
  const hash = encodeHash({
    pgn: hasMoves ? currentPgn() : undefined,
    fen: app.tree.root.fen,
    path: pathOf(app.tree.current),
  });
  if (`#${hash}` === (location.hash || '#')) return;
  history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
}

listen((change) => {
  extras.onChange(change);
  if (change === 'status') {
    document.body.dataset.state = app.phase;
    ui.status.textContent = app.status;
    updateInput();
    return;
  }
  if (change === 'mode') {
    document.body.dataset.mode = app.mode;
    ui.tabPlay.setAttribute('aria-pressed', String(app.mode === 'play'));
    ui.tabAnalyse.setAttribute('aria-pressed', String(app.mode === 'analyse'));
    return;
  }
  const node = app.tree.current;
  board.show(gameAt(node), node.uci, true);
  opening.show(app.tree, node);
  moves.render(app.tree, resultText(), app.review);
  ui.remove.disabled = node === app.tree.root;
  // In analysis, Take back deletes the move shown: there is none at the start.
  ui.undo.disabled = !app.engine || (app.mode === 'analyse' && node === app.tree.root);
  ui.promote.disabled = !node.parent || node.parent.children.indexOf(node) === 0;
  ui.fen.value = gameAt(node).fen();
  writeUrl();
  if (app.mode === 'analyse') panel.onPosition();
  else gamePlay.settle();
  updateInput();
});

async function switchMode(next: Mode): Promise<void> {
  if (next === app.mode) return;
  await halt();
  // Play continues the game from the position analysed.
  if (next === 'play') app.head = app.tree.current;
  app.phase = 'idle';
  setMode(next);
  goto(app.tree.current);
}

/** A new game tree from a PGN, a FEN or a link: shown in analysis, the analysis kept running if it ran. */
async function openTree(tree: MoveTree, tags: Record<string, string>, at = tree.root): Promise<void> {
  const wasAnalysing = app.analysing;
  await halt();
  app.engine?.newGame();
  if (app.mode === 'play') {
    app.phase = 'idle';
    setMode('analyse');
  }
  app.analysing = wasAnalysing;
  tree.goto(at);
  setTree(tree, tags);
}

/** Opens what the URL's hash holds: true if it did, false if it holds nothing of ours, or why it cannot be read. */
function openHash(): boolean | string {
  const state = decodeHash(location.hash);
  if (!state) return false;
  try {
    const game: PgnGame | string = state.pgn ? readPgn(state.pgn) : { tags: {}, tree: new MoveTree(state.fen) };
    if (typeof game === 'string') throw new Error(game);
    void openTree(game.tree, game.tags, nodeAt(game.tree, state.path));
    return true;
  } catch (err) {
    return `The link's game could not be read: ${(err as Error).message}`;
  }
}

bindKeys(navigate, () => void board.flip());
window.addEventListener('hashchange', () => {
  const opened = openHash();
  if (typeof opened === 'string') setStatus(app.phase, opened);
});

function showStrength(): void {
  ui.eloValue.textContent = ui.fullStrength.checked ? 'full' : ui.elo.value;
  ui.elo.disabled = ui.fullStrength.checked;
}
ui.elo.min = String(SKILL_MIN_ELO);
ui.elo.max = String(SKILL_MAX_ELO);
ui.elo.value = '1500';
showStrength();
ui.elo.addEventListener('input', showStrength);
ui.fullStrength.addEventListener('change', showStrength);
ui.tabPlay.addEventListener('click', () => void switchMode('play'));
ui.tabAnalyse.addEventListener('click', () => void switchMode('analyse'));
ui.newGame.addEventListener('click', () => void gamePlay.newGame());
panelDom.go.addEventListener('click', () => void panel.analyse());
panelDom.stop.addEventListener('click', () => void panel.stop());

async function deleteFrom(node: MoveNode): Promise<void> {
  if (!node.parent) return;
  const wasAnalysing = app.analysing;
  await halt();
  app.analysing = wasAnalysing;
  remove(node);
}
ui.undo.addEventListener('click', () =>
  app.mode === 'play' ? void gamePlay.takeBack() : void deleteFrom(app.tree.current),
);
ui.remove.addEventListener('click', () => void deleteFrom(app.tree.current));
ui.promote.addEventListener('click', () => promote(app.tree.current));

ui.fenForm.addEventListener('submit', (e) => {
  e.preventDefault();
  let tree: MoveTree;
  try {
    tree = new MoveTree(ui.fen.value.trim());
  } catch (err) {
    setStatus('idle', `Bad FEN: ${(err as Error).message}`);
    return;
  }
  void openTree(tree, {});
});
createPgnIo(
  {
    text: $<HTMLTextAreaElement>('pgn-text'),
    load: $<HTMLButtonElement>('pgn-load'),
    file: $<HTMLInputElement>('pgn-file'),
    copy: $<HTMLButtonElement>('pgn-copy'),
    download: $<HTMLButtonElement>('pgn-download'),
    copyFen: $<HTMLButtonElement>('fen-copy'),
    message: $('pgn-message'),
  },
  (game) => void openTree(game.tree, game.tags),
  () => gameAt().fen(),
);

async function init(): Promise<void> {
  for (const b of [panelDom.go, panelDom.stop, ui.newGame, ui.undo]) b.disabled = true;
  try {
    app.engine = await Engine.start({ threads: 1, hash: 16 });
  } catch (err) {
    fail(err);
    return;
  }
  const caps = app.engine.capabilities;
  // More threads than cores only slow each other down.
  const max = caps.sharedMemory ? Math.max(1, Math.min(caps.maxThreads, navigator.hardwareConcurrency || 1)) : 1;
  for (let n = 1; n <= max; n++) panelDom.threads.append(new Option(String(n), String(n), n === 1, n === 1));
  ui.threadsLabel.hidden = max === 1;
  ui.caps.textContent = caps.sharedMemory
    ? `Cross-origin isolated: up to ${max} thread${max === 1 ? '' : 's'} with a shared hash.`
    : 'Not cross-origin isolated: one thread (serve with COOP/COEP headers for more).';
  for (const b of [panelDom.go, ui.newGame, ui.undo]) b.disabled = false;
  // Without a game in the link, the game of the last visit (IndexedDB), else a new one; a link that cannot be read
  // still meant its own game, so a new one.
  if (fromLink === false) {
    if (!(await extras.restore())) await gamePlay.newGame();
  } else {
    extras.skipRestore();
    if (fromLink === true) goto(app.tree.current);
    else await gamePlay.newGame();
  }
  // A link that could not be read: said once the page is ready, over a new game.
  if (typeof fromLink === 'string') setStatus(app.phase, `${fromLink}. ${app.status}`);
}

// A link with a game or a position opens it for analysis at once, before the engine is ready; otherwise a new game
// once it is.
const fromLink = openHash();
if (fromLink !== true) goto(app.tree.root);
void init();
