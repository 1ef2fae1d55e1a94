// What the bench, tools and fixture scripts share: `--name value` options over a table of defaults, and a seeded PRNG.

/** Options from argv as `--name value` pairs; a number default makes the value a number; an unknown name exits 2. */
export function parseOptions(defaults, argv = process.argv.slice(2)) {
  const opt = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, '');
    if (!(k in opt)) {
      console.error(`unknown option ${argv[i]}`);
      process.exit(2);
    }
    opt[k] = typeof opt[k] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return opt;
}

/** mulberry32: a deterministic generator of floats in [0, 1), so a seed reproduces a script's positions. */
export function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
