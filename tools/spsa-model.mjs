#!/usr/bin/env node
// What a tune of a given size can gain, by r_end: a model of tools/spsa.mjs's run on made-up parameters, to choose
// r_end before spending hours of games. Each parameter loses --k Elo per (offset / c_end)^2 from an optimum drawn
// --off c_end (normal) from the start; plus and minus play --pairs pairs an iteration at a 50% draw ratio; the gains
// (c_k, a_k) are tools/spsa.mjs's. Prints, for each r_end, the Elo each of --runs runs gained over its start.
//
//   node tools/spsa-model.mjs --iterations 500 --pairs 8 --params 18 --k 0.6 --off 1.5
import { mulberry32, parseOptions } from './script-args.mjs';
import { perturbation, step } from './spsa-gains.mjs';

const opt = parseOptions({
  iterations: 500,
  pairs: 8,
  params: 18,
  k: 0.6,
  off: 1.5,
  runs: 60,
  rend: '0.002,0.005,0.01,0.02,0.04',
  seed: 1,
});
const N = opt.iterations;
const P = opt.params;
const random = mulberry32(opt.seed);
const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());

/** Elo of values x (in c_end units from the start) against the optimum. */
const elo = (x, best) => x.reduce((e, v, i) => e - opt.k * (v - best[i]) ** 2, 0);

/** One game's result for plus, +1, 0 or -1, when plus is d Elo stronger. */
function game(d) {
  const score = 1 / (1 + 10 ** (-d / 400));
  const win = score - 0.25;
  const r = random();
  return r < win ? 1 : r < win + 0.5 ? 0 : -1;
}

console.log(
  `${N} iterations of ${opt.pairs} pairs, ${P} parameters, ${opt.k} Elo per c_end², optima ±${opt.off} c_end`,
);
for (const rEnd of String(opt.rend).split(',').map(Number)) {
  const gains = [];
  for (let run = 0; run < opt.runs; run++) {
    const best = Array.from({ length: P }, () => opt.off * gauss());
    const x = new Array(P).fill(0);
    const start = elo(x, best);
    for (let k = 0; k < N; k++) {
      // In c_end units: c_end 1.
      const c = perturbation(k, N, 1);
      const a = step(k, N, 1, rEnd);
      const sign = x.map(() => (random() < 0.5 ? -1 : 1));
      const d =
        elo(
          x.map((v, i) => v + c * sign[i]),
          best,
        ) -
        elo(
          x.map((v, i) => v - c * sign[i]),
          best,
        );
      let r = 0;
      for (let g = 0; g < 2 * opt.pairs; g++) r += game(d);
      for (let i = 0; i < P; i++) x[i] += (a / c) * r * sign[i];
    }
    gains.push(elo(x, best) - start);
  }
  gains.sort((a, b) => a - b);
  const mean = gains.reduce((s, g) => s + g, 0) / gains.length;
  const at = (q) => gains[Math.floor(q * (gains.length - 1))].toFixed(1);
  console.log(`r_end ${rEnd}: gain mean ${mean.toFixed(1)}, median ${at(0.5)}, 10th percentile ${at(0.1)} Elo`);
}
