// Transposition table in a SharedArrayBuffer, shared by all search threads (Lazy SMP).
// Buckets of 4 entries x 3 Int32 words: [check, data, scores]. check = keyHi ^ data ^ scores, so
// an entry torn by two threads writing at once fails verification instead of lying (xor trick).
// data = move (bits 0-15) | (depth + 1) (16-23) | bound (24-25) | age (26-31).
// scores = score (low 16 bits, signed) | static eval (high 16 bits, signed).

/** Bound of a stored score; 0 marks an empty entry. */
export const BOUND_UPPER = 1,
  BOUND_LOWER = 2,
  BOUND_EXACT = 3;
const ENTRY_WORDS = 3,
  BUCKET_ENTRIES = 4,
  BUCKET_WORDS = ENTRY_WORDS * BUCKET_ENTRIES;
const BUCKET_BYTES = BUCKET_WORDS * 4;

/** A table of mib MiB: shared by the search threads, or one thread's own where memory cannot be shared. */
export function createTTBuffer(mib: number, shared = true): ArrayBufferLike {
  const buckets = Math.max(1, Math.floor((mib * 1024 * 1024) / BUCKET_BYTES));
  return shared ? new SharedArrayBuffer(buckets * BUCKET_BYTES) : new ArrayBuffer(buckets * BUCKET_BYTES);
}

export class TT {
  readonly data: Int32Array;
  readonly buckets: number;
  /** Bucket index = floor(keyLo * scale): a multiply instead of a slow floating-point modulo. */
  private readonly scale: number;
  /** Search generation (6 bits); entries from older searches are replaced first. */
  age = 0;
  // Results of the last successful probe.
  move = 0;
  depth = 0;
  bound = 0;
  score = 0;
  eval = 0;

  constructor(buf: ArrayBufferLike) {
    this.data = new Int32Array(buf);
    this.buckets = Math.floor(this.data.length / BUCKET_WORDS);
    this.scale = this.buckets / 4294967296;
  }

  clear(): void {
    this.data.fill(0);
  }

  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  /** Looks the key up; on a hit fills move/depth/bound/score/eval and returns true. */
  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const b = Math.floor((keyLo >>> 0) * this.scale) * BUCKET_WORDS;
    for (let i = b; i < b + BUCKET_WORDS; i += ENTRY_WORDS) {
      const data = d[i + 1],
        sc = d[i + 2];
      if ((d[i] ^ data ^ sc) === keyHi && data !== 0) {
        this.move = data & 0xffff;
        this.depth = ((data >>> 16) & 0xff) - 1;
        this.bound = (data >>> 24) & 3;
        this.score = (sc << 16) >> 16;
        this.eval = sc >> 16;
        return true;
      }
    }
    return false;
  }

  store(keyLo: number, keyHi: number, move: number, depth: number, bound: number, score: number, ev: number): void {
    const d = this.data;
    const b = Math.floor((keyLo >>> 0) * this.scale) * BUCKET_WORDS;
    let slot = b,
      worst = 1 << 30;
    for (let i = b; i < b + BUCKET_WORDS; i += ENTRY_WORDS) {
      const data = d[i + 1];
      if (data === 0 || (d[i] ^ data ^ d[i + 2]) === keyHi) {
        slot = i;
        // Same position: keep the old move when the new result has none, and keep a much deeper
        // exact-ish entry unless the new one is exact.
        if (data !== 0) {
          if (move === 0) move = data & 0xffff;
          const oldDepth = ((data >>> 16) & 0xff) - 1;
          if (bound !== BOUND_EXACT && oldDepth > depth + 3 && ((data >>> 26) & 63) === this.age) return;
        }
        worst = -1;
        break;
      }
      // Replacement value: shallow and old entries go first.
      const ageDiff = (this.age - ((data >>> 26) & 63)) & 63;
      const v = ((data >>> 16) & 0xff) - 1 - 8 * ageDiff;
      if (v < worst) {
        worst = v;
        slot = i;
      }
    }
    const dep = Math.max(0, Math.min(255, depth + 1));
    const data = (move & 0xffff) | (dep << 16) | (bound << 24) | (this.age << 26);
    const sc = (score & 0xffff) | (ev << 16);
    d[slot + 1] = data;
    d[slot + 2] = sc;
    d[slot] = keyHi ^ data ^ sc;
  }

  /** Permille of sampled entries written in the current search. */
  hashfull(): number {
    const d = this.data;
    let n = 0;
    const entries = Math.min(1000, this.buckets * BUCKET_ENTRIES);
    for (let e = 0; e < entries; e++) {
      const data = d[e * ENTRY_WORDS + 1];
      if (data !== 0 && ((data >>> 26) & 63) === this.age) n++;
    }
    return Math.round((n * 1000) / entries);
  }
}
