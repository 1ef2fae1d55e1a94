// The review's evaluation graph (uPlot, MIT): White's winning chances after each ply of the main line, as a share
// 0..100 (lichess's curve, web/review.ts), filled from below so that the light area is White's and the dark one
// Black's; the plies not yet searched are gaps. The ply shown is a vertical line, each marked move a coloured dot, and
// a click picks a ply.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Mark } from './review';

export interface GraphPoint {
  /** White's winning chances, -1..1, or null while unknown. */
  white: number | null;
  /** The mark of the move that led to this ply. */
  mark: Mark | null;
}

export interface EvalGraph {
  /** The points, one per ply from 0 (the start); the ply shown. */
  set(points: readonly GraphPoint[], current: number): void;
  /** The container's width changed (or it was hidden and is shown now). */
  resize(): void;
}

const HEIGHT = 110;
const MARK_COLOR: Record<Mark, string> = { '??': '#e0503c', '?': '#e69a2e', '?!': '#d8c74a' };

export function createEvalGraph(container: HTMLElement, onPick: (ply: number) => void): EvalGraph {
  const view = { points: [] as readonly GraphPoint[], current: 0, plot: null as uPlot | null };

  function data(): uPlot.AlignedData {
    const xs = view.points.map((_, i) => i);
    const ys = view.points.map((p) => (p.white === null ? null : 50 + 50 * p.white));
    return [xs, ys];
  }

  function draw(u: uPlot): void {
    const ctx = u.ctx;
    const { top, height } = u.bbox;
    ctx.save();
    // The middle line, then the marked moves, then the ply shown.
    const mid = u.valToPos(50, 'y', true);
    ctx.strokeStyle = 'rgba(160,160,160,0.5)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(u.bbox.left, mid);
    ctx.lineTo(u.bbox.left + u.bbox.width, mid);
    ctx.stroke();
    view.points.forEach((p, i) => {
      if (!p.mark || p.white === null) return;
      ctx.fillStyle = MARK_COLOR[p.mark];
      ctx.beginPath();
      ctx.arc(u.valToPos(i, 'x', true), u.valToPos(50 + 50 * p.white, 'y', true), 4 * devicePixelRatio, 0, 2 * Math.PI);
      ctx.fill();
    });
    const x = u.valToPos(view.current, 'x', true);
    ctx.strokeStyle = '#6ba4e7';
    ctx.lineWidth = 2 * devicePixelRatio;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.restore();
  }

  function create(): uPlot | null {
    const width = container.clientWidth;
    if (width === 0 || view.points.length < 2) return null;
    const opts: uPlot.Options = {
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: [{ show: false }, { show: false }],
      series: [{}, { stroke: '#c8c8c8', width: 1, fill: 'rgba(230,230,230,0.85)', spanGaps: false }],
      padding: [4, 4, 4, 4],
      hooks: { draw: [draw] },
    };
    const plot = new uPlot(opts, data(), container);
    plot.over.addEventListener('click', () => {
      const left = plot.cursor.left ?? -1;
      if (left < 0) return;
      const ply = Math.round(plot.posToVal(left, 'x'));
      if (ply >= 0 && ply < view.points.length) onPick(ply);
    });
    return plot;
  }

  return {
    set(points, current) {
      const grew = points.length !== view.points.length;
      view.points = points;
      view.current = current;
      container.hidden = points.length < 2;
      if (!view.plot) view.plot = create();
      // A new x range rescales; otherwise only the values (or the ply shown) changed.
      else view.plot.setData(data(), grew);
    },
    resize() {
      if (!view.plot) view.plot = create();
      else if (container.clientWidth > 0) view.plot.setSize({ width: container.clientWidth, height: HEIGHT });
    },
  };
}
