// The page: a board (cm-chessboard), a game against Tessera at a chosen strength, and an analysis mode. The rules come
// from game.ts (Tessera's core); the engine runs in Web Workers behind src/api/browser.ts.
import 'cm-chessboard/assets/chessboard.css';
import 'cm-chessboard/assets/extensions/markers/markers.css';
import 'cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css';
import './style.css';
import piecesUrl from 'cm-chessboard/assets/pieces/staunty.svg?url';
import markersUrl from 'cm-chessboard/assets/extensions/markers/markers.svg?url';
import { Chessboard, COLOR, INPUT_EVENT_TYPE, type MoveInputEvent } from 'cm-chessboard/src/Chessboard.js';
import { Markers, MARKER_TYPE } from 'cm-chessboard/src/extensions/markers/Markers.js';
import { PromotionDialog } from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import { Engine, EngineError, type SearchInfo } from '../src/api/browser';
import { SKILL_MAX_ELO, SKILL_MIN_ELO } from '../src/search/skill';
import { Game, barShare, formatScore, whiteScore, type Color } from './game';

type Mode = 'play' | 'analyse';
/** What the page is doing, mirrored on <body data-state> (the browser test waits on it). */
type State = 'loading' | 'human' | 'engine' | 'over' | 'idle' | 'analysing' | 'error';

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
  eloLabel: $('elo-label'),
  movetime: $<HTMLSelectElement>('movetime'),
  color: $<HTMLSelectElement>('color'),
  newGame: $<HTMLButtonElement>('new-game'),
  multipv: $<HTMLSelectElement>('multipv'),
  threads: $<HTMLSelectElement>('threads'),
  threadsLabel: $('threads-label'),
  go: $<HTMLButtonElement>('go'),
  stop: $<HTMLButtonElement>('stop'),
  fenForm: $<HTMLFormElement>('fen-form'),
  fen: $<HTMLInputElement>('fen'),
  stats: $('stats'),
  lines: $<HTMLOListElement>('lines'),
  undo: $<HTMLButtonElement>('undo'),
  flip: $<HTMLButtonElement>('flip'),
  moves: $('moves'),
  caps: $('caps'),
  evalWhite: $('evalbar-white'),
  evalText: $('evalbar-text'),
};

let mode: Mode = 'play';
let game = new Game();
let human: Color = 'w';
let engine: Engine | null = null;
/** Bumped whenever a search's answer stops mattering (new game, take-back, mode change): a stale answer is dropped. */
let generation = 0;
let stopCurrent: (() => Promise<unknown>) | null = null;
let analysing = false;

const board = new Chessboard($('board'), {
  position: game.fen(),
  style: { cssClass: 'default', showCoordinates: true, pieces: { file: piecesUrl }, animationDuration: 200 },
  extensions: [
    { class: Markers, props: { sprite: markersUrl, autoMarkers: MARKER_TYPE.frame } },
    { class: PromotionDialog },
  ],
});

function setState(state: State, text: string): void {
  document.body.dataset.state = state;
  ui.status.textContent = text;
}

// ---------- the board ----------

function canMoveNow(): boolean {
  if (!engine || game.end()) return false;
  return mode === 'analyse' || (game.turn() === human && document.body.dataset.state === 'human');
}

function updateInput(): void {
  board.disableMoveInput();
  if (canMoveNow()) board.enableMoveInput(onInput, game.turn() === 'w' ? COLOR.white : COLOR.black);
}

function onInput(event: MoveInputEvent): boolean | undefined {
  switch (event.type) {
    case INPUT_EVENT_TYPE.moveInputStarted: {
      const to = canMoveNow() ? game.destinations(event.squareFrom) : [];
      for (const sq of to) board.addMarker(MARKER_TYPE.dot, sq);
      return to.length > 0;
    }
    case INPUT_EVENT_TYPE.validateMoveInput: {
      board.removeMarkers(MARKER_TYPE.dot);
      const from = event.squareFrom,
        to = event.squareTo ?? '';
      if (!game.destinations(from).includes(to)) return false;
      if (game.isPromotion(from, to)) {
        board.showPromotionDialog(to, game.turn(), (result) => {
          if (result.type === 'pieceSelected' && result.piece) userMove(from + to + result.piece.charAt(1));
          else void board.setPosition(game.fen(), false);
        });
        return true;
      }
      // The board finishes its own move first; then it takes the position from the game (castling, en passant).
      void board.state.moveInputProcess.then(() => userMove(from + to));
      return true;
    }
    case INPUT_EVENT_TYPE.moveInputCanceled:
    case INPUT_EVENT_TYPE.moveInputFinished:
      board.removeMarkers(MARKER_TYPE.dot);
      return undefined;
    default:
      return undefined;
  }
}

function showPosition(animated: boolean): void {
  void board.setPosition(game.fen(), animated);
  board.removeMarkers(MARKER_TYPE.square);
  const last = game.moves.at(-1);
  if (last) {
    board.addMarker(MARKER_TYPE.square, last.slice(0, 2));
    board.addMarker(MARKER_TYPE.square, last.slice(2, 4));
  }
  renderMoves();
}

function renderMoves(): void {
  ui.moves.replaceChildren();
  let number = game.startMoveNumber();
  let white = game.startTurn() === 'w';
  game.sans.forEach((san, i) => {
    if (white || i === 0) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = white ? `${number}.` : `${number}…`;
      ui.moves.append(num);
    }
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.uci = game.moves[i];
    span.textContent = san;
    ui.moves.append(span);
    if (!white) number++;
    white = !white;
  });
  const end = game.end();
  if (end) {
    const res = document.createElement('span');
    res.className = 'result';
    res.textContent = end.score;
    ui.moves.append(res);
  }
  ui.moves.scrollTop = ui.moves.scrollHeight;
}

/** A line of SAN moves with move numbers, starting from the current position. */
function numbered(sans: readonly string[]): string {
  const startFullmove = Number(game.fen().split(' ')[5]);
  let white = game.turn() === 'w';
  let number = startFullmove;
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${number}. ${san}`);
    else parts.push(i === 0 ? `${number}… ${san}` : san);
    if (!white) number++;
    white = !white;
  });
  return parts.join(' ');
}

// ---------- moves and turns ----------

function userMove(uci: string): void {
  if (!game.play(uci)) {
    showPosition(false);
    return;
  }
  afterMove(false);
}

/** After any move: redraw, then the engine's turn, the analysis of the new position, or the end of the game. */
function afterMove(animated: boolean): void {
  showPosition(animated);
  const end = game.end();
  if (mode === 'play') {
    if (end) setState('over', `${end.text} (${end.score})`);
    else if (game.turn() !== human) void engineMove();
    else setState('human', 'Your move');
  } else if (analysing) {
    void analyse();
  } else {
    showAnalysisIdle();
  }
  updateInput();
}

/** The option values last sent, so that a search sends only what changed. */
const sent = new Map<string, string | number | boolean>();

async function setOption(name: string, value: string | number | boolean): Promise<void> {
  if (!engine || sent.get(name) === value) return;
  sent.delete(name);
  await engine.setOption(name, value);
  sent.set(name, value);
}

async function applyStrength(): Promise<void> {
  await setOption('MultiPV', 1);
  await setOption('UCI_LimitStrength', !ui.fullStrength.checked);
  if (!ui.fullStrength.checked) await setOption('UCI_Elo', Number(ui.elo.value));
}

async function engineMove(): Promise<void> {
  if (!engine) return;
  const gen = ++generation;
  setState('engine', 'Tessera is thinking…');
  updateInput();
  try {
    await applyStrength();
    if (gen !== generation) return;
    const search = engine.go({ fen: game.startFen, moves: [...game.moves], movetime: Number(ui.movetime.value) });
    stopCurrent = () => search.stop();
    const { bestmove } = await search.result;
    if (gen !== generation) return;
    stopCurrent = null;
    if (!bestmove || !game.play(bestmove)) throw new Error(`the engine answered ${bestmove} in ${game.fen()}`);
    afterMove(true);
  } catch (err) {
    if (gen === generation) fail(err);
  }
}

function fail(err: unknown): void {
  const text = err instanceof EngineError ? `Engine error: ${err.message}` : String(err);
  console.error(err);
  setState('error', text);
}

/** Drops whatever the engine is doing for the page. */
async function halt(): Promise<void> {
  generation++;
  analysing = false;
  const stop = stopCurrent;
  stopCurrent = null;
  if (stop) await stop();
  ui.go.disabled = !engine;
  ui.stop.disabled = true;
}

// ---------- analysis ----------

/** The latest exact line per MultiPV index. */
let lines: SearchInfo[] = [];

async function analyse(): Promise<void> {
  if (!engine) return;
  lines = [];
  ui.lines.replaceChildren();
  ui.stats.textContent = '';
  if (game.end()) {
    await halt();
    showAnalysisIdle();
    return;
  }
  const gen = ++generation;
  analysing = true;
  ui.go.disabled = true;
  ui.stop.disabled = false;
  setState('analysing', 'Analysing…');
  ui.fen.value = game.fen();
  try {
    // Options change between searches, not during one.
    const previous = stopCurrent;
    stopCurrent = null;
    if (previous) await previous();
    await setOption('UCI_LimitStrength', false);
    await setOption('MultiPV', Number(ui.multipv.value));
    await setOption('Threads', Number(ui.threads.value || 1));
    if (gen !== generation) return;
    const turn = game.turn();
    const search = engine.go({ fen: game.startFen, moves: [...game.moves], infinite: true, san: true });
    stopCurrent = () => search.stop();
    for await (const info of search) {
      if (gen !== generation) break;
      showInfo(info, turn);
    }
    await search.result;
    if (gen === generation) {
      stopCurrent = null;
      analysing = false;
      showAnalysisIdle();
    }
  } catch (err) {
    if (gen === generation) fail(err);
  }
}

function showInfo(info: SearchInfo, turn: Color): void {
  const nps = info.nps >= 1e6 ? `${(info.nps / 1e6).toFixed(2)} Mnps` : `${Math.round(info.nps / 1e3)} knps`;
  const nodes = info.nodes >= 1e6 ? `${(info.nodes / 1e6).toFixed(1)} M` : `${Math.round(info.nodes / 1e3)} k`;
  ui.stats.textContent = `depth ${info.depth}/${info.seldepth} · ${nps} · ${nodes} nodes · ${(info.time / 1000).toFixed(1)} s`;
  ui.stats.dataset.depth = String(info.depth);
  if (info.score.bound || info.pv.length === 0) return;
  lines[info.multipv - 1] = info;
  ui.lines.replaceChildren(
    ...lines
      .filter((l) => l)
      .map((l) => {
        const li = document.createElement('li');
        const white = whiteScore(l.score, turn);
        const score = document.createElement('span');
        score.className = 'score';
        score.textContent = formatScore(white);
        const pv = document.createElement('span');
        pv.className = 'pv';
        pv.textContent = numbered(l.san ?? game.sanLine(l.pv));
        li.dataset.depth = String(l.depth);
        li.append(score, pv);
        return li;
      }),
  );
  if (info.multipv === 1) setBar(whiteScore(info.score, turn));
}

function setBar(score: { cp: number } | { mate: number }): void {
  ui.evalWhite.style.height = `${(barShare(score) * 100).toFixed(1)}%`;
  ui.evalText.textContent = formatScore(score);
}

function showAnalysisIdle(): void {
  if (mode !== 'analyse') return;
  const end = game.end();
  if (end) {
    setState('over', `${end.text} (${end.score})`);
    if (end.reason === 'checkmate') setBar({ mate: end.winner === 'w' ? 1 : -1 });
    else setBar({ cp: 0 });
  } else {
    setState('idle', 'Press Go to analyse');
  }
  ui.fen.value = game.fen();
}

// ---------- controls ----------

async function newGame(): Promise<void> {
  await halt();
  game = new Game();
  engine?.newGame();
  const pick = ui.color.value;
  human = pick === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : (pick as Color);
  await board.setOrientation(human === 'w' ? COLOR.white : COLOR.black);
  afterMove(false);
}

async function setMode(next: Mode): Promise<void> {
  if (next === mode) return;
  await halt();
  mode = next;
  document.body.dataset.mode = mode;
  ui.tabPlay.setAttribute('aria-pressed', String(mode === 'play'));
  ui.tabAnalyse.setAttribute('aria-pressed', String(mode === 'analyse'));
  if (mode === 'analyse') {
    ui.lines.replaceChildren();
    ui.stats.textContent = '';
    setBar({ cp: 0 });
  }
  afterMove(false);
}

async function undo(): Promise<void> {
  const wasAnalysing = analysing;
  await halt();
  game.undo();
  // Against the engine, take back to the player's own turn.
  if (mode === 'play' && game.turn() !== human) game.undo();
  analysing = wasAnalysing;
  afterMove(false);
}

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
ui.tabPlay.addEventListener('click', () => void setMode('play'));
ui.tabAnalyse.addEventListener('click', () => void setMode('analyse'));
ui.newGame.addEventListener('click', () => void newGame());
ui.undo.addEventListener('click', () => void undo());
ui.flip.addEventListener('click', () => void board.setOrientation(board.getOrientation() === 'w' ? 'b' : 'w', true));
ui.go.addEventListener('click', () => void analyse());
ui.stop.addEventListener('click', () => void halt().then(showAnalysisIdle));
ui.multipv.addEventListener('change', () => {
  if (analysing) void analyse();
});
ui.threads.addEventListener('change', () => {
  if (analysing) void analyse();
});
ui.fenForm.addEventListener('submit', (e) => {
  e.preventDefault();
  let next: Game;
  try {
    next = new Game(ui.fen.value);
  } catch (err) {
    setState('idle', `Bad FEN: ${(err as Error).message}`);
    return;
  }
  const wasAnalysing = analysing;
  void halt().then(() => {
    game = next;
    engine?.newGame();
    analysing = wasAnalysing;
    afterMove(false);
  });
});

async function init(): Promise<void> {
  for (const b of [ui.go, ui.stop, ui.newGame, ui.undo]) b.disabled = true;
  try {
    engine = await Engine.start({ threads: 1, hash: 16 });
  } catch (err) {
    fail(err);
    return;
  }
  const caps = engine.capabilities;
  // More threads than cores only slow each other down.
  const max = caps.sharedMemory ? Math.max(1, Math.min(caps.maxThreads, navigator.hardwareConcurrency || 1)) : 1;
  for (let n = 1; n <= max; n++) ui.threads.append(new Option(String(n), String(n), n === 1, n === 1));
  ui.threadsLabel.hidden = max === 1;
  ui.caps.textContent = caps.sharedMemory
    ? `Cross-origin isolated: up to ${max} thread${max === 1 ? '' : 's'} with a shared hash.`
    : 'Not cross-origin isolated: one thread (serve with COOP/COEP headers for more).';
  for (const b of [ui.go, ui.newGame, ui.undo]) b.disabled = false;
  await newGame();
}

void init();
