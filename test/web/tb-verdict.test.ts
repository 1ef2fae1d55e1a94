// The tables' verdict the page shows: the result in words with its DTZ, and every move's result, best first.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tablebases } from '../../src/tb/syzygy';
import { barShare, formatScore } from '../../web/game';
import {
  headline,
  inTables,
  moveResult,
  sortMoves,
  tbVerdict,
  type TbMove,
  type TbVerdict,
} from '../../web/tb-verdict';

const DIR = path.resolve(__dirname, '..', 'data', 'syzygy');
const files = new Map(
  readdirSync(DIR)
    .filter((n) => /\.rtb[wz]$/.test(n))
    .map((n) => [n, new Uint8Array(readFileSync(path.join(DIR, n)))] as const),
);
const tb = Tablebases.fromFiles(files);

function verdict(fen: string): TbVerdict {
  const v = tbVerdict(tb, fen);
  if (typeof v === 'string') throw new Error(v);
  return v;
}

const move = (san: string, wdl: number | null, dtz: number, extra: Partial<TbMove> = {}): TbMove => ({
  uci: san,
  san,
  wdl,
  dtz,
  mate: false,
  stalemate: false,
  ...extra,
});

describe('tablebase verdict', () => {
  it('KRvK, White to move: White wins, winning moves first with the smallest DTZ, the root DTZ on top', () => {
    const v = verdict('8/8/8/4k3/8/8/8/R3K3 w - - 0 1');
    expect(v.wdl).toBe(2);
    expect(v.headline).toMatch(/^Tablebase: White wins · DTZ \d+$/);
    const first = v.moves[0];
    expect(first.wdl).toBe(2);
    // The best move's DTZ is the position's (the tables may count one ply more where nothing is lost by it).
    expect(Math.abs(first.dtz - Math.abs(v.dtz ?? 0))).toBeLessThanOrEqual(1);
    const wins = v.moves.filter((m) => m.wdl === 2).map((m) => m.dtz);
    expect(wins).toEqual([...wins].sort((a, b) => a - b));
    expect(moveResult(first)).toMatch(/^Win · DTZ \d+$/);
    // A rook left to be taken draws (Ra2, Ra3+, Ra4 beside the king on b3): those come after every win.
    const hang = verdict('8/8/8/8/8/1k6/8/R3K3 w - - 0 1').moves;
    const firstDraw = hang.findIndex((m) => m.wdl === 0);
    expect(firstDraw).toBeGreaterThan(0);
    expect(hang.slice(firstDraw).map((m) => m.san)).toEqual(['Ra2', 'Ra3+', 'Ra4']);
    expect(hang.slice(firstDraw).every((m) => m.wdl === 0)).toBe(true);
  });

  it('KRvK, Black to move: White wins, and the move that holds out longest comes first', () => {
    const v = verdict('8/8/8/4k3/8/8/8/R3K3 b - - 0 1');
    expect(v.wdl).toBe(-2);
    expect(v.headline).toMatch(/^Tablebase: White wins · DTZ \d+$/);
    const dtz = v.moves.map((m) => Math.abs(m.dtz));
    expect(dtz).toEqual([...dtz].sort((a, b) => b - a));
    expect(moveResult(v.moves[0])).toMatch(/^Loss · DTZ \d+$/);
  });

  it('KNNvK is a draw; a mate in one is listed first as Checkmate', () => {
    const draw = verdict('8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1');
    expect(draw.headline).toBe('Tablebase: Draw');
    expect(draw.moves.every((m) => m.wdl === 0 && moveResult(m) === 'Draw')).toBe(true);
    const mate = verdict('7k/8/6K1/8/8/8/8/5Q2 w - - 0 1');
    expect(mate.moves[0]).toMatchObject({ san: 'Qf8#', mate: true });
    expect(moveResult(mate.moves[0])).toBe('Checkmate');
  });

  it('answers only for four pieces or fewer and no castling rights', () => {
    expect(inTables('8/8/8/4k3/8/8/8/R3K3 w - - 0 1')).toBe(true);
    expect(inTables('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1')).toBe(false);
    expect(inTables('4k3/8/8/8/8/8/1P6/RN2K3 w - - 0 1')).toBe(false);
    expect(typeof tbVerdict(tb, '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1')).toBe('string');
    // Without the table for the material: a reason, not an exception.
    const none = Tablebases.fromFiles(new Map([['KQvK.rtbw', files.get('KQvK.rtbw') as Uint8Array]]));
    expect(tbVerdict(none, '8/8/8/4k3/8/8/8/R3K3 w - - 0 1')).toMatch(/^not in the tables/);
  });

  it('words the fifty-move cases plainly and orders every group', () => {
    expect(headline(1, 105, 'w')).toBe('Tablebase: Draw by the fifty-move rule (White would win) · DTZ 105');
    expect(headline(1, 105, 'b')).toBe('Tablebase: Draw by the fifty-move rule (Black would win) · DTZ 105');
    expect(headline(-2, -20, 'w')).toBe('Tablebase: Black wins · DTZ 20');
    expect(moveResult(move('Kd2', 1, 110))).toBe('Win, drawn by the 50-move rule · DTZ 110');
    expect(moveResult(move('Kd2', -1, -110))).toBe('Loss, drawn by the 50-move rule · DTZ 110');
    const sorted = sortMoves([
      move('a', -2, -5),
      move('b', null, 0),
      move('c', 0, 0),
      move('d', 2, 9),
      move('e', -2, -15),
      move('f', 1, 103),
      move('g', 2, 3),
      move('h', 2, 1, { mate: true }),
      move('i', -1, -104),
      move('j', 0, 0, { stalemate: true }),
    ]);
    expect(sorted.map((m) => m.san).join('')).toBe('hgdfcjieab');
  });

  it("shows the engine's tablebase wins (cp past 20000) as TB+ / TB- with a full bar, not as hundreds of pawns", () => {
    expect(formatScore({ cp: 31700 })).toBe('TB+');
    expect(formatScore({ cp: -31700 })).toBe('TB-');
    expect(formatScore({ cp: 1999 })).toBe('+19.99');
    expect(barShare({ cp: 31700 })).toBe(1);
    expect(barShare({ cp: -31700 })).toBe(0);
  });
});
