// Zobrist keys as two 32-bit halves, from a fixed-seed generator so keys are the same in every run and thread.
let seed = 0x2545f491;
function next(): number {
  seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
  return seed | 0;
}
function fill(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = next();
  return a;
}
/** ZOB_PSQ[(piece * 64 + sq) * 2 + half] */
export const ZOB_PSQ = fill(16 * 64 * 2);
/** ZOB_CASTLE[rights * 2 + half], for all 16 combinations of rights. */
export const ZOB_CASTLE = new Int32Array(32);
const rightKeys = fill(8);
for (let r = 0; r < 16; r++) for (let b = 0; b < 4; b++) if (r & (1 << b)) {
  ZOB_CASTLE[r * 2] ^= rightKeys[b * 2];
  ZOB_CASTLE[r * 2 + 1] ^= rightKeys[b * 2 + 1];
}
/** ZOB_EP[file * 2 + half] */
export const ZOB_EP = fill(16);
export const ZOB_SIDE_LO = next();
export const ZOB_SIDE_HI = next();
