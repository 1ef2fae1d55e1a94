// Elo from match results, as fastchess and OpenBench compute it: the logistic model, the error from the pentanomial
// counts of game pairs (LL, LD, DD or WL, WD, WW), and the SPRT's log-likelihood ratio for bounds in normalized Elo
// (OpenBench's and fishtest's pentanomial SPRT, here in its normal approximation: within 0.05 of OpenBench's LLR on
// the tests in docs/TESTLOG.md).

/** Elo from a score share in (0, 1). */
export const eloFromScore = (s) => -400 * Math.log10(1 / s - 1);

/** The mean pair score (0, 1/4, ... 1) and its per-pair variance from penta = [LL, LD, DD+WL, WD, WW]. */
function moments(penta) {
  const n = penta.reduce((a, b) => a + b, 0);
  const mu = penta.reduce((a, p, i) => a + p * (i / 4), 0) / n;
  const variance = penta.reduce((a, p, i) => a + p * (i / 4 - mu) ** 2, 0) / n;
  return { n, mu, variance };
}

/**
 * Elo and its 95% error from pentanomial counts; elo is null when every pair was won or every pair lost (unbounded).
 * The error is half the width of the interval mapped through the logistic, as fastchess prints it.
 */
export function pentaElo(penta) {
  const { n, mu, variance } = moments(penta);
  if (n === 0 || !(mu > 0 && mu < 1)) return { n, elo: null, err: null };
  const sd = Math.sqrt(variance / n);
  const lo = eloFromScore(Math.max(mu - 1.959964 * sd, 1e-9)),
    hi = eloFromScore(Math.min(mu + 1.959964 * sd, 1 - 1e-9));
  return { n, elo: eloFromScore(mu), err: (hi - lo) / 2 };
}

/**
 * The SPRT's LLR for H1: elo1 against H0: elo0, both in normalized Elo, from pentanomial counts. A pair's t-value is
 * (score - 1/2) / sd; normalized Elo maps t to 800 / ln 10 / sqrt(2) Elo per unit, as OpenBench's PentanomialSPRT.
 */
export function pentaLlr(penta, elo0, elo1) {
  const { n, mu, variance } = moments(penta);
  if (n === 0 || variance === 0) return 0;
  const perElo = (Math.LN10 / 800) * Math.SQRT2;
  const t0 = elo0 * perElo,
    t1 = elo1 * perElo;
  return (n * (t1 - t0) * ((2 * (mu - 0.5)) / Math.sqrt(variance) - (t0 + t1))) / 2;
}

/** The SPRT's bounds for error rates alpha and beta: [lower, upper]. */
export const sprtBounds = (alpha, beta) => [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)];
