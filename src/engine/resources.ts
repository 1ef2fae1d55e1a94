// The files an engine loads besides its code: an opening book (built in or BookFile), a net (built in or EvalFile)
// and Syzygy tables. Each is read and checked on the main side when set; a missing or bad file is refused with a
// sentence and what was in use stays. The threads get the net's bytes and the tables' path (pool.ts).
import { moveToUci } from '../core/notation';
import type { Position } from '../core/position';
import { clip } from '../core/clip';
import { parseNet, type Net } from '../eval/netfile';
import { PolyglotBook } from '../book/polyglot';
import type { Platform, TablebaseScan } from './platform';
import { Tablebases } from '../tb/syzygy';

export class Resources {
  /** Bytes of the net loaded with EvalFile (null: the built-in net). */
  netBytes: Uint8Array | null = null;
  evalFile = '<internal>';
  bookFile = '<internal>';
  syzygyPath = '';
  /** Tables held in memory by file name (setTablebaseFiles), used instead of a SyzygyPath; null: none. */
  tbFiles: ReadonlyMap<string, Uint8Array> | null = null;
  /** The book in use (parsed on first need: the built-in one, or BookFile's). */
  private book: PolyglotBook | null = null;

  constructor(
    private readonly platform: Platform,
    /** Where what is found (a net's shape, a table count) and what goes wrong outside a setting is said. */
    private readonly say: (text: string) => void,
  ) {}

  private readFile(path: string): Uint8Array {
    if (!this.platform.readFile) throw Object.assign(new Error('no files here'), { code: 'no files in this host' });
    return this.platform.readFile(path);
  }

  private static cannotRead(e: unknown): string {
    return `cannot read it (${(e as { code?: string }).code ?? 'error'})`;
  }

  /** The net this engine evaluates with on the main side: EvalFile's, or the built-in one (null where only the threads have it). */
  mainNet(): Net | null {
    if (this.netBytes) {
      const n = parseNet(this.netBytes);
      if (typeof n !== 'string') return n;
    }
    return this.platform.builtinNet();
  }

  /** Loads a net file; returns the refusal, or null with netBytes set (null: the built-in net). */
  setEvalFile(value: string): string | null {
    const shown = clip(value, 100);
    if (value === '' || value === '<internal>' || value === '<default>') {
      this.netBytes = null;
      this.evalFile = '<internal>';
    } else {
      let bytes: Uint8Array;
      try {
        bytes = this.readFile(value);
      } catch (e) {
        return `EvalFile ${shown}: ${Resources.cannotRead(e)}; keeping ${clip(this.evalFile, 100)}`;
      }
      const n = parseNet(bytes);
      if (typeof n === 'string') return `EvalFile ${shown}: ${n}; keeping ${clip(this.evalFile, 100)}`;
      this.netBytes = bytes;
      this.evalFile = value;
    }
    const net = this.mainNet();
    if (net) {
      const shape = net.buckets > 1 ? ` (${net.buckets} output buckets)` : '';
      const sum = net.checksum.toString(16).padStart(8, '0');
      this.say(`NNUE ${clip(this.evalFile, 100)}: 768->${net.hidden}x2->1${shape}, checksum ${sum}`);
    }
    return null;
  }

  /** Scans the Syzygy directories and says what was found ('' or '<empty>': none). */
  setSyzygyPath(value: string): void {
    const path = value === '<empty>' ? '' : value;
    this.syzygyPath = path;
    this.tbFiles = null;
    if (path === '' || !this.platform.scanTablebases) return;
    this.reportTables(this.platform.scanTablebases(path), '');
  }

  /** Says what a scan found: its first problems, then the count of tables (where: ' in memory', or ''). */
  private reportTables(tb: TablebaseScan, where: string): void {
    for (const p of tb.problems.slice(0, 3)) this.say(`Syzygy: ${clip(p, 160)}`);
    if (tb.problems.length > 3) this.say(`Syzygy: ${tb.problems.length - 3} more problems`);
    this.say(`Syzygy: found ${tb.numWdl} WDL and ${tb.numDtz} DTZ tables${where}, up to ${tb.maxPieces} pieces`);
  }

  /**
   * Takes tables held in memory (by file name) in place of a SyzygyPath and says what was found; files empty or
   * null: none. A set with no usable table is refused with the reason, and the tables in use stay.
   */
  setTablebaseFiles(files: ReadonlyMap<string, Uint8Array> | null): TablebaseScan | string {
    if (!files || files.size === 0) {
      this.tbFiles = null;
      return { numWdl: 0, numDtz: 0, maxPieces: 0, problems: [] };
    }
    const tb = Tablebases.fromFiles(files);
    if (tb.numWdl === 0) {
      const why = tb.problems.length > 0 ? `: ${clip(tb.problems[0], 160)}` : ' (names like KQvK.rtbw)';
      return `no usable Syzygy WDL table among ${files.size} file${files.size === 1 ? '' : 's'}${why}`;
    }
    this.reportTables(tb, ' in memory');
    this.tbFiles = files;
    this.syzygyPath = '';
    return tb;
  }

  /** Loads the built-in book if none is loaded (OwnBook on, or the first book move). */
  loadBook(pos: Position): void {
    if (this.book) return;
    const bytes = this.platform.builtinBook();
    if (bytes === null) {
      this.say('this build carries no book; set BookFile');
      return;
    }
    const b = PolyglotBook.parse(bytes);
    if (typeof b === 'string') this.say(`the built-in book is unusable: ${b}`);
    else this.useBook(b, pos);
  }

  private useBook(b: PolyglotBook, pos: Position): void {
    this.book = b;
    // One lookup now, while the host waits for readiness: run cold at the first go it took about 20-30 ms.
    b.lookup(pos);
  }

  /** Loads a Polyglot book file; returns the refusal, or null. ownBook: load the built-in one when going back to it. */
  setBookFile(value: string, pos: Position, ownBook: boolean): string | null {
    const shown = clip(value, 100);
    if (value === '' || value === '<internal>' || value === '<default>') {
      this.book = null;
      this.bookFile = '<internal>';
      if (ownBook) this.loadBook(pos);
      return null;
    }
    let bytes: Uint8Array;
    try {
      bytes = this.readFile(value);
    } catch (e) {
      return `BookFile ${shown}: ${Resources.cannotRead(e)}; keeping ${clip(this.bookFile, 100)}`;
    }
    const b = PolyglotBook.parse(bytes);
    if (typeof b === 'string') return `BookFile ${shown}: ${b}; keeping ${clip(this.bookFile, 100)}`;
    this.useBook(b, pos);
    this.bookFile = value;
    this.say(`BookFile ${shown}: ${b.entries} entries`);
    return null;
  }

  /** A book move for pos (UCI notation) with the line that says so, or null. */
  bookMove(pos: Position, best: boolean): { move: string; note: string } | null {
    this.loadBook(pos);
    const r = this.book?.pick(pos, best);
    if (!r) return null;
    const move = moveToUci(pos, r.choice.move);
    return { move, note: `book move ${move} (weight ${r.choice.weight} of ${r.total})` };
  }
}
