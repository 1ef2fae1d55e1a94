// Summaries of a suite run: per file (solved, points, themes) and as JSON, from judged results.
import type { EpdPosition } from './parse';
import { expectedText } from './parse';
import type { Verdict } from './score';

export interface ThemeSummary {
  key: string;
  theme: string;
  positions: number;
  solved: number;
  points: number;
  maxPoints: number;
}

export interface FileSummary {
  file: string;
  /** Positions read (and searched, unless interrupted). */
  positions: number;
  /** Positions with a result. */
  done: number;
  unreadable: number;
  solved: number;
  /** Positions where the engine failed (crash, timeout): unsolved, and counted here too. */
  errors: number;
  /** Sum of points and the most that could be earned, over positions with a point list (STS). */
  points: number;
  maxPoints: number;
  /** True when the file is scored by points (some position has a c0 point list). */
  scoredByPoints: boolean;
  themes: ThemeSummary[];
  /** Sum of the positions' search times. */
  searchMs: number;
  unsolvedIds: string[];
}

/** A position's name for display: its id, or "line N". */
export function nameOf(p: EpdPosition): string {
  return p.id ?? `line ${p.line}`;
}

export function summarize(
  file: string,
  positions: EpdPosition[],
  verdicts: (Verdict | null)[],
  unreadable: number,
): FileSummary {
  const s: FileSummary = {
    file,
    positions: positions.length,
    done: 0,
    unreadable,
    solved: 0,
    errors: 0,
    points: 0,
    maxPoints: 0,
    scoredByPoints: positions.some((p) => p.points !== null),
    themes: [],
    searchMs: 0,
    unsolvedIds: [],
  };
  const themes = new Map<string, ThemeSummary>();
  positions.forEach((p, k) => {
    const v = verdicts[k];
    if (!v) return;
    s.done++;
    s.searchMs += v.timeMs;
    if (v.solved) s.solved++;
    else s.unsolvedIds.push(nameOf(p));
    if (v.error) s.errors++;
    if (p.points) {
      s.points += v.points ?? 0;
      s.maxPoints += p.maxPoints;
    }
    if (s.scoredByPoints) {
      const key = p.themeKey ?? '(no id)';
      let t = themes.get(key);
      if (!t) {
        t = { key, theme: p.theme ?? '(no id)', positions: 0, solved: 0, points: 0, maxPoints: 0 };
        themes.set(key, t);
      }
      t.positions++;
      if (v.solved) t.solved++;
      t.points += v.points ?? 0;
      t.maxPoints += p.maxPoints;
    }
  });
  s.themes = [...themes.values()];
  return s;
}

export function pct(a: number, b: number): string {
  return b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`;
}

/** 0.42 s, 12.3 s, 4:05, 1:02:03 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 60000) return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600),
    m = Math.floor((total % 3600) / 60),
    sec = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** The summary text of one file. */
export function formatSummary(s: FileSummary, wallMs: number | null): string {
  const out: string[] = [];
  const head = s.scoredByPoints
    ? `${s.file}: ${s.points}/${s.maxPoints} points (${pct(s.points, s.maxPoints)}), best move ${s.solved}/${s.done} (${pct(s.solved, s.done)})`
    : `${s.file}: ${s.solved}/${s.done} solved (${pct(s.solved, s.done)})`;
  const extras: string[] = [];
  if (s.done < s.positions) extras.push(`${s.positions - s.done} not run`);
  if (s.unreadable > 0) extras.push(`${s.unreadable} unreadable line${s.unreadable === 1 ? '' : 's'} skipped`);
  if (s.errors > 0) extras.push(`${s.errors} engine error${s.errors === 1 ? '' : 's'}`);
  out.push(head + (extras.length ? `; ${extras.join(', ')}` : ''));
  out.push(
    `  time: ${wallMs !== null ? `${formatDuration(wallMs)} wall, ` : ''}${formatDuration(s.searchMs)} searching`,
  );
  if (s.scoredByPoints && s.themes.length > 1) {
    const keyW = Math.max(...s.themes.map((t) => (t.key === t.theme ? 0 : t.key.length)));
    const labelOf = (t: ThemeSummary): string =>
      keyW === 0 ? t.theme : `${(t.key === t.theme ? '' : t.key).padEnd(keyW)}  ${t.theme}`;
    const w = Math.min(60, Math.max(5, ...s.themes.map((t) => labelOf(t).length)));
    out.push(`  ${'theme'.padEnd(w)}  ${'best'.padStart(9)}  ${'points'.padStart(11)}  ${'%'.padStart(6)}`);
    for (const t of s.themes) {
      const label = labelOf(t).slice(0, w);
      out.push(
        `  ${label.padEnd(w)}  ${`${t.solved}/${t.positions}`.padStart(9)}  ${`${t.points}/${t.maxPoints}`.padStart(11)}  ${pct(t.points, t.maxPoints).padStart(6)}`,
      );
    }
  } else if (s.unsolvedIds.length > 0 && s.unsolvedIds.length <= 200) {
    out.push(`  unsolved: ${s.unsolvedIds.join(' ')}`);
  }
  return out.join('\n');
}

/** One position's line in the non-terminal progress output. */
export function formatResultLine(p: EpdPosition, v: Verdict, file: string | null): string {
  const name = (file ? `${file} ` : '') + nameOf(p);
  const result = v.error ? 'ERROR' : v.solved ? 'solved' : 'unsolved';
  const parts = [name.padEnd(14), result.padEnd(8), (v.moveSan ?? v.move ?? '-').padEnd(7), `(${expectedText(p)})`];
  if (v.points !== null) parts.push(`${v.points}/${v.maxPoints} pts`);
  parts.push(formatDuration(v.timeMs));
  if (v.solved && v.foundAtMs !== null)
    parts.push(`found ${formatDuration(v.foundAtMs)}${v.foundAtDepth !== null ? ` depth ${v.foundAtDepth}` : ''}`);
  else if (v.depth !== null) parts.push(`depth ${v.depth}`);
  if (v.error) parts.push(`: ${v.error}`);
  return parts.join('  ');
}

/** The JSON record of one position. */
export function positionJson(p: EpdPosition, v: Verdict | null): Record<string, unknown> {
  const expected: Record<string, unknown> = {};
  if (p.bm.length) expected.bm = p.bm.map((m) => m.san);
  if (p.am.length) expected.am = p.am.map((m) => m.san);
  if (p.dm !== null) expected.dm = p.dm;
  if (p.points) expected.points = Object.fromEntries(p.points.map((x) => [x.move.san, x.points]));
  return {
    id: p.id,
    line: p.line,
    fen: p.epdFen,
    theme: p.theme,
    expected,
    expectedUci: {
      ...(p.bm.length ? { bm: p.bm.map((m) => m.uci) } : {}),
      ...(p.am.length ? { am: p.am.map((m) => m.uci) } : {}),
      ...(p.points ? { points: Object.fromEntries(p.points.map((x) => [x.move.uci, x.points])) } : {}),
    },
    run: v !== null,
    move: v?.move ?? null,
    moveSan: v?.moveSan ?? null,
    solved: v?.solved ?? false,
    points: v?.points ?? null,
    maxPoints: p.points ? p.maxPoints : null,
    foundAtMs: v?.foundAtMs != null ? Math.round(v.foundAtMs) : null,
    foundAtDepth: v?.foundAtDepth ?? null,
    depth: v?.depth ?? null,
    score: v?.score ?? null,
    nodes: v?.nodes ?? null,
    timeMs: v ? Math.round(v.timeMs) : null,
    error: v?.error ?? null,
  };
}
