// The trainer's schedules over its steps: the learning rate (cosine from lr down to lr * lrEnd) and the weight of
// the game result in the target (linear from lambda to lambdaEnd; constant when they are equal).

export function lrAt(o: { lr: number; lrEnd: number }, step: number, totalSteps: number): number {
  return o.lr * (o.lrEnd + (1 - o.lrEnd) * 0.5 * (1 + Math.cos((Math.PI * step) / Math.max(1, totalSteps))));
}

export function lambdaAt(o: { lambda: number; lambdaEnd: number }, step: number, totalSteps: number): number {
  return o.lambda + ((o.lambdaEnd - o.lambda) * step) / Math.max(1, totalSteps);
}
