// Kept apart from nets.ts, which embeds the net's bytes: hosts whose main side carries no net (the browser build) still
// need the default.
/**
 * Whether the engine evaluates with the built-in net unless told otherwise (UCI `Use NNUE`, bench, datagen): on since
 * a net first beat the hand-crafted evaluation in games. Each built-in net replaced the one before it by winning a
 * match; train/nets/NETS.md and docs/TESTLOG.md keep that history and its results.
 */
export const NNUE_DEFAULT = true;
