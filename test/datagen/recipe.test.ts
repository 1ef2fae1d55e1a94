// The datagen recipe's options: double Fischer random starts, the opening score limit, and adjudication by the
// Syzygy tables (test/data/syzygy), on the in-process game player with the hand-crafted evaluation.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen, START_FEN, toFen } from '../../src/core/fen';
import { isLegalMove } from '../../src/core/movegen';
import { MAX_MOVES } from '../../src/core/types';
import { chess960BackRank, dfrcStartFen, randomOpening, Rng } from '../../src/datagen/openings';
import { GamePlayer, type PlayConfig } from '../../src/datagen/play';
import { fromViriMove, headerPosition, readGames, RESULT_DRAW, RESULT_WHITE } from '../../src/datagen/viriformat';

const SYZYGY = path.resolve(__dirname, '..', 'data', 'syzygy');
const base: PlayConfig = {
  seed: 7,
  softNodes: 150,
  hardNodes: 1200,
  randomPlies: 4,
  book: [],
  hashMiB: 1,
  hce: true,
  plyCap: 60,
};

describe('datagen recipe', () => {
  it('numbers the 960 back ranks as Scharnagl does, each one legal', () => {
    expect(chess960BackRank(518)).toBe('rnbqkbnr');
    expect(chess960BackRank(0)).toBe('bbqnnrkr');
    const all = new Set<string>();
    for (let n = 0; n < 960; n++) {
      const r = chess960BackRank(n);
      all.add(r);
      expect([...r].sort().join('')).toBe('bbknnqrr');
      expect((r.indexOf('b') + r.lastIndexOf('b')) % 2).toBe(1); // bishops on both colours
      expect(r.indexOf('r') < r.indexOf('k') && r.indexOf('k') < r.lastIndexOf('r')).toBe(true);
    }
    expect(all.size).toBe(960);
  });

  it('double Fischer random starts parse, with all four castling rights, and differ per side', () => {
    const rng = new Rng(3);
    let asymmetric = 0;
    for (let i = 0; i < 50; i++) {
      const fen = dfrcStartFen(rng);
      const pos = parseFen(fen, true);
      if (typeof pos === 'string') throw new Error(`${fen}: ${pos}`);
      expect(pos.castling).toBe(15);
      const [black, , , , , , , white] = fen.split(' ')[0].split('/');
      if (black !== white.toLowerCase()) asymmetric++;
    }
    expect(asymmetric).toBeGreaterThan(45);
  });

  it('a DFRC share of 1 starts every opening from one, and a share of 0 replays the old openings exactly', () => {
    const list = new Int32Array(MAX_MOVES);
    const rules = { book: [], randomPlies: 4, limit: 1000 };
    const old = [1, 2, 3].map((s) => toFen(randomOpening(new Rng(s), rules, list, () => 0)));
    const zero = [1, 2, 3].map((s) => toFen(randomOpening(new Rng(s), { ...rules, dfrc: 0 }, list, () => 0)));
    expect(zero).toEqual(old);
    for (let s = 1; s <= 5; s++) {
      const pos = randomOpening(new Rng(s), { ...rules, dfrc: 1 }, list, () => 0);
      expect(pos.chess960).toBe(true);
    }
  });

  it('keeps only openings within the score limit', () => {
    const list = new Int32Array(MAX_MOVES);
    const scores: number[] = [];
    const pos = randomOpening(new Rng(5), { book: [], randomPlies: 2, limit: 50 }, list, (p) => {
      const s = (p.keyLo & 0xff) - 128; // a stand-in score, different per position
      scores.push(s);
      return s;
    });
    expect(Math.abs(scores.at(-1)!)).toBeLessThanOrEqual(50);
    expect(scores.slice(0, -1).every((s) => Math.abs(s) > 50)).toBe(true);
    expect(toFen(pos)).not.toBe(START_FEN);
  });

  it('plays a DFRC game legally and records it with Chess960 castling', () => {
    const player = new GamePlayer({ ...base, dfrc: 1 });
    const g = player.play(0);
    const [game] = [...readGames(g.bytes)];
    const pos = headerPosition(game.header);
    if (typeof pos === 'string') throw new Error(pos);
    expect(pos.chess960 || game.header.chess960).toBe(true);
    for (const v of game.moves) {
      const m = fromViriMove(v);
      expect(isLegalMove(pos, m)).toBe(true);
      pos.make(m);
    }
    expect(game.moves.length).toBe(g.positions);
  });

  it("ends a game with the tables' result once its position is in them", () => {
    // King and queen against king: won for White whoever moves; two knights against a king: drawn by the tables,
    // though not by the material rule (a mate can be set up), so only the tables end it at once.
    const won = new GamePlayer({
      ...base,
      randomPlies: 0,
      book: ['8/8/8/4k3/8/8/3QK3/8 w - - 0 1'],
      openingLimit: 30000,
      syzygyPath: SYZYGY,
    }).play(0);
    expect(won.result).toBe(RESULT_WHITE);
    expect(won.positions).toBe(0);
    const drawn = new GamePlayer({
      ...base,
      randomPlies: 0,
      book: ['8/8/8/4k3/8/8/2NNK3/8 w - - 0 1'],
      openingLimit: 30000,
      syzygyPath: SYZYGY,
    }).play(0);
    expect(drawn.result).toBe(RESULT_DRAW);
    expect(drawn.positions).toBe(0);
    // Without the tables the same won position is played on until adjudicated by score or mate.
    const played = new GamePlayer({
      ...base,
      randomPlies: 0,
      book: ['8/8/8/4k3/8/8/3QK3/8 w - - 0 1'],
      openingLimit: 30000,
    }).play(0);
    expect(played.positions).toBeGreaterThan(1);
    expect(() => new GamePlayer({ ...base, syzygyPath: path.join(SYZYGY, 'nowhere') })).toThrow(/no Syzygy/);
  });
});
