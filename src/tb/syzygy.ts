// The set of Syzygy tables found on a SyzygyPath: directory scan, lookup by material, and the raw table probes
// that tbprobe.ts builds on. Nothing here throws: a missing or broken file makes its table unavailable, with a
// reason kept for the caller.
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { Position } from '../core/position';
import { popcnt } from '../core/bitboard';
import { pieceOf } from '../core/types';
import { TableEntry, parseTableName, materialKey, lookupWdl, lookupDtz, reason } from './table';

export { DTZ_OTHER_SIDE } from './table';

/** Directory separator of a SyzygyPath string: ';' on Windows, ':' elsewhere (as Stockfish and Fathom). */
export const PATH_SEPARATOR = typeof process !== 'undefined' && process.platform === 'win32' ? ';' : ':';

export class Tablebases {
  /** WDL and DTZ files found (complete-looking ones), and the most pieces any WDL table has. */
  numWdl = 0;
  numDtz = 0;
  maxPieces = 0;
  /** Directories and files that could not be used while scanning, one line each. */
  readonly problems: string[] = [];
  /** Why the last probe that returned null did so. */
  lastError = '';
  private readonly byKey = new Map<number, TableEntry>();
  private readonly counts = new Uint8Array(16);

  /** Scans each directory of path (separated by PATH_SEPARATOR; "" or "<empty>" for none). */
  constructor(path: string) {
    if (path === '' || path === '<empty>') return;
    const wdl = new Map<string, string>(),
      dtz = new Map<string, string>();
    for (const dir of path.split(PATH_SEPARATOR).filter((d) => d !== '')) {
      let names: string[];
      try {
        names = fs.readdirSync(dir);
      } catch (e) {
        this.problems.push(`${dir}: cannot read directory (${reason(e)})`);
        continue;
      }
      names.sort();
      for (const file of names) {
        const m = /^(.+)\.(rtbw|rtbz)$/.exec(file);
        if (!m || !parseTableName(m[1])) continue;
        const full = nodePath.join(dir, file),
          into = m[2] === 'rtbw' ? wdl : dtz;
        if (into.has(m[1])) continue; // the first directory holding a table wins
        let size: number;
        try {
          const st = fs.statSync(full);
          if (!st.isFile()) continue;
          size = st.size;
        } catch (e) {
          this.problems.push(`${full}: ${reason(e)}`);
          continue;
        }
        // Every complete table file is 16 bytes past a multiple of 64; others are cut short (as Fathom checks).
        if (size % 64 !== 16) {
          this.problems.push(`${full}: incomplete (size ${size} is not 16 mod 64)`);
          continue;
        }
        into.set(m[1], full);
      }
    }
    this.register(wdl, dtz, null);
  }

  /**
   * Tables held in memory, by file name ('KQvK.rtbw', 'KQvK.rtbz', …; a path before the name is ignored): for hosts
   * without files, such as a web page that fetched them. Names that are not tables are skipped; short files are
   * reported in problems, as the directory scan does.
   */
  static fromFiles(files: ReadonlyMap<string, Uint8Array>): Tablebases {
    const tb = new Tablebases('');
    const wdl = new Map<string, string>(),
      dtz = new Map<string, string>(),
      byName = new Map<string, Uint8Array>();
    for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const file = path.slice(path.lastIndexOf('/') + 1);
      const m = /^(.+)\.(rtbw|rtbz)$/.exec(file);
      if (!m || !parseTableName(m[1]) || !(bytes instanceof Uint8Array)) continue;
      const into = m[2] === 'rtbw' ? wdl : dtz;
      if (into.has(m[1])) continue;
      if (bytes.length % 64 !== 16) {
        tb.problems.push(`${file}: incomplete (size ${bytes.length} is not 16 mod 64)`);
        continue;
      }
      into.set(m[1], file);
      byName.set(file, bytes);
    }
    tb.register(wdl, dtz, byName);
    return tb;
  }

  /** Makes the table entries for the WDL files found (by table name), with their DTZ files where there are some. */
  private register(
    wdl: ReadonlyMap<string, string>,
    dtz: ReadonlyMap<string, string>,
    source: ReadonlyMap<string, Uint8Array> | null,
  ): void {
    for (const [name, file] of wdl) {
      const e = new TableEntry(name, parseTableName(name)!);
      if (this.byKey.has(e.key)) continue; // the same material under a second name
      e.wdlPath = file;
      e.dtzPath = dtz.get(name) ?? null;
      e.source = source;
      this.byKey.set(e.key, e);
      if (!e.symmetric) this.byKey.set(e.mirrorKey, e);
      this.numWdl++;
      if (e.dtzPath !== null) this.numDtz++;
      this.maxPieces = Math.max(this.maxPieces, e.num);
    }
  }

  /** "Found N WDL and M DTZ tablebase files (up to K-man)": what engines print after a scan. */
  summary(): string {
    return `found ${this.numWdl} WDL and ${this.numDtz} DTZ tablebase files (up to ${this.maxPieces}-man)`;
  }

  /** The position's material key and table entry (undefined: no table for it). */
  entryFor(pos: Position): [number, TableEntry | undefined] {
    const c = this.counts;
    for (let p = 1; p < 15; p++) c[p] = popcnt(pos.bb[p * 2]) + popcnt(pos.bb[p * 2 + 1]);
    const key = materialKey(c, false);
    return [key, this.byKey.get(key)];
  }

  /**
   * Stored WDL value of pos (-2..2), ignoring en passant and captures; NaN when no usable table (lastError
   * says why). KvK, which has no file, is a draw.
   */
  tableWdl(pos: Position): number {
    const [key, e] = this.entryFor(pos);
    if (key === 0) return 0;
    if (e === undefined) {
      this.lastError = `no table for ${materialName(this.counts)}`;
      return NaN;
    }
    const tb = e.openWdl();
    if (tb === null) {
      this.lastError = e.wdlError;
      return NaN;
    }
    try {
      return lookupWdl(tb, e, pos, key);
    } catch (err) {
      // A table that decodes badly once is not trusted again.
      e.wdl = null;
      e.wdlError = `${e.name}.rtbw: ${reason(err)}`;
      tb.file.close();
      this.lastError = e.wdlError;
      return NaN;
    }
  }

  /** Stored DTZ of pos for its WDL value wdl; DTZ_OTHER_SIDE when the file holds the other side; NaN if unusable. */
  tableDtz(pos: Position, wdl: number): number {
    const [key, e] = this.entryFor(pos);
    if (e === undefined) {
      this.lastError = `no table for ${materialName(this.counts)}`;
      return NaN;
    }
    const tb = e.openDtz();
    if (tb === null) {
      this.lastError = e.dtzError;
      return NaN;
    }
    try {
      return lookupDtz(tb, e, pos, key, wdl);
    } catch (err) {
      e.dtz = null;
      e.dtzError = `${e.name}.rtbz: ${reason(err)}`;
      tb.file.close();
      this.lastError = e.dtzError;
      return NaN;
    }
  }

  /** Closes all open files (tables reopen on the next probe). */
  close(): void {
    for (const e of new Set(this.byKey.values())) {
      if (e.wdl) e.wdl.file.close();
      if (e.dtz) e.dtz.file.close();
      e.wdl = undefined;
      e.dtz = undefined;
    }
  }
}

/** "KRPvKR" for piece counts indexed by piece code. */
export function materialName(counts: ArrayLike<number>): string {
  let s = '';
  for (let c = 0; c < 2; c++) {
    s += c === 0 ? 'K' : 'vK';
    for (let t = 5; t >= 1; t--) s += ' PNBRQ'[t].repeat(counts[pieceOf(c, t)]);
  }
  return s;
}
