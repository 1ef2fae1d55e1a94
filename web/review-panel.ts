// Whole-game review on the page: "Review game" searches every position of the main line to a fixed depth in the
// background (review.ts's evaluatePositions), one position at a time on the page's one engine, with a progress bar
// and the graph filling as it goes. Each move is judged as soon as the positions before and after it are known:
// its mark (?!, ?, ??; kept in app.review, apart from the game's own NAGs) in the move list, the engine's best move
// listed at each marked move and drawn as an arrow when that move is shown, and each side's accuracy.
// The review owns the engine as the analysis does (app.stopSearch, app.generation): Stop, Go, a new game or the other
// mode stop it cleanly; "Review game" again continues where it stopped, since every result is cached per position
// (FEN and depth), in memory and in IndexedDB, so a reload does not search again.
import type { BoardView } from './board';
import { createEvalGraph, type GraphPoint } from './eval-graph';
import { Game, whiteScore, type Color } from './game';
import { moveNumber } from './moves-layout';
import { evaluatePositions, gameAccuracy, reviewMoves, winChances, type Analyser, type PositionEval } from './review';
import { app, fail, halt, setOption, setStatus } from './state';
import type { Storage } from './storage';
import type { MoveNode } from './tree';

export interface ReviewDom {
  run: HTMLButtonElement;
  stop: HTMLButtonElement;
  depth: HTMLSelectElement;
  progress: HTMLProgressElement;
  summary: HTMLElement;
  mistakes: HTMLOListElement;
  graph: HTMLElement;
  /** Carries data-review (idle, running, stopped, done), data-done, data-total and data-searched for the tests. */
  box: HTMLElement;
}

export interface ReviewPanel {
  /** The tree or the node shown changed: the judgements are read again from the cache, the graph and arrow follow. */
  onPosition(): void;
  /** The panel was shown (the graph can take its width). */
  resize(): void;
}

function key(depth: number): (fen: string) => string {
  return (fen) => `${depth} ${fen}`;
}

export function createReviewPanel(
  ui: ReviewDom,
  storage: Promise<Storage | null>,
  board: BoardView,
  goto: (node: MoveNode) => void,
  threads: () => number,
  /** The judgements changed (the move list shows their marks). */
  judged: () => void,
): ReviewPanel {
  /** Every position searched, by key(depth)(fen); filled from IndexedDB at start. */
  const cache = new Map<string, PositionEval>();
  const run = { active: false, searched: 0, drawn: '' };
  const graph = createEvalGraph(ui.graph, (ply) => {
    const node = line()[ply];
    if (node) goto(node);
  });

  const line = (): MoveNode[] => [app.tree.root, ...app.tree.mainline()];
  const depth = (): number => Number(ui.depth.value) || 12;

  function setState(state: 'idle' | 'running' | 'stopped' | 'done'): void {
    ui.box.dataset.review = state;
    ui.run.disabled = state === 'running' || !app.engine;
    ui.stop.disabled = state !== 'running';
    ui.depth.disabled = state === 'running';
  }

  /** Judges the main line from the cache: app.review, the move list's marks, the graph, the summary and the list. */
  function refresh(): void {
    if (app.mode !== 'analyse') {
      // A game against the engine shows no judgement, and never the engine's moves.
      app.review.clear();
      board.setArrows([], 'review');
      return;
    }
    const nodes = line();
    const k = key(depth());
    const evals = nodes.map((n) => cache.get(k(n.fen)));
    app.review.clear();
    for (let i = 1; i < nodes.length; i++) {
      const before = evals[i - 1],
        after = evals[i];
      if (!before || !after) continue;
      const mover = nodes[i - 1].fen.split(' ')[1] as Color;
      const [r] = reviewMoves(mover, [nodes[i].uci], [before, after]);
      app.review.set(nodes[i], { ...r, index: i - 1 });
    }
    const known = evals.filter(Boolean).length;
    const current = nodes.indexOf(app.tree.current);
    const points: GraphPoint[] = evals.map((e, i) => ({
      white: e ? winChances(e.score) : null,
      mark: app.review.get(nodes[i])?.mark ?? null,
    }));
    graph.set(points, Math.max(0, current));
    ui.progress.max = nodes.length;
    ui.progress.value = known;
    ui.box.dataset.done = String(known);
    ui.box.dataset.total = String(nodes.length);
    if (!run.active) setState(known === 0 ? 'idle' : known === nodes.length ? 'done' : 'stopped');
    ui.run.textContent = known > 0 && known < nodes.length ? 'Continue review' : 'Review game';
    const best = app.review.get(app.tree.current);
    board.setArrows(best?.mark && best.best ? [{ kind: 'review', uci: best.best }] : [], 'review');
    // The list and summary only when the judgements changed.
    const drawn = `${depth()}|${nodes.map((n) => n.id).join(',')}|${known}`;
    if (drawn === run.drawn) return;
    run.drawn = drawn;
    judged();
    const reviews = [...app.review.values()];
    const pct = (side: Color): string => {
      const a = gameAccuracy(reviews, side);
      return a === null ? '–' : `${Math.round(a)}%`;
    };
    ui.summary.textContent = known > 0 ? `Accuracy: White ${pct('w')} · Black ${pct('b')}` : '';
    ui.mistakes.replaceChildren(
      ...nodes.flatMap((node) => {
        const r = app.review.get(node);
        if (!r?.mark || !node.parent) return [];
        const li = document.createElement('li');
        li.className = 'mistake';
        li.dataset.id = String(node.id);
        li.dataset.mark = r.mark;
        const bestSan = r.best ? (new Game(node.parent.fen).sanLine([r.best])[0] ?? r.best) : '';
        li.textContent = `${moveNumber(node, true)} ${node.san}${r.mark}${bestSan ? ` — best ${bestSan}` : ''}`;
        li.addEventListener('click', () => goto(node));
        return [li];
      }),
    );
  }

  async function review(): Promise<void> {
    const engine = app.engine;
    if (!engine || run.active) return;
    await halt();
    const gen = ++app.generation;
    const ctrl = new AbortController();
    const d = depth();
    const inflight = { done: Promise.resolve() as Promise<unknown> };
    app.stopSearch = async () => {
      ctrl.abort();
      await inflight.done;
    };
    run.active = true;
    run.searched = 0;
    ui.box.dataset.searched = '0';
    setState('running');
    setStatus('analysing', 'Reviewing the game…');
    const analyse: Analyser = async (fen, signal) => {
      const end = new Game(fen).end();
      if (end)
        return { score: end.reason === 'checkmate' ? { mate: end.winner === 'w' ? 1 : -1 } : { cp: 0 }, best: '' };
      const search = engine.analyse(fen, { depth: d, signal });
      inflight.done = search.catch(() => {});
      const answer = await search;
      // Another search took the engine (its own go stops ours): this answer is cut short, never cached.
      if (gen !== app.generation) ctrl.abort();
      const info = answer.lines[0];
      if (signal.aborted || !info) return { score: { cp: 0 }, best: '' };
      run.searched++;
      ui.box.dataset.searched = String(run.searched);
      const turn = fen.split(' ')[1] as Color;
      const m = info.score.mate;
      const s = m !== undefined ? { mate: m } : { cp: info.score.cp ?? 0 };
      return { score: whiteScore(s, turn), best: answer.bestmove ?? '' };
    };
    const k = key(d);
    try {
      await setOption('UCI_LimitStrength', false);
      await setOption('MultiPV', 1);
      await setOption('Threads', threads());
      const fens = line().map((n) => n.fen);
      const saved = new Set<string>();
      const evals = await evaluatePositions(fens, k, cache, analyse, ctrl.signal, (_done, _total, i) => {
        const id = k(fens[i]);
        if (!saved.has(id)) {
          saved.add(id);
          const e = cache.get(id);
          void storage.then((s) => s?.put('evals', id, e)).catch((err: unknown) => console.warn('not kept:', err));
        }
        refresh();
      });
      if (gen === app.generation) {
        app.stopSearch = null;
        setStatus('idle', evals ? 'Review done' : 'Review stopped');
      }
    } catch (err) {
      if (gen === app.generation) fail(err);
    } finally {
      run.active = false;
      refresh();
    }
  }

  ui.run.addEventListener('click', () => void review());
  ui.stop.addEventListener('click', () => {
    void halt().then(() => setStatus('idle', 'Review stopped: “Continue review” goes on from here'));
  });
  ui.depth.addEventListener('change', refresh);
  window.addEventListener('resize', () => graph.resize());
  setState('idle');
  void storage
    .then((s) => s?.entries<PositionEval>('evals') ?? [])
    .then((entries) => {
      for (const [id, e] of entries) if (!cache.has(id)) cache.set(id, e);
      run.drawn = '';
      refresh();
    })
    .catch((err: unknown) => console.warn('the review cache could not be read:', err));

  return {
    onPosition: refresh,
    resize: () => graph.resize(),
  };
}
