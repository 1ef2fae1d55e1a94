// The analysis: Go and Stop, MultiPV lines in SAN with their scores, depth and speed, the evaluation bar, and the
// engine's moves as arrows on the board (the best line's strongest; hovering a line previews its first moves). The
// analysis follows the node shown: a new position restarts it while it runs. A search runs until Stop, to a depth or
// for a time (analysis-settings.ts); Go deeper takes a finished one further without clearing its lines, and a change
// of lines, threads or hash mid-search restarts it with the old lines kept until new ones come. Threat mode (the
// button or x) searches the position with the move passed to the opponent (threat.ts): its best move is a red arrow.
// The search stops when the tab is hidden.
import type { SearchInfo } from '../src/api/browser';
import { deeper, describeLimit, goLimit, parseLimit, type SearchLimit, type SettingsDom } from './analysis-settings';
import type { BoardArrow, BoardView } from './board';
import { barShare, formatScore, whiteScore, type Color } from './game';
import { numberLine } from './moves-layout';
import { app, fail, gameAt, halt, listen, setOption, setStatus } from './state';
import { threatFen } from './threat';
import type { MoveNode } from './tree';

export interface EnginePanelDom {
  go: HTMLButtonElement;
  stop: HTMLButtonElement;
  multipv: HTMLSelectElement;
  threads: HTMLSelectElement;
  stats: HTMLElement;
  lines: HTMLOListElement;
  fen: HTMLInputElement;
  evalWhite: HTMLElement;
  evalText: HTMLElement;
}

export interface EnginePanel {
  /** Starts (or restarts) the analysis; `keep` leaves the lines shown until new ones arrive. */
  analyse(opts?: { keep?: boolean; limit?: SearchLimit }): Promise<void>;
  /** Threat mode on or off (the x key). */
  toggleThreat(): void;
  stop(): Promise<void>;
  /** The node shown changed: drop the old lines, and analyse the new position if the analysis runs. */
  onPosition(): void;
  /** Shows the position's state when no analysis runs. */
  showIdle(): void;
  clear(): void;
}

/** How many moves of a line a hover previews as arrows. */
const PREVIEW_PLIES = 4;

export function createEnginePanel(
  ui: EnginePanelDom,
  set: SettingsDom,
  board: BoardView,
  playMove: (uci: string) => void,
): EnginePanel {
  /** The MultiPV index (0-based) of the line under the pointer, or -1: a view detail, not the page's state. */
  let hovered = -1;
  /** Threat mode; and the search that finished by its limit (Go deeper's start), with the node it was of. */
  const view = {
    threat: false,
    finished: null as { node: MoveNode; limit: SearchLimit; depth: number } | null,
    /** The lines shown are the threat's (searched in the passed position). */
    threatLines: false,
  };

  function drawArrows(): void {
    if (app.mode !== 'analyse') {
      board.setArrows([]);
      return;
    }
    const hover = app.lines[hovered];
    const arrows: BoardArrow[] = hover
      ? hover.pv.slice(0, PREVIEW_PLIES).map((uci, i) => ({ kind: i % 2 ? 'previewReply' : 'preview', uci }))
      : app.lines
          .filter((l) => l?.pv.length)
          .map((l, i) => ({ kind: i > 0 ? 'other' : view.threatLines ? 'threat' : 'best', uci: l.pv[0] }));
    board.setArrows(arrows);
  }

  ui.lines.addEventListener('mouseover', (e) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-multipv]');
    const at = li ? Number(li.dataset.multipv) - 1 : -1;
    if (at !== hovered) {
      hovered = at;
      drawArrows();
    }
  });
  ui.lines.addEventListener('mouseleave', () => {
    hovered = -1;
    drawArrows();
  });
  // A tap (or click) on a line plays its first move, as on lichess: the way to follow a line on a phone.
  ui.lines.addEventListener('click', (e) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-multipv]');
    const line = li ? app.lines[Number(li.dataset.multipv) - 1] : undefined;
    // A threat's move is the opponent's, not one to play here.
    if (line?.pv[0] && !view.threatLines) playMove(line.pv[0]);
  });

  function setBar(score: { cp: number } | { mate: number }): void {
    ui.evalWhite.style.height = `${(barShare(score) * 100).toFixed(1)}%`;
    ui.evalText.textContent = formatScore(score);
  }

  function clear(): void {
    app.lines = [];
    view.threatLines = false;
    ui.lines.classList.remove('threat');
    hovered = -1;
    ui.lines.replaceChildren();
    ui.stats.textContent = '';
    delete ui.stats.dataset.depth;
    drawArrows();
  }

  function showInfo(info: SearchInfo, turn: Color, fen: string): void {
    const nps = info.nps >= 1e6 ? `${(info.nps / 1e6).toFixed(2)} Mnps` : `${Math.round(info.nps / 1e3)} knps`;
    const nodes = info.nodes >= 1e6 ? `${(info.nodes / 1e6).toFixed(1)} M` : `${Math.round(info.nodes / 1e3)} k`;
    const tb = info.tbhits ? ` · ${info.tbhits} tbhits` : '';
    ui.stats.textContent = `depth ${info.depth}/${info.seldepth} · ${nps} · ${nodes} nodes · ${(info.time / 1000).toFixed(1)} s${tb}`;
    ui.stats.dataset.depth = String(info.depth);
    if (info.score.bound || info.pv.length === 0) return;
    app.lines[info.multipv - 1] = info;
    ui.lines.replaceChildren(
      ...app.lines
        .filter((l) => l)
        .map((l) => {
          const li = document.createElement('li');
          const score = document.createElement('span');
          score.className = 'score';
          score.textContent = formatScore(whiteScore(l.score, turn));
          const pv = document.createElement('span');
          pv.className = 'pv';
          pv.textContent = numberLine(fen, l.san ?? gameAt().sanLine(l.pv));
          li.dataset.depth = String(l.depth);
          li.dataset.multipv = String(l.multipv);
          li.append(score, pv);
          return li;
        }),
    );
    // A threat's score is the opponent's in a position that is not on the board: the bar keeps the last real one.
    if (info.multipv === 1 && !view.threatLines) setBar(whiteScore(info.score, turn));
    drawArrows();
  }

  function showIdle(): void {
    if (app.mode !== 'analyse') return;
    ui.go.disabled = !app.engine;
    ui.stop.disabled = !app.analysing;
    const game = gameAt();
    const end = game.end();
    if (end) {
      setStatus('over', `${end.text} (${end.score})`);
      setBar(end.reason === 'checkmate' ? { mate: end.winner === 'w' ? 1 : -1 } : { cp: 0 });
    } else if (view.finished?.node === app.tree.current) {
      setStatus('idle', `Done: ${describeLimit(view.finished.limit)} (Go deeper for more)`);
    } else {
      setStatus('idle', 'Press Go to analyse');
    }
    showSettings();
    ui.fen.value = game.fen();
  }

  /** The buttons that depend on the position and on what the engine is doing. */
  function showSettings(): void {
    const inCheck = threatFen(gameAt().fen()) === null;
    set.threat.disabled = !app.engine || inCheck;
    set.threat.title = inCheck
      ? 'No threat mode in check: the side to move must answer the check'
      : 'Show what the opponent threatens, as if it could move now (x)';
    set.threat.setAttribute('aria-pressed', String(view.threat));
    set.deeper.disabled = !view.finished || view.finished.node !== app.tree.current || app.phase === 'analysing';
  }

  async function analyse(opts: { keep?: boolean; limit?: SearchLimit } = {}): Promise<void> {
    const engine = app.engine;
    if (!engine) return;
    const node = app.tree.current;
    const game = gameAt(node);
    const passed = view.threat ? threatFen(game.fen()) : null;
    // Lines kept (a new limit or setting for the same search) stay until new ones replace them; fewer lines wanted
    // drop the ones past the new count at once.
    const kept = opts.keep && view.threatLines === (passed !== null);
    if (kept) app.lines.length = Math.min(app.lines.length, Number(ui.multipv.value));
    else clear();
    view.finished = null;
    if (game.end()) {
      await halt();
      showIdle();
      return;
    }
    const limit = opts.limit ?? parseLimit(set.limit.value);
    const gen = ++app.generation;
    app.analysing = true;
    ui.go.disabled = true;
    ui.stop.disabled = false;
    view.threatLines = passed !== null;
    ui.lines.classList.toggle('threat', view.threatLines);
    setStatus('analysing', passed ? 'Analysing the threat…' : 'Analysing…');
    showSettings();
    ui.fen.value = game.fen();
    try {
      // Options change between searches, not during one.
      const previous = app.stopSearch;
      app.stopSearch = null;
      if (previous) await previous();
      await setOption('UCI_LimitStrength', false);
      await setOption('MultiPV', Number(ui.multipv.value));
      await setOption('Threads', Number(ui.threads.value || 1));
      await setOption('Hash', Number(set.hash.value || 16));
      if (gen !== app.generation) return;
      const where = passed ? { fen: passed, moves: [] } : { fen: app.tree.root.fen, moves: app.tree.uciMoves(node) };
      const search = engine.go({ ...where, ...goLimit(limit), san: true });
      app.stopSearch = () => search.stop();
      const turn: Color = (passed ?? game.fen()).split(' ')[1] === 'w' ? 'w' : 'b';
      const fen = passed ?? game.fen();
      // Go deeper: a line already shown gives way only to one at least as deep.
      const floor = opts.limit && kept ? app.lines.map((l) => l?.depth ?? 0) : [];
      let depth = 0;
      for await (const info of search) {
        if (gen !== app.generation) break;
        depth = Math.max(depth, info.depth);
        if ((floor[info.multipv - 1] ?? 0) > info.depth) continue;
        showInfo(info, turn, fen);
      }
      await search.result;
      if (gen === app.generation) {
        // A search that ended by its limit: the analysis stays on (a new position starts one), Go deeper takes it on.
        app.stopSearch = null;
        view.finished = { node, limit, depth };
        showIdle();
      }
    } catch (err) {
      if (gen === app.generation) fail(err);
    }
  }

  async function stop(why?: string): Promise<void> {
    await halt();
    view.finished = null;
    showIdle();
    if (why && app.phase === 'idle') setStatus('idle', why);
  }

  function toggleThreat(): void {
    if (app.mode !== 'analyse' || set.threat.disabled) return;
    view.threat = !view.threat;
    showSettings();
    void analyse();
  }

  set.threat.addEventListener('click', toggleThreat);
  set.deeper.addEventListener('click', () => {
    const f = view.finished;
    const next = f && f.node === app.tree.current ? deeper(f.limit, f.depth) : null;
    if (next) void analyse({ keep: true, limit: next });
  });
  // A new number of lines, threads or hash restarts a running analysis, keeping its lines until new ones come.
  for (const select of [ui.multipv, ui.threads, set.hash, set.limit])
    select.addEventListener('change', () => {
      if (app.analysing && app.mode === 'analyse') void analyse({ keep: true });
    });
  // x toggles threat mode, as on lichess (not while typing in a field).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'x' || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target as HTMLElement).closest?.('input, textarea, select, [contenteditable]')) return;
    toggleThreat();
  });
  // A hidden tab stops the search, so that it does not burn the CPU unseen.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden && app.phase === 'analysing') void stop('Stopped: the tab was hidden (Go starts again)');
  });
  listen((change) => {
    if (change !== 'status') return;
    const running = app.phase === 'analysing';
    set.run.dataset.running = String(running);
    set.run.textContent = running ? 'running' : 'stopped';
    set.deeper.disabled = !view.finished || view.finished.node !== app.tree.current || running;
  });

  return {
    analyse,
    toggleThreat,
    stop: () => stop(),
    onPosition() {
      clear();
      view.finished = null;
      if (app.mode !== 'analyse') return;
      if (app.analysing) void analyse();
      else showIdle();
    },
    showIdle,
    clear,
  };
}
