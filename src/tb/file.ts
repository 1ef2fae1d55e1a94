// A table file read by offset through a small page cache: 6- and 7-piece files are tens of GB, so nothing is ever
// read whole; a probe touches a few index entries and one compressed block.
import * as fs from 'node:fs';

/** A malformed or short table: caught where a table is opened or probed, never thrown out of the prober. */
export class TbFormatError extends Error {}

const PAGE_BITS = 14; // 16 KiB pages: a block (at most a few KiB in real files) rarely straddles two
const PAGE_SIZE = 1 << PAGE_BITS;

/** Pages kept across all open files together (LRU); 2048 x 16 KiB = 32 MiB. */
let pageBudget = 2048;
const lru = new Map<number, Uint8Array>();
const PAGES_PER_FILE = 2 ** 32; // key = file id * 2^32 + page: a number key, cheaper than a string

/** Sets how many 16 KiB pages the shared cache keeps (at least 4). */
export function setPageBudget(pages: number): void {
  pageBudget = Math.max(4, pages | 0);
  trim();
}

/** Empties the shared page cache (for cold-cache measurements). */
export function clearPageCache(): void {
  lru.clear();
  generation++;
}

/** Bumped by clearPageCache so that no file keeps using its last page. */
let generation = 0;

function trim(): void {
  while (lru.size > pageBudget) lru.delete(lru.keys().next().value as number);
}

let nextFileId = 0;

// Open descriptors are limited too: a full 7-piece set has thousands of files. The least recently read file
// gives its descriptor back and reopens on its next page miss.
let maxOpen = 128;
const openFiles = new Set<TbFile>();

/** Sets how many table files may hold a descriptor at once (at least 1). */
export function setOpenFileLimit(n: number): void {
  maxOpen = Math.max(1, n | 0);
  while (openFiles.size > maxOpen) openFiles.values().next().value!.release();
}

export class TbFile {
  readonly size: number;
  private fd: number;
  private closed = false;
  private readonly id = nextFileId++;
  // The last page touched, kept outside the map: most reads of a probe hit the same page.
  private lastN = -1;
  private lastPage: Uint8Array | null = null;
  private lastGen = -1;

  /** The file at path, or (with bytes) a table held in memory under that name: a page where files cannot be read. */
  constructor(
    readonly path: string,
    private readonly bytes: Uint8Array | null = null,
  ) {
    if (bytes) {
      this.fd = -1;
      this.size = bytes.length;
      return;
    }
    this.fd = fs.openSync(path, 'r');
    this.size = fs.fstatSync(this.fd).size;
    this.touch();
  }

  /** Page n of a table in memory: a view of its bytes, or a zero-padded copy of the last, short page. */
  private memoryPage(n: number): Uint8Array {
    const bytes = this.bytes as Uint8Array;
    const start = n * PAGE_SIZE;
    let p: Uint8Array;
    if (start + PAGE_SIZE <= bytes.length) p = bytes.subarray(start, start + PAGE_SIZE);
    else {
      p = new Uint8Array(PAGE_SIZE);
      if (start < bytes.length) p.set(bytes.subarray(start));
    }
    this.lastN = n;
    this.lastPage = p;
    this.lastGen = generation;
    return p;
  }

  /** Marks the descriptor most recently used, closing the oldest when too many are open. */
  private touch(): void {
    openFiles.delete(this);
    openFiles.add(this);
    if (openFiles.size > maxOpen) openFiles.values().next().value!.release();
  }

  /** Gives the descriptor back (the file reopens on its next page miss). */
  release(): void {
    openFiles.delete(this);
    if (this.bytes) return;
    if (this.fd >= 0) {
      try {
        fs.closeSync(this.fd);
      } catch {
        /* already gone */
      }
    }
    this.fd = -1;
  }

  close(): void {
    this.closed = true;
    this.release();
    for (const k of [...lru.keys()]) if (Math.floor(k / PAGES_PER_FILE) === this.id) lru.delete(k);
    this.lastPage = null;
    this.lastN = -1;
  }

  /** Page n of the file; bytes past the end of the file read as zero. */
  page(n: number): Uint8Array {
    if (n === this.lastN && this.lastGen === generation && this.lastPage !== null) return this.lastPage;
    if (this.bytes) {
      if (this.closed) throw new TbFormatError(`${this.path}: file closed`);
      return this.memoryPage(n);
    }
    const key = this.id * PAGES_PER_FILE + n;
    let p = lru.get(key);
    if (p !== undefined) {
      lru.delete(key);
      lru.set(key, p); // most recently used goes last
      this.lastN = n;
      this.lastPage = p;
      this.lastGen = generation;
      return p;
    }
    if (this.closed) throw new TbFormatError(`${this.path}: file closed`);
    if (this.fd < 0) {
      try {
        this.fd = fs.openSync(this.path, 'r');
      } catch (e) {
        throw new TbFormatError(`${this.path}: cannot reopen (${(e as Error).message})`);
      }
    }
    this.touch();
    p = new Uint8Array(PAGE_SIZE);
    const start = n * PAGE_SIZE;
    if (start < this.size) {
      const want = Math.min(PAGE_SIZE, this.size - start);
      let got = 0;
      while (got < want) {
        const r = fs.readSync(this.fd, p, got, want - got, start + got);
        if (r <= 0) throw new TbFormatError(`${this.path}: short read at ${start + got}`);
        got += r;
      }
    }
    lru.set(key, p);
    trim();
    this.lastN = n;
    this.lastPage = p;
    this.lastGen = generation;
    return p;
  }

  private check(off: number, len: number): void {
    if (!(off >= 0) || off + len > this.size)
      throw new TbFormatError(`${this.path}: read past the end (${off}+${len} > ${this.size})`);
  }

  u8(off: number): number {
    this.check(off, 1);
    return this.page(Math.floor(off / PAGE_SIZE))[off % PAGE_SIZE];
  }

  u16(off: number): number {
    // little-endian
    return this.u8(off) | (this.u8(off + 1) << 8);
  }

  u32(off: number): number {
    // little-endian, unsigned
    return this.u16(off) + this.u16(off + 2) * 65536;
  }

  /**
   * A buffer and index where the `len` bytes from `off`, and 8 more, lie contiguous: the cached page itself when
   * they fit in it (no copy), else a copy into `scratch` (which must hold len + 8).
   */
  span(off: number, len: number, scratch: Uint8Array): [Uint8Array, number] {
    const at = off % PAGE_SIZE;
    if (off >= 0 && off < this.size && at + len + 8 <= PAGE_SIZE) return [this.page(Math.floor(off / PAGE_SIZE)), at];
    this.read(off, len, scratch);
    scratch.fill(0, len, len + 8);
    return [scratch, 0];
  }

  /** `len` bytes from `off` into out[0..len); bytes past the end of the file are zero (the decoder peeks ahead). */
  read(off: number, len: number, out: Uint8Array): void {
    if (!(off >= 0) || off >= this.size)
      throw new TbFormatError(`${this.path}: read past the end (${off} >= ${this.size})`);
    let done = 0;
    while (done < len) {
      const o = off + done,
        n = Math.floor(o / PAGE_SIZE),
        at = o % PAGE_SIZE;
      const take = Math.min(len - done, PAGE_SIZE - at);
      out.set(this.page(n).subarray(at, at + take), done);
      done += take;
    }
  }
}
