// The strength limiter (UCI_LimitStrength / UCI_Elo). A weaker player looks at less (a node budget per move), misjudges
// positions a little (deterministic noise on the static evaluation) and does not always find the best move (a choice
// among the best few root moves, weighted by score). Each part fades as the level rises, so big blunders become rare
// fast while a free queen is still taken at the lowest level: a move 900 cp better than the rest is never outweighed.
// The curves are calibrated against Stockfish's own UCI_Elo ladder (docs/STRENGTH.md).

export const SKILL_MIN_ELO = 800;
export const SKILL_MAX_ELO = 2800;

export interface Skill {
  elo: number;
  /** Seeds the evaluation noise and the move choice: the same seed and game give the same moves. */
  seed: number;
}

const clampElo = (elo: number): number => Math.max(SKILL_MIN_ELO, Math.min(SKILL_MAX_ELO, elo));

/**
 * The calibration: UCI_Elo → the internal strength the curves below are written in, piecewise linear through the
 * points measured against Stockfish's UCI_Elo at the same setting (docs/STRENGTH.md). Below the first point the first
 * segment is extended (Stockfish's ladder ends at 1350). 2600 is a budget above what full strength spends a move at
 * Stockfish's own clock (the engine's top); 2800 only extends the line. Each point is refitted when the net changes:
 * the results and their commands are in docs/STRENGTH.md and docs/TESTLOG.md.
 */
export const SKILL_CALIBRATION: ReadonlyArray<readonly [number, number]> = [
  [1400, 1400],
  [1800, 2000],
  [2200, 2775],
  [2600, 3900],
  [2800, 4100],
];

export function skillStrength(elo: number): number {
  const e = clampElo(elo),
    c = SKILL_CALIBRATION;
  let i = 0;
  while (i < c.length - 2 && e > c[i + 1][0]) i++;
  const [e0, s0] = c[i],
    [e1, s1] = c[i + 1];
  return s0 + ((e - e0) * (s1 - s0)) / (e1 - e0);
}

/** Nodes per move: doubling every 220 points of strength; 1,411 at UCI_Elo 1400, 107,000 at 2200; never below 50. */
export function skillNodes(elo: number): number {
  return Math.max(50, Math.round(400 * 2 ** ((skillStrength(elo) - 1000) / 220)));
}

/**
 * The mean number of root moves searched as candidates (MultiPV): 6 up to strength 1000, falling in a straight line
 * to 1 (a single line, no choice) at strength 2800. Steps in a whole count made the strength jump (one candidate
 * more moved a level a long way, docs/STRENGTH.md), so the count is spread smoothly over the strength instead.
 */
export function skillCandidateMean(elo: number): number {
  return 1 + 5 * Math.max(0, Math.min(1, (2800 - skillStrength(elo)) / 1800));
}

/**
 * How many root moves this search takes as candidates: the mean's whole part, one more with the probability of its
 * fraction. u is a uniform number in [0, 1), drawn per position, so the expected count is the mean.
 */
export function skillCandidates(elo: number, u: number): number {
  const m = skillCandidateMean(elo),
    whole = Math.floor(m);
  return whole + (u < m - whole ? 1 : 0);
}

/** Softmax temperature of the choice, in centipawns: about 120 at the bottom down to 5 from strength 2800. */
export function skillTemperature(elo: number): number {
  return Math.max(5, Math.min(125, 120 - (skillStrength(elo) - 800) * 0.0575));
}

/** Amplitude of the evaluation noise (cp, ±): 170 at UCI_Elo 800, none from strength 2200. */
export function skillNoise(elo: number): number {
  return Math.max(0, Math.round((2200 - skillStrength(elo)) / 10));
}

/** A hash of the position key and the seed in [-amp, amp]: the same position always gets the same misjudgement. */
export function noiseFor(keyLo: number, keyHi: number, seed: number, amp: number): number {
  let z = (keyLo ^ Math.imul(keyHi, 0x9e3779b1) ^ seed) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return ((z >>> 0) % (2 * amp + 1)) - amp;
}

/** splitmix32 step: a float in [0, 1) from a state word. */
export function unitRandom(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
}

/**
 * Index of the root move to play among scores[0..count) (best first): probability proportional to
 * exp((score - best) / temperature). u is a uniform number in [0, 1).
 */
export function chooseSkillMove(scores: ArrayLike<number>, count: number, elo: number, u: number): number {
  const t = skillTemperature(elo),
    best = scores[0];
  let total = 0;
  for (let i = 0; i < count; i++) total += Math.exp((scores[i] - best) / t);
  let r = u * total;
  for (let i = 0; i < count; i++) {
    r -= Math.exp((scores[i] - best) / t);
    if (r < 0) return i;
  }
  return 0;
}
