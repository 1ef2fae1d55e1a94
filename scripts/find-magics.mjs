// Finds 32-bit folded magics: index = (imul(occLo & mLo, kLo) ^ imul(occHi & mHi, kHi)) >>> (32 - bits).
// Run once; the output is pasted into src/core/magics.ts. Deterministic (seeded PRNG).
let s = 0x9e3779b9 | 0;
function rnd() {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return s >>> 0;
}
function sparse() {
  return (rnd() & rnd() & rnd()) | 0;
}
function slide(sq, occ, dirs) {
  const res = []; // list of attacked squares
  const r0 = sq >> 3,
    f0 = sq & 7;
  for (const [dr, df] of dirs) {
    let r = r0 + dr,
      f = f0 + df;
    while (r >= 0 && r < 8 && f >= 0 && f < 8) {
      const t = r * 8 + f;
      res.push(t);
      if (occ.has(t)) break;
      r += dr;
      f += df;
    }
  }
  return res;
}
function maskSquares(sq, dirs) {
  const res = [];
  const r0 = sq >> 3,
    f0 = sq & 7;
  for (const [dr, df] of dirs) {
    let r = r0 + dr,
      f = f0 + df;
    while (r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8) {
      res.push(r * 8 + f);
      r += dr;
      f += df;
    }
  }
  return res;
}
const R = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ],
  B = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ];
function find(sq, dirs) {
  const m = maskSquares(sq, dirs);
  const bits = m.length;
  const n = 1 << bits;
  const occLo = new Int32Array(n),
    occHi = new Int32Array(n),
    attKey = new Array(n);
  for (let i = 0; i < n; i++) {
    const occ = new Set();
    let lo = 0,
      hi = 0;
    for (let j = 0; j < bits; j++)
      if (i & (1 << j)) {
        occ.add(m[j]);
        if (m[j] < 32) lo |= 1 << m[j];
        else hi |= 1 << (m[j] - 32);
      }
    occLo[i] = lo;
    occHi[i] = hi;
    attKey[i] = slide(sq, occ, dirs)
      .sort((a, b) => a - b)
      .join(',');
  }
  const used = new Array(n);
  const stamp = new Int32Array(n);
  let gen = 0;
  const shift = 32 - bits;
  for (let tries = 0; tries < 100000000; tries++) {
    const kLo = sparse(),
      kHi = sparse();
    gen++;
    let ok = true;
    for (let i = 0; i < n; i++) {
      const idx = (Math.imul(occLo[i], kLo) ^ Math.imul(occHi[i], kHi)) >>> shift;
      if (stamp[idx] !== gen) {
        stamp[idx] = gen;
        used[idx] = attKey[i];
      } else if (used[idx] !== attKey[i]) {
        ok = false;
        break;
      }
    }
    if (ok) return [kLo, kHi, bits, tries];
  }
  throw new Error('no magic ' + sq);
}
const out = { rook: [], bishop: [] };
const t0 = Date.now();
for (let sq = 0; sq < 64; sq++) {
  const r = find(sq, R);
  out.rook.push(r.slice(0, 2));
  process.stderr.write(`r${sq}:${r[3]} `);
}
for (let sq = 0; sq < 64; sq++) {
  const r = find(sq, B);
  out.bishop.push(r.slice(0, 2));
}
process.stderr.write(`\n${Date.now() - t0} ms\n`);
console.log(JSON.stringify(out));
