// Every engine option in one table, in the order the UCI host lists them: name, type, default, range, effect, and
// what setting it does. The values live in Settings; the search reads them when a go starts.
import { NNUE_DEFAULT } from '../eval/nnue-default';
import { SKILL_MIN_ELO, SKILL_MAX_ELO } from '../search/skill';
import { PARAM_RANGES, PARAM_DEFAULTS, setParam, type ParamName } from '../search/params';
import type { EngineOption } from './options';

export interface Settings {
  hash: number;
  threads: number;
  multiPV: number;
  moveOverhead: number;
  ponder: boolean;
  chess960: boolean;
  showWDL: boolean;
  useNNUE: boolean;
  ownBook: boolean;
  bookDepth: number;
  bookBestMove: boolean;
  limitStrength: boolean;
  /** UCI_AnalyseMode: the host analyses rather than plays (no book moves then). */
  analyseMode: boolean;
  elo: number;
  seed: number;
  syzygyProbeDepth: number;
  syzygy50: boolean;
  syzygyProbeLimit: number;
}

export function defaultSettings(): Settings {
  return {
    hash: 16,
    threads: 1,
    multiPV: 1,
    moveOverhead: 30,
    ponder: false,
    chess960: false,
    showWDL: false,
    useNNUE: NNUE_DEFAULT,
    ownBook: false,
    bookDepth: 24,
    bookBestMove: false,
    limitStrength: false,
    analyseMode: false,
    elo: SKILL_MAX_ELO,
    seed: 0,
    syzygyProbeDepth: 1,
    syzygy50: true,
    syzygyProbeLimit: 7,
  };
}

/** What the table's options act on (the core). */
export interface OptionTarget {
  readonly settings: Settings;
  /** The most threads and hash this platform allows; which file options it has. */
  readonly maxThreads: number;
  readonly maxHashMiB: number;
  readonly hasFiles: boolean;
  readonly hasTablebases: boolean;
  readonly tuning: boolean;
  setHash(mib: number): string | null;
  setThreads(n: number): void;
  clearHash(): void;
  setChess960(on: boolean): void;
  setEvalFile(path: string): string | null;
  setOwnBook(on: boolean): void;
  setBookFile(path: string): string | null;
  setSyzygyPath(path: string): void;
}

type Key = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];
type Flag = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

export function declareOptions(t: OptionTarget): EngineOption[] {
  const s = t.settings;
  const d = defaultSettings();
  const spin = (name: string, key: Key, min: number, max: number): EngineOption => ({
    name,
    effect: 'value',
    type: 'spin',
    default: d[key],
    min,
    max,
    apply: (v) => {
      s[key] = v;
      return null;
    },
  });
  const check = (name: string, key: Flag): EngineOption => ({
    name,
    effect: 'value',
    type: 'check',
    default: d[key],
    apply: (v) => {
      s[key] = v;
      return null;
    },
  });
  const options: (EngineOption | null)[] = [
    { name: 'Hash', effect: 'threads', type: 'spin', default: d.hash, min: 1, max: t.maxHashMiB, apply: t.setHash },
    {
      name: 'Threads',
      effect: 'threads',
      type: 'spin',
      default: 1,
      min: 1,
      max: t.maxThreads,
      apply: (v) => {
        t.setThreads(v);
        return null;
      },
    },
    spin('MultiPV', 'multiPV', 1, 256),
    spin('Move Overhead', 'moveOverhead', 0, 5000),
    check('Ponder', 'ponder'),
    {
      name: 'Clear Hash',
      effect: 'threads',
      type: 'button',
      apply: () => {
        t.clearHash();
        return null;
      },
    },
    {
      name: 'UCI_Chess960',
      effect: 'value',
      type: 'check',
      default: false,
      apply: (v) => {
        t.setChess960(v);
        return null;
      },
    },
    check('UCI_ShowWDL', 'showWDL'),
    check('UCI_AnalyseMode', 'analyseMode'),
    // GUIs tell the engine whom it plays ("GM 2800 human Carlsen"); taken and not used.
    { name: 'UCI_Opponent', effect: 'value', type: 'string', default: '<empty>', apply: () => null },
    t.hasFiles
      ? { name: 'EvalFile', effect: 'threads', type: 'string', default: '<internal>', apply: t.setEvalFile }
      : null,
    check('Use NNUE', 'useNNUE'),
    {
      name: 'OwnBook',
      effect: 'value',
      type: 'check',
      default: false,
      apply: (v) => {
        t.setOwnBook(v);
        return null;
      },
    },
    t.hasFiles
      ? { name: 'BookFile', effect: 'value', type: 'string', default: '<internal>', apply: t.setBookFile }
      : null,
    spin('BookDepth', 'bookDepth', 1, 1000),
    check('BookBestMove', 'bookBestMove'),
    t.hasTablebases
      ? {
          name: 'SyzygyPath',
          effect: 'threads',
          type: 'string',
          default: '<empty>',
          apply: (v) => {
            t.setSyzygyPath(v);
            return null;
          },
        }
      : null,
    spin('SyzygyProbeDepth', 'syzygyProbeDepth', 1, 100),
    check('Syzygy50MoveRule', 'syzygy50'),
    spin('SyzygyProbeLimit', 'syzygyProbeLimit', 0, 7),
    check('UCI_LimitStrength', 'limitStrength'),
    spin('UCI_Elo', 'elo', SKILL_MIN_ELO, SKILL_MAX_ELO),
    // The limiter's randomness: 0 draws a seed when the engine starts; any other value repeats the same choices.
    spin('Seed', 'seed', 0, 2147483647),
  ];
  const all = options.filter((o): o is EngineOption => o !== null);
  return t.tuning ? [...all, ...tuningOptions()] : all;
}

/** A tuning build's extra options: one per search parameter (params.ts), floats as strings (spins are whole). */
function tuningOptions(): EngineOption[] {
  return (Object.keys(PARAM_RANGES) as ParamName[]).map((name): EngineOption => {
    const r = PARAM_RANGES[name];
    const apply = (v: number): string | null => setParam(name, v);
    return r.float
      ? { name, effect: 'value', type: 'string', default: String(PARAM_DEFAULTS[name]), apply: (v) => apply(Number(v)) }
      : { name, effect: 'value', type: 'spin', default: PARAM_DEFAULTS[name], min: r.min, max: r.max, apply };
  });
}
