// SPSA's gains at iteration k (0-based) of n, as OpenBench computes them: the perturbation
// c_k = c_end * n^gamma / (k + 1)^gamma and the step a_k = r_end * c_end^2 * (A + n)^alpha / (A + k + 1)^alpha, with
// A = n / 10, alpha 0.602, gamma 0.101. A parameter moves by a_k / c_k * (wins - losses) * its sign. The tuner
// (tools/spsa.mjs) and its model (tools/spsa-model.mjs) both use these, so that the model is of the tuner as it runs.

const ALPHA = 0.602;
const GAMMA = 0.101;

/** c_k for a parameter with c_end cEnd. */
export function perturbation(k, n, cEnd) {
  return (cEnd * n ** GAMMA) / (k + 1) ** GAMMA;
}

/** a_k for a parameter with c_end cEnd and r_end rEnd. */
export function step(k, n, cEnd, rEnd) {
  const A = n / 10;
  return (rEnd * cEnd ** 2 * (A + n) ** ALPHA) / (A + k + 1) ** ALPHA;
}
