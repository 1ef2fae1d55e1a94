// The page's state in one place: the game tree and where the board is in it, the mode, the engine and what it is
// doing for the page. The parts (board, moves view, engine panel, play, PGN, URL) read `app` and change it only
// through the functions here, which tell every listener that something changed.
import { EngineError, type Engine, type SearchInfo } from '../src/api/browser';
import type { Tablebases } from '../src/tb/syzygy';
import { Game, type Color } from './game';
import type { Step } from './keys';
import type { MoveReview } from './review';
import type { Match } from './match';
import { MoveTree, type MoveNode } from './tree';

export type Mode = 'play' | 'analyse';
/** What the page is doing, mirrored on <body data-state> (the browser tests wait on it). */
export type Phase = 'loading' | 'human' | 'engine' | 'over' | 'idle' | 'analysing' | 'error';

export interface App {
  mode: Mode;
  tree: MoveTree;
  /** The PGN tags of the game loaded (or played), kept for the export. */
  tags: Record<string, string>;
  /** In play mode, the node the game has reached; the board may show an earlier one while the player looks back. */
  head: MoveNode;
  /** The side the player has in play mode. */
  human: Color;
  /** The game on a clock in play mode (its clocks, the engine's last evaluation, its end), or null before one. */
  match: Match | null;
  engine: Engine | null;
  phase: Phase;
  status: string;
  /** Bumped whenever a search's answer stops mattering (new position, new game, mode change): stale ones drop. */
  generation: number;
  /** Stops the search now running for the page, if any. */
  stopSearch: (() => Promise<unknown>) | null;
  /** The analysis runs (and restarts on each new position) until Stop. */
  analysing: boolean;
  /** The analysis's latest exact line per MultiPV index, for the node shown. */
  lines: SearchInfo[];
  /** The option values last sent to the engine, so that a search sends only what changed. */
  options: Map<string, string | number | boolean>;
  /** The whole-game review of the main line so far (review-panel.ts): each judged move by its node. */
  review: Map<MoveNode, MoveReview>;
  /** The endgame tables the user turned on (tablebase-panel.ts): the files fetched, given to the engine, and the
   * main thread's prober over the same bytes; null while off. */
  tablebases: { files: ReadonlyMap<string, Uint8Array>; tb: Tablebases } | null;
}

const tree = new MoveTree();
export const app: App = {
  mode: 'play',
  tree,
  tags: {},
  head: tree.root,
  human: 'w',
  match: null,
  engine: null,
  phase: 'loading',
  status: 'Loading the engine…',
  generation: 0,
  stopSearch: null,
  analysing: false,
  lines: [],
  options: new Map(),
  review: new Map(),
  tablebases: null,
};

/** What changed: the node shown (or the tree), the mode, or the status line. */
export type Change = 'position' | 'mode' | 'status';
type Listener = (change: Change) => void;
const listeners: Listener[] = [];

export function listen(fn: Listener): void {
  listeners.push(fn);
}

function emit(change: Change): void {
  for (const fn of listeners) fn(change);
}

export function setStatus(phase: Phase, text: string): void {
  app.phase = phase;
  app.status = text;
  emit('status');
}

export function setMode(mode: Mode): void {
  app.mode = mode;
  emit('mode');
}

/** Shows node (of the current tree). */
export function goto(node: MoveNode): void {
  app.tree.goto(node);
  emit('position');
}

/** Moves through the tree as the keys do; nothing happens (and nothing is redrawn) at an end. */
export function navigate(step: Step): void {
  const t = app.tree;
  const before = t.current;
  if (step === 'back') t.back();
  else if (step === 'forward') t.forward();
  else if (step === 'up') t.sibling(-1);
  else if (step === 'down') t.sibling(1);
  else if (step === 'start') t.toStart();
  else t.toEnd();
  if (t.current !== before) emit('position');
}

/** Plays a move (UCI) from the node shown: follows a child with that move or adds one. Null when illegal. */
export function play(uci: string): MoveNode | null {
  const node = app.tree.play(uci);
  if (node) emit('position');
  return node;
}

/** Puts a new tree (a new game, a PGN, a FEN) in place of the old one. */
export function setTree(next: MoveTree, tags: Record<string, string> = {}): void {
  app.tree = next;
  app.tags = tags;
  app.head = next.current;
  emit('position');
}

/** Deletes node and what follows it (the view moves up if it was inside). */
export function remove(node: MoveNode): void {
  app.tree.remove(node);
  emit('position');
}

/** Makes node's line one place more important among its siblings. */
export function promote(node: MoveNode): void {
  app.tree.promote(node);
  emit('position');
}

/** Makes node's line the main line: at every branch on its way, its side goes first. */
export function makeMainline(node: MoveNode): void {
  for (const n of app.tree.path(node)) while (n.parent && n.parent.children[0] !== n) app.tree.promote(n);
  emit('position');
}

/** Games replayed for the nodes asked about last (the one shown, the main line's end), newest last. */
const replayed = new Map<MoveNode, Game>();

/**
 * The game up to node: its path replayed from the root through the core, so that the end of the game (repetitions,
 * the fifty-move rule) is judged on the moves that led there. The caller reads it and never plays into it.
 */
export function gameAt(node: MoveNode = app.tree.current): Game {
  const known = replayed.get(node);
  if (known) return known;
  const game = new Game(app.tree.root.fen);
  for (const n of app.tree.path(node)) if (!game.play(n.uci)) break;
  replayed.set(node, game);
  // A node's path never changes, so an entry stays right; the map only needs to stay small.
  if (replayed.size > 8) replayed.delete(replayed.keys().next().value as MoveNode);
  return game;
}

/** Drops whatever the engine is doing for the page: a search still running is stopped, its answer ignored. */
export async function halt(): Promise<void> {
  app.generation++;
  app.analysing = false;
  const stop = app.stopSearch;
  app.stopSearch = null;
  if (app.phase === 'engine' || app.phase === 'analysing') app.phase = 'idle';
  if (stop) await stop();
}

export async function setOption(name: string, value: string | number | boolean): Promise<void> {
  if (!app.engine || app.options.get(name) === value) return;
  app.options.delete(name);
  await app.engine.setOption(name, value);
  app.options.set(name, value);
}

export function fail(err: unknown): void {
  const text = err instanceof EngineError ? `Engine error: ${err.message}` : String(err);
  console.error(err);
  setStatus('error', text);
}
