// The optional endgame tables in the page: the "Tablebases (4.4 MB)" switch of the analysis settings (off until the
// user turns it on; remembered in localStorage) fetches the 3–4-piece Syzygy set the build ships as syzygy/NAME
// (syzygy-assets.mts), showing bytes fetched of the total, gives it to the engine (engine.setTablebases) and keeps it
// in the app state. With the tables on and at most four pieces on the board (no castling rights), their verdict and
// every move's result stand above the engine's lines (tb-verdict.ts, probed here on the main thread); with them off,
// a hint says they would give the exact result. A failed fetch or a file the engine cannot use says so in a line and
// leaves the engine without tables.
import { EngineError } from '../src/api/browser';
import { Tablebases } from '../src/tb/syzygy';
import { app, gameAt, listen, play } from './state';
import { inTables, moveResult, tbVerdict } from './tb-verdict';

export interface TablebaseDom {
  toggle: HTMLInputElement;
  /** Fetch progress, what was loaded, or what went wrong. */
  note: HTMLElement;
  /** The verdict and the moves, shown above the engine's lines. */
  box: HTMLElement;
  verdict: HTMLElement;
  moves: HTMLOListElement;
  /** "Tablebases off — turn on for the exact result". */
  hint: HTMLElement;
}

interface SyzygyIndex {
  files: { name: string; size: number }[];
  total: number;
}

const PREF_KEY = 'tessera.tablebases';
const BASE = './syzygy/';
/** Files fetched at once. */
const PARALLEL = 4;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

export function findTablebaseDom(): TablebaseDom {
  return {
    toggle: byId('tb-toggle'),
    note: byId('tb-note'),
    box: byId('tablebase'),
    verdict: byId('tb-verdict'),
    moves: byId('tb-moves'),
    hint: byId('tb-hint'),
  };
}

/** The user's choice, kept across visits (off where localStorage cannot be used). */
function readPref(): boolean {
  try {
    return localStorage.getItem(PREF_KEY) === 'on';
  } catch {
    return false;
  }
}

function writePref(on: boolean): void {
  try {
    localStorage.setItem(PREF_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that refuses storage: the choice lasts this visit.
  }
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

/** Every table the build lists, fetched a few at a time; progress reports the bytes so far and the total. */
async function fetchTables(progress: (done: number, total: number) => void): Promise<Map<string, Uint8Array>> {
  const r = await fetch(`${BASE}index.json`);
  if (!r.ok) throw new Error(`index.json: HTTP ${r.status}`);
  const index = (await r.json()) as SyzygyIndex;
  const files = new Map<string, Uint8Array>();
  const queue = [...index.files];
  const sum = { done: 0 };
  progress(0, index.total);
  const worker = async (): Promise<void> => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const res = await fetch(BASE + encodeURIComponent(f.name));
      if (!res.ok) throw new Error(`${f.name}: HTTP ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      files.set(f.name, bytes);
      sum.done += bytes.length;
      progress(sum.done, index.total);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return files;
}

/**
 * Wires the switch and the verdict. restart: called when the engine got new tables while the analysis runs, so
 * that the search uses them (tables reach the search threads between searches).
 */
export function createTablebasePanel(dom: TablebaseDom, restart: () => void): void {
  const view = {
    /** Bumped on each turn on or off: a fetch that is no longer wanted drops its result. */
    generation: 0,
    loading: false,
    /** The files the engine was last given (null: none). */
    engineHas: null as ReadonlyMap<string, Uint8Array> | null,
  };

  const say = (text: string): void => {
    dom.note.textContent = text;
  };

  function render(): void {
    const fen = gameAt().fen();
    const fits = app.mode === 'analyse' && inTables(fen);
    dom.hint.hidden = !fits || app.tablebases !== null || view.loading;
    const v = fits && app.tablebases ? tbVerdict(app.tablebases.tb, fen) : null;
    dom.box.hidden = v === null;
    dom.moves.replaceChildren();
    if (v === null) {
      dom.verdict.textContent = '';
      return;
    }
    if (typeof v === 'string') {
      dom.verdict.textContent = `Tablebase: ${v}`;
      delete dom.verdict.dataset.wdl;
      return;
    }
    dom.verdict.textContent = v.headline;
    dom.verdict.dataset.wdl = String(v.wdl);
    dom.moves.append(
      ...v.moves.map((m) => {
        const li = document.createElement('li');
        li.className = 'tb-move';
        li.dataset.uci = m.uci;
        li.dataset.wdl = m.mate ? 'mate' : String(m.wdl);
        const san = document.createElement('span');
        san.className = 'san';
        san.textContent = m.san;
        const result = document.createElement('span');
        result.className = 'result';
        result.textContent = moveResult(m);
        li.append(san, result);
        return li;
      }),
    );
  }

  /** Gives the engine the tables of the app state (or none) if it has other ones. */
  async function giveEngine(): Promise<void> {
    const engine = app.engine;
    const want = app.tablebases?.files ?? null;
    if (!engine || view.engineHas === want) return;
    view.engineHas = want;
    try {
      await engine.setTablebases(want);
      if (app.analysing && app.mode === 'analyse') restart();
    } catch (err) {
      view.engineHas = null;
      const why = err instanceof EngineError ? err.message : String(err);
      say(`The engine could not use the tables (${why}); it goes on without them.`);
    }
  }

  function turnOff(message: string): void {
    view.generation++;
    view.loading = false;
    app.tablebases = null;
    dom.toggle.checked = false;
    say(message);
    render();
    void giveEngine();
  }

  async function turnOn(): Promise<void> {
    const gen = ++view.generation;
    view.loading = true;
    say('Tablebases: fetching…');
    render();
    let files: Map<string, Uint8Array>;
    try {
      files = await fetchTables((done, total) => {
        if (gen === view.generation) say(`Tablebases: ${mb(done)} / ${mb(total)} MB`);
      });
    } catch (err) {
      if (gen === view.generation) {
        writePref(false);
        turnOff(`Tablebases could not be fetched (${(err as Error).message}); the engine goes on without them.`);
      }
      return;
    }
    if (gen !== view.generation) return;
    view.loading = false;
    const tb = Tablebases.fromFiles(files);
    if (tb.numWdl === 0) {
      turnOff(`Tablebases: no usable table among ${files.size} files${tb.problems[0] ? ` (${tb.problems[0]})` : ''}.`);
      return;
    }
    app.tablebases = { files, tb };
    const problems = tb.problems.length > 0 ? `; ${tb.problems.length} files left out (${tb.problems[0]})` : '';
    say(`Tablebases on: ${tb.numWdl} WDL and ${tb.numDtz} DTZ tables, up to ${tb.maxPieces} pieces${problems}.`);
    render();
    await giveEngine();
  }

  dom.toggle.addEventListener('change', () => {
    writePref(dom.toggle.checked);
    if (dom.toggle.checked) void turnOn();
    else turnOff('');
  });
  // A tap on a move plays it, as a line of the engine's does.
  dom.moves.addEventListener('click', (e) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-uci]');
    if (li?.dataset.uci && app.mode === 'analyse') play(li.dataset.uci);
  });
  listen((change) => {
    if (change === 'status') void giveEngine();
    else render();
  });
  if (readPref()) {
    dom.toggle.checked = true;
    void turnOn();
  } else render();
}
