// UCI options declared once: name, type, default, range and how a new value applies. The same table produces the
// `option name ...` lines of the `uci` reply and drives `setoption` (lookup by name without case, value checks, the
// `info string` for a bad value, which never echoes more than a few dozen characters of it).
import { clip } from '../core/clip';

export type UciOption =
  | { name: string; type: 'spin'; default: number; min: number; max: number; apply: (v: number) => void }
  | { name: string; type: 'check'; default: boolean; apply: (v: boolean) => void }
  | { name: string; type: 'string'; default: string; apply: (v: string) => void }
  | { name: string; type: 'button'; apply: () => void };

/** The option's line in the `uci` reply. */
export function optionLine(o: UciOption): string {
  switch (o.type) {
    case 'spin':
      return `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`;
    case 'check':
      return `option name ${o.name} type check default ${o.default}`;
    case 'string':
      return `option name ${o.name} type string default ${o.default}`;
    case 'button':
      return `option name ${o.name} type button`;
  }
}

/**
 * Applies `setoption name <name> [value <value>]`. Returns null when applied, or the `info string` text that says
 * what was wrong (the option then keeps its value).
 */
export function setOption(options: UciOption[], line: string): string | null {
  const m = /^setoption\s+name\s+(.*?)(?:\s+value\s+(.*))?$/i.exec(line);
  if (!m) return 'setoption needs: setoption name <name> [value <value>]';
  const name = m[1].trim().toLowerCase();
  const value = (m[2] ?? '').trim();
  const o = options.find((x) => x.name.toLowerCase() === name);
  if (!o) return `unknown option: ${clip(m[1])}`;
  switch (o.type) {
    case 'spin': {
      if (!/^-?\d+$/.test(value)) return `option ${o.name}: '${clip(value)}' is not an integer`;
      const v = Number(value);
      if (v < o.min || v > o.max) return `option ${o.name}: ${clip(value)} is out of range ${o.min}..${o.max}`;
      o.apply(v);
      return null;
    }
    case 'check': {
      const v = value.toLowerCase();
      if (v !== 'true' && v !== 'false') return `option ${o.name}: '${clip(value)}' is not true or false`;
      o.apply(v === 'true');
      return null;
    }
    case 'string':
      o.apply(value);
      return null;
    case 'button':
      o.apply();
      return null;
  }
}
