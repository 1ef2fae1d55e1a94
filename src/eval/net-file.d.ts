// Net and book files are embedded as bytes (esbuild's binary loader; a small plugin under vitest).
declare module '*.nnue' {
  const bytes: Uint8Array;
  export default bytes;
}
declare module '*.bin' {
  const bytes: Uint8Array;
  export default bytes;
}
