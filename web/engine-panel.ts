// The analysis: Go and Stop, MultiPV lines in SAN with their scores, depth and speed, the evaluation bar, and the
// engine's moves as arrows on the board (the best line's strongest; hovering a line previews its first moves). The
// analysis follows the node shown: a new position restarts it while it runs.
import type { SearchInfo } from '../src/api/browser';
import type { BoardArrow, BoardView } from './board';
import { barShare, formatScore, whiteScore, type Color } from './game';
import { numberLine } from './moves-layout';
import { app, fail, gameAt, halt, setOption, setStatus } from './state';

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
  analyse(): Promise<void>;
  stop(): Promise<void>;
  /** The node shown changed: drop the old lines, and analyse the new position if the analysis runs. */
  onPosition(): void;
  /** Shows the position's state when no analysis runs. */
  showIdle(): void;
  clear(): void;
}

/** How many moves of a line a hover previews as arrows. */
const PREVIEW_PLIES = 4;

export function createEnginePanel(ui: EnginePanelDom, board: BoardView, playMove: (uci: string) => void): EnginePanel {
  /** The MultiPV index (0-based) of the line under the pointer, or -1: a view detail, not the page's state. */
  let hovered = -1;

  function drawArrows(): void {
    if (app.mode !== 'analyse') {
      board.setArrows([]);
      return;
    }
    const hover = app.lines[hovered];
    const arrows: BoardArrow[] = hover
      ? hover.pv.slice(0, PREVIEW_PLIES).map((uci, i) => ({ kind: i % 2 ? 'previewReply' : 'preview', uci }))
      : app.lines.filter((l) => l?.pv.length).map((l, i) => ({ kind: i === 0 ? 'best' : 'other', uci: l.pv[0] }));
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
    if (line?.pv[0]) playMove(line.pv[0]);
  });

  function setBar(score: { cp: number } | { mate: number }): void {
    ui.evalWhite.style.height = `${(barShare(score) * 100).toFixed(1)}%`;
    ui.evalText.textContent = formatScore(score);
  }

  function clear(): void {
    app.lines = [];
    hovered = -1;
    ui.lines.replaceChildren();
    ui.stats.textContent = '';
    delete ui.stats.dataset.depth;
    drawArrows();
  }

  function showInfo(info: SearchInfo, turn: Color, fen: string): void {
    const nps = info.nps >= 1e6 ? `${(info.nps / 1e6).toFixed(2)} Mnps` : `${Math.round(info.nps / 1e3)} knps`;
    const nodes = info.nodes >= 1e6 ? `${(info.nodes / 1e6).toFixed(1)} M` : `${Math.round(info.nodes / 1e3)} k`;
    ui.stats.textContent = `depth ${info.depth}/${info.seldepth} · ${nps} · ${nodes} nodes · ${(info.time / 1000).toFixed(1)} s`;
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
    if (info.multipv === 1) setBar(whiteScore(info.score, turn));
    drawArrows();
  }

  function showIdle(): void {
    if (app.mode !== 'analyse') return;
    ui.go.disabled = !app.engine;
    ui.stop.disabled = true;
    const game = gameAt();
    const end = game.end();
    if (end) {
      setStatus('over', `${end.text} (${end.score})`);
      setBar(end.reason === 'checkmate' ? { mate: end.winner === 'w' ? 1 : -1 } : { cp: 0 });
    } else {
      setStatus('idle', 'Press Go to analyse');
    }
    ui.fen.value = game.fen();
  }

  async function analyse(): Promise<void> {
    const engine = app.engine;
    if (!engine) return;
    clear();
    const node = app.tree.current;
    const game = gameAt(node);
    if (game.end()) {
      await halt();
      showIdle();
      return;
    }
    const gen = ++app.generation;
    app.analysing = true;
    ui.go.disabled = true;
    ui.stop.disabled = false;
    setStatus('analysing', 'Analysing…');
    ui.fen.value = game.fen();
    try {
      // Options change between searches, not during one.
      const previous = app.stopSearch;
      app.stopSearch = null;
      if (previous) await previous();
      await setOption('UCI_LimitStrength', false);
      await setOption('MultiPV', Number(ui.multipv.value));
      await setOption('Threads', Number(ui.threads.value || 1));
      if (gen !== app.generation) return;
      const search = engine.go({ fen: app.tree.root.fen, moves: app.tree.uciMoves(node), infinite: true, san: true });
      app.stopSearch = () => search.stop();
      const turn = game.turn(),
        fen = game.fen();
      for await (const info of search) {
        if (gen !== app.generation) break;
        showInfo(info, turn, fen);
      }
      await search.result;
      if (gen === app.generation) {
        app.stopSearch = null;
        app.analysing = false;
        showIdle();
      }
    } catch (err) {
      if (gen === app.generation) fail(err);
    }
  }

  return {
    analyse,
    async stop() {
      await halt();
      showIdle();
    },
    onPosition() {
      clear();
      if (app.mode !== 'analyse') return;
      if (app.analysing) void analyse();
      else showIdle();
    },
    showIdle,
    clear,
  };
}
