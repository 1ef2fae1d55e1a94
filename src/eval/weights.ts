// Evaluation weights (centipawns). Hand-set starting values; tools/tune refines them with
// Texel's method. Arrays indexed by piece type (mobility) or relative rank (pawns).
export const W = {
  // Mobility: weight per reachable square, centred on a typical count.
  mobMg: [0, 0, 4, 5, 2, 1, 0],
  mobEg: [0, 0, 4, 5, 4, 2, 0],
  mobBase: [0, 0, 4, 6, 7, 13, 0],
  isolatedMg: 10, isolatedEg: 14,
  doubledMg: 8, doubledEg: 18,
  connectedMg: [0, 0, 6, 8, 14, 25, 40, 0],
  connectedEg: [0, 0, 3, 5, 10, 20, 30, 0],
  passedMg: [0, 2, 5, 10, 20, 35, 55, 0],
  passedEg: [0, 5, 10, 18, 32, 55, 80, 0],
  passedFreeEg: [0, 0, 2, 5, 10, 20, 35, 0],
  rookOpenMg: 25, rookOpenEg: 10,
  rookSemiMg: 12, rookSemiEg: 6,
  rookSeventhMg: 8, rookSeventhEg: 18,
  bishopPairMg: 28, bishopPairEg: 48,
  kingAttackWeight: [0, 0, 2, 2, 3, 5, 0],
  kingDangerDiv: 64,
  pawnThreatMg: 45, pawnThreatEg: 30,
  shieldMg: 10,
  kingOpenFileMg: 12,
  tempo: 12,
};
