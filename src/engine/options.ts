// Engine options declared once: name, type, default, range, what a change does, and how it applies. The UCI host
// lists them from this table (`option name ...`) and both hosts set them through it: lookup by name without case,
// value checks, and a refusal that never echoes more than a few dozen characters of the value.
import { clip } from '../core/clip';

/**
 * What changing the option does. value: a setting read when the next search starts (applies at once, even during a
 * search). threads: the search threads take it in (hash, thread count, net, tables): it waits until no search runs.
 */
export type OptionEffect = 'value' | 'threads';

/** apply returns null once applied, or why the value is refused (the option keeps its value then). */
export type EngineOption = { name: string; effect: OptionEffect } & (
  | { type: 'spin'; default: number; min: number; max: number; apply: (v: number) => string | null }
  | { type: 'check'; default: boolean; apply: (v: boolean) => string | null }
  | { type: 'string'; default: string; apply: (v: string) => string | null }
  | { type: 'button'; apply: () => string | null }
);

export function findOption(options: readonly EngineOption[], name: string): EngineOption | undefined {
  const key = name.trim().toLowerCase();
  return options.find((x) => x.name.toLowerCase() === key);
}

/**
 * Checks value (as text, the way UCI carries it) against the option's type and range. Returns the change to make, or
 * why the value is refused.
 */
export function checkOption(o: EngineOption, value: string): { run: () => string | null } | { refused: string } {
  const text = value.trim();
  switch (o.type) {
    case 'spin': {
      if (!/^-?\d+$/.test(text)) return { refused: `option ${o.name}: '${clip(text)}' is not an integer` };
      const v = Number(text);
      if (v < o.min || v > o.max)
        return { refused: `option ${o.name}: ${clip(text)} is out of range ${o.min}..${o.max}` };
      return { run: () => o.apply(v) };
    }
    case 'check': {
      const v = text.toLowerCase();
      if (v !== 'true' && v !== 'false') return { refused: `option ${o.name}: '${clip(text)}' is not true or false` };
      return { run: () => o.apply(v === 'true') };
    }
    case 'string':
      return { run: () => o.apply(text) };
    case 'button':
      return { run: () => o.apply() };
  }
}
