// The analysis's settings: how long a search runs (until Stop, to a depth, or for a time), the hash size, and "Go
// deeper", which takes a finished search on to a higher limit. The limits are pure (unit-tested); the elements are
// found here so that main.ts need not pass each one.

export type SearchLimit = { kind: 'infinite' } | { kind: 'depth'; depth: number } | { kind: 'time'; ms: number };

/** The search menu's choices: 'infinite', 'depth:N' or 'time:S' (seconds). */
export const SEARCH_CHOICES: readonly [value: string, label: string][] = [
  ['infinite', '∞'],
  ['depth:12', 'depth 12'],
  ['depth:18', 'depth 18'],
  ['depth:24', 'depth 24'],
  ['time:3', '3 s'],
  ['time:10', '10 s'],
  ['time:30', '30 s'],
];

export const HASH_MB: readonly number[] = [16, 32, 64, 128, 256];

/** A menu value as a limit; anything unknown is an infinite search. */
export function parseLimit(value: string): SearchLimit {
  const [kind, n] = value.split(':');
  const x = Number(n);
  if (kind === 'depth' && Number.isInteger(x) && x > 0) return { kind, depth: x };
  if (kind === 'time' && x > 0) return { kind, ms: Math.round(x * 1000) };
  return { kind: 'infinite' };
}

/** What go is told for a limit. */
export function goLimit(limit: SearchLimit): { infinite: true } | { depth: number } | { movetime: number } {
  if (limit.kind === 'depth') return { depth: limit.depth };
  if (limit.kind === 'time') return { movetime: limit.ms };
  return { infinite: true };
}

/** How many plies Go deeper adds to a depth-limited search. */
export const DEEPER_PLIES = 4;

/**
 * The next limit after a finished search: four plies past the depth it reached (or asked for, whichever is more), or
 * twice the time. An infinite search never finishes, so it has no next one.
 */
export function deeper(limit: SearchLimit, reachedDepth: number): SearchLimit | null {
  if (limit.kind === 'depth') return { kind: 'depth', depth: Math.max(limit.depth, reachedDepth) + DEEPER_PLIES };
  if (limit.kind === 'time') return { kind: 'time', ms: limit.ms * 2 };
  return null;
}

export function describeLimit(limit: SearchLimit): string {
  if (limit.kind === 'depth') return `depth ${limit.depth}`;
  if (limit.kind === 'time') return `${limit.ms / 1000} s`;
  return 'no limit';
}

export interface SettingsDom {
  limit: HTMLSelectElement;
  hash: HTMLSelectElement;
  deeper: HTMLButtonElement;
  threat: HTMLButtonElement;
  /** The running indicator: a dot and 'running' or 'stopped'. */
  run: HTMLElement;
}

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

export function findSettingsDom(): SettingsDom {
  const limit = byId<HTMLSelectElement>('search-limit');
  const hash = byId<HTMLSelectElement>('hash');
  if (limit.options.length === 0) for (const [v, label] of SEARCH_CHOICES) limit.append(new Option(label, v));
  if (hash.options.length === 0) for (const mb of HASH_MB) hash.append(new Option(`${mb} MB`, String(mb)));
  return { limit, hash, deeper: byId('deeper'), threat: byId('threat'), run: byId('engine-run') };
}
