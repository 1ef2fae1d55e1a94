// Piece-square sums kept incrementally by Position (like Stockfish's psq in its position):
// the evaluation installs its tables here once; the core only adds and subtracts entries.
/** PSQT_MG[piece * 64 + sq], PSQT_EG[...]: signed for white (+) / black (-), material included. */
export const PSQT_MG = new Int32Array(16 * 64);
export const PSQT_EG = new Int32Array(16 * 64);
