// Zobrist keys as two 32-bit halves, from a fixed-seed generator so keys are the same in every run and thread.
// The generator must not be linear over GF(2) with a 32-bit state (xorshift32 was): its consecutive outputs are
// then x and M·x, so every key's high half was M times its low half, a 64-bit key carried 32 bits, and the hash
// table (bucket from the low half, check on the high half) took a wrong entry for about one probe in a thousand
// once full. A Weyl sequence through MurmurHash3's finaliser gives independent-looking halves.
let state = 0x2545f491;
function next(): number {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
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
for (let r = 0; r < 16; r++)
  for (let b = 0; b < 4; b++)
    if (r & (1 << b)) {
      ZOB_CASTLE[r * 2] ^= rightKeys[b * 2];
      ZOB_CASTLE[r * 2 + 1] ^= rightKeys[b * 2 + 1];
    }
/** ZOB_EP[file * 2 + half] */
export const ZOB_EP = fill(16);
export const ZOB_SIDE_LO = next();
export const ZOB_SIDE_HI = next();
