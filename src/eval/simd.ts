// WebAssembly SIMD kernels for the network's accumulators: eight int16 lanes per operation where the plain
// JavaScript path (nnue.ts) gets two. The module is assembled here, at startup, from the few opcodes it needs (no
// toolchain, no binary blob in the repo); every function works on byte offsets into the module's own memory, where
// nnue.ts keeps the feature weights, the output weights and the accumulator stack as int16 lanes.
//
// Kernels (one call covers both perspectives; perspective 1's accumulator follows perspective 0's, n bytes on):
//   updK(d, s, n, f0..., f1...)                         acc[d] = acc[s] + rows added - rows removed
//   updsumK(d, s, n, o0, o1, chunk, qa, f0..., f1...)    the same, and returns the output layer's sum over the new
//                                                        accumulators: sum of clamp(x, 0, qa)^2 * w, w read at o0 / o1
//   osum(s, n, o0, o1, chunk, qa)                        that sum alone
// K = 1: f = a, r1 (a piece moves); 2: a, r1, r2 (a capture); 3: a, r1, r2, a2 (castling). n is a multiple of 16.
// Sums: each int32 lane takes two products per vector; after `chunk` vectors (what int32 holds for this net's largest
// output weight, nnue.ts's pairChunk) the lanes are added into int64, so the result is exact, as in the JS path.

// The WebAssembly API as far as used here: the project's lib setting (ES2022 with Node's types) does not declare it.
declare namespace WebAssembly {
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
}

/** The kernels of one instance; `memory` grows as nnue.ts needs (views must be remade after a grow). */
export interface SimdKernels {
  memory: WebAssembly.Memory;
  upd1: (d: number, s: number, n: number, a0: number, r0: number, a1: number, r1: number) => void;
  upd2: (
    d: number,
    s: number,
    n: number,
    a0: number,
    r0: number,
    q0: number,
    a1: number,
    r1: number,
    q1: number,
  ) => void;
  upd3: (
    d: number,
    s: number,
    n: number,
    a0: number,
    r0: number,
    q0: number,
    b0: number,
    a1: number,
    r1: number,
    q1: number,
    b1: number,
  ) => void;
  updsum1: (
    d: number,
    s: number,
    n: number,
    o0: number,
    o1: number,
    chunk: number,
    qa: number,
    a0: number,
    r0: number,
    a1: number,
    r1: number,
  ) => number;
  updsum2: (
    d: number,
    s: number,
    n: number,
    o0: number,
    o1: number,
    chunk: number,
    qa: number,
    a0: number,
    r0: number,
    q0: number,
    a1: number,
    r1: number,
    q1: number,
  ) => number;
  updsum3: (
    d: number,
    s: number,
    n: number,
    o0: number,
    o1: number,
    chunk: number,
    qa: number,
    a0: number,
    r0: number,
    q0: number,
    b0: number,
    a1: number,
    r1: number,
    q1: number,
    b1: number,
  ) => number;
  osum: (s: number, n: number, o0: number, o1: number, chunk: number, qa: number) => number;
}

// ---------------- a minimal assembler ----------------

const I32 = 0x7f,
  F64 = 0x7c,
  V128 = 0x7b;
// Plain opcodes.
const LOCAL_GET = 0x20,
  LOCAL_SET = 0x21,
  LOCAL_TEE = 0x22,
  I32_CONST = 0x41,
  I32_ADD = 0x6a,
  I32_SUB = 0x6b,
  I32_LT_U = 0x49,
  I32_EQZ = 0x45,
  I64_ADD = 0x7c,
  F64_CONVERT_I64_S = 0xb9,
  LOOP = 0x03,
  IF = 0x04,
  BR_IF = 0x0d,
  END = 0x0b,
  VOID = 0x40;
// SIMD opcodes (after the 0xfd prefix).
const V128_LOAD = 0x00,
  V128_STORE = 0x0b,
  V128_CONST = 0x0c,
  I16X8_SPLAT = 0x10,
  I64X2_EXTRACT_LANE = 0x1d,
  I16X8_ADD = 0x8e,
  I16X8_SUB = 0x91,
  I16X8_MIN_S = 0x96,
  I16X8_MAX_S = 0x98,
  I32X4_EXTEND_LOW_I16X8_S = 0xa7,
  I32X4_EXTEND_HIGH_I16X8_S = 0xa8,
  I32X4_ADD = 0xae,
  I32X4_MUL = 0xb5,
  I32X4_EXTMUL_LOW_I16X8_S = 0xbc,
  I32X4_EXTMUL_HIGH_I16X8_S = 0xbd,
  I64X2_EXTEND_LOW_I32X4_S = 0xc7,
  I64X2_EXTEND_HIGH_I32X4_S = 0xc8,
  I64X2_ADD = 0xce;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** A function body under construction: params first, then locals declared with `local`. */
class Body {
  readonly code: number[] = [];
  private readonly locals: number[] = [];
  constructor(private readonly nparams: number) {}
  local(type: number): number {
    this.locals.push(type);
    return this.nparams + this.locals.length - 1;
  }
  op(...b: number[]): this {
    this.code.push(...b);
    return this;
  }
  get(i: number): this {
    return this.op(LOCAL_GET, ...uleb(i));
  }
  set(i: number): this {
    return this.op(LOCAL_SET, ...uleb(i));
  }
  tee(i: number): this {
    return this.op(LOCAL_TEE, ...uleb(i));
  }
  i32(v: number): this {
    return this.op(I32_CONST, ...sleb(v));
  }
  simd(o: number, ...imm: number[]): this {
    return this.op(0xfd, ...uleb(o), ...imm);
  }
  /** v128 load / store with 16-byte alignment and no offset. */
  load(): this {
    return this.simd(V128_LOAD, 4, 0);
  }
  store(): this {
    return this.simd(V128_STORE, 4, 0);
  }
  /** Pushes memory address base + j. */
  addr(base: number, j: number): this {
    return this.get(base).get(j).op(I32_ADD);
  }
  bytes(): number[] {
    const decl: number[] = [...uleb(this.locals.length)];
    for (const t of this.locals) decl.push(1, t); // one entry per local: simple, and there are few
    const all = [...decl, ...this.code, END];
    return [...uleb(all.length), ...all];
  }
}

/** Section: id, then its byte length, then the content. */
function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function vec(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

// ---------------- the kernels ----------------

interface FnDef {
  name: string;
  params: number;
  result: number | null;
  body: Body;
}

/**
 * One perspective's update loop (and, with `sum`, its output terms): rows `adds` added and `subs` removed, from the
 * accumulator at s to the one at d; output weights at o.
 */
function emitLoop(
  b: Body,
  L: Locals,
  d: number,
  s: number,
  n: number,
  adds: number[],
  subs: number[],
  sum: { o: number; chunk: number } | null,
): void {
  b.i32(0).set(L.j);
  b.op(LOOP, VOID);
  if (adds.length > 0) {
    b.addr(d, L.j);
    b.addr(s, L.j).load();
    for (const a of adds) b.addr(a, L.j).load().simd(I16X8_ADD);
    for (const r of subs) b.addr(r, L.j).load().simd(I16X8_SUB);
    if (sum) b.tee(L.x);
    b.store();
  } else {
    b.addr(s, L.j).load().set(L.x);
  }
  if (sum) {
    // v = clamp(x, 0, qa); acc32 += v * w * v, low and high halves widened to int32 (exact: qa^2 * 32767 < 2^31).
    b.get(L.x).get(L.zero).simd(I16X8_MAX_S).get(L.qav).simd(I16X8_MIN_S).set(L.v);
    b.addr(sum.o, L.j).load().set(L.w);
    b.get(L.acc32);
    b.get(L.v)
      .get(L.w)
      .simd(I32X4_EXTMUL_LOW_I16X8_S)
      .get(L.v)
      .simd(I32X4_EXTEND_LOW_I16X8_S)
      .simd(I32X4_MUL)
      .simd(I32X4_ADD);
    b.get(L.v)
      .get(L.w)
      .simd(I32X4_EXTMUL_HIGH_I16X8_S)
      .get(L.v)
      .simd(I32X4_EXTEND_HIGH_I16X8_S)
      .simd(I32X4_MUL)
      .simd(I32X4_ADD);
    b.set(L.acc32);
    // Every `chunk` vectors, move the int32 lanes into the int64 sum before they could overflow.
    b.get(L.cnt).i32(1).op(I32_SUB).tee(L.cnt).op(I32_EQZ).op(IF, VOID);
    flush(b, L);
    b.get(sum.chunk).set(L.cnt);
    b.op(END);
  }
  b.get(L.j).i32(16).op(I32_ADD).tee(L.j).get(n).op(I32_LT_U).op(BR_IF, 0);
  b.op(END);
}

function flush(b: Body, L: Locals): void {
  b.get(L.acc64)
    .get(L.acc32)
    .simd(I64X2_EXTEND_LOW_I32X4_S)
    .simd(I64X2_ADD)
    .get(L.acc32)
    .simd(I64X2_EXTEND_HIGH_I32X4_S)
    .simd(I64X2_ADD)
    .set(L.acc64);
  b.simd(V128_CONST, ...new Array(16).fill(0)).set(L.acc32);
}

interface Locals {
  j: number;
  cnt: number;
  x: number;
  v: number;
  w: number;
  zero: number;
  qav: number;
  acc32: number;
  acc64: number;
}

function locals(b: Body): Locals {
  return {
    j: b.local(I32),
    cnt: b.local(I32),
    x: b.local(V128),
    v: b.local(V128),
    w: b.local(V128),
    zero: b.local(V128),
    qav: b.local(V128),
    acc32: b.local(V128),
    acc64: b.local(V128),
  };
}

/** Perspective 1's accumulators follow perspective 0's: move d and s on by n bytes. */
function nextPerspective(b: Body, d: number, s: number, n: number): void {
  if (d >= 0) b.get(d).get(n).op(I32_ADD).set(d);
  b.get(s).get(n).op(I32_ADD).set(s);
}

/** The int64 sum's two lanes added, as a double (exact below 2^53). */
function returnSum(b: Body, L: Locals): void {
  flush(b, L);
  b.get(L.acc64).simd(I64X2_EXTRACT_LANE, 0).get(L.acc64).simd(I64X2_EXTRACT_LANE, 1).op(I64_ADD).op(F64_CONVERT_I64_S);
}

/** Feature rows per perspective for kind K: [adds, subs] as offsets into that perspective's parameter group. */
const KINDS: Record<number, { adds: number[]; subs: number[] }> = {
  1: { adds: [0], subs: [1] },
  2: { adds: [0], subs: [1, 2] },
  3: { adds: [0, 3], subs: [1, 2] },
};

/** updK / updsumK over both perspectives (perspective 1's row offsets follow perspective 0's among the parameters). */
function updFn(kind: number, withSum: boolean): FnDef {
  const per = kind + 1; // rows per perspective
  const head = withSum ? 7 : 3; // d, s, n (, o0, o1, chunk, qa)
  const params = head + 2 * per;
  const b = new Body(params);
  const L = locals(b);
  const d = 0,
    s = 1,
    n = 2,
    chunk = 5,
    qa = 6;
  if (withSum) b.get(qa).simd(I16X8_SPLAT).set(L.qav).get(chunk).set(L.cnt);
  for (let p = 0; p < 2; p++) {
    const g = head + p * per,
      k = KINDS[kind];
    if (p === 1) nextPerspective(b, d, s, n);
    emitLoop(
      b,
      L,
      d,
      s,
      n,
      k.adds.map((i) => g + i),
      k.subs.map((i) => g + i),
      withSum ? { o: 3 + p, chunk } : null,
    );
  }
  if (withSum) returnSum(b, L);
  return { name: `${withSum ? 'updsum' : 'upd'}${kind}`, params, result: withSum ? F64 : null, body: b };
}

/** osum: the output sum over both perspectives' accumulators. */
function osumFn(): FnDef {
  const params = 6; // s, n, o0, o1, chunk, qa
  const b = new Body(params);
  const L = locals(b);
  const chunk = 4,
    qa = 5;
  b.get(qa).simd(I16X8_SPLAT).set(L.qav).get(chunk).set(L.cnt);
  for (let p = 0; p < 2; p++) {
    if (p === 1) nextPerspective(b, -1, 0, 1);
    emitLoop(b, L, -1, 0, 1, [], [], { o: 2 + p, chunk });
  }
  returnSum(b, L);
  return { name: 'osum', params, result: F64, body: b };
}

/** The module's bytes. */
function simdModuleBytes(): Uint8Array {
  const fns: FnDef[] = [];
  for (const withSum of [false, true]) for (const kind of [1, 2, 3]) fns.push(updFn(kind, withSum));
  fns.push(osumFn());
  const types = fns.map((f) => [
    0x60,
    ...vec(new Array(f.params).fill([I32])),
    ...(f.result === null ? [0] : [1, f.result]),
  ]);
  const bytes = [
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec(types)),
    ...section(3, vec(fns.map((_, i) => uleb(i)))),
    ...section(5, vec([[0x00, 1]])), // one memory, 1 page to start, no maximum
    ...section(7, vec([[...name('memory'), 0x02, 0], ...fns.map((f, i) => [...name(f.name), 0x00, ...uleb(i)])])),
    ...section(10, vec(fns.map((f) => f.body.bytes()))),
  ];
  return new Uint8Array(bytes);
}

/** A fresh instance of the kernels (one per thread: each has its own accumulators), or null without WebAssembly SIMD. */
export function createSimdKernels(): SimdKernels | null {
  try {
    if (typeof WebAssembly !== 'object') return null;
    const bytes = simdModuleBytes();
    if (!WebAssembly.validate(bytes)) return null;
    const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
    return inst.exports as unknown as SimdKernels;
  } catch {
    return null;
  }
}
