import { describe, it, expect } from 'vitest';
import { ZOB_PSQ, ZOB_CASTLE, ZOB_EP, ZOB_SIDE_LO, ZOB_SIDE_HI } from '../../src/core/zobrist';

/** Rank over GF(2) of 64-bit vectors given as [lo, hi] pairs: elimination with one basis slot per leading bit. */
function rank(vectors: Array<[number, number]>): number {
  const basis: Array<[number, number] | undefined> = new Array(64);
  let r = 0;
  for (let [lo, hi] of vectors) {
    for (let bit = 63; bit >= 0; bit--) {
      if ((bit >= 32 ? (hi >>> (bit - 32)) & 1 : (lo >>> bit) & 1) === 0) continue;
      const b = basis[bit];
      if (!b) {
        basis[bit] = [lo, hi];
        r++;
        break;
      }
      lo ^= b[0];
      hi ^= b[1];
    }
  }
  return r;
}

describe('Zobrist keys', () => {
  const keys: Array<[number, number]> = [];
  for (let piece = 0; piece < 16; piece++) {
    if ((piece & 7) === 0 || (piece & 7) === 7) continue; // no piece types 0 and 7
    for (let sq = 0; sq < 64; sq++) keys.push([ZOB_PSQ[(piece * 64 + sq) * 2], ZOB_PSQ[(piece * 64 + sq) * 2 + 1]]);
  }
  for (let r = 1; r < 16; r++) keys.push([ZOB_CASTLE[r * 2], ZOB_CASTLE[r * 2 + 1]]);
  for (let f = 0; f < 8; f++) keys.push([ZOB_EP[f * 2], ZOB_EP[f * 2 + 1]]);
  keys.push([ZOB_SIDE_LO, ZOB_SIDE_HI]);

  it('span all 64 bits: the high half is no function of the low half', () => {
    // A generator linear in a 32-bit state gives keys whose high half is a fixed linear map of the low half:
    // rank 32, and the hash table's check on the high half then verifies nothing the bucket had not.
    expect(rank(keys)).toBe(64);
  });

  it('have no two features with the same key or equal halves', () => {
    const seen = new Set<string>();
    for (const [lo, hi] of keys) {
      expect(lo).not.toBe(hi);
      seen.add(`${lo},${hi}`);
    }
    expect(seen.size).toBe(keys.length);
  });
});
