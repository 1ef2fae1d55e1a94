// PGN games into training records (src/datagen/pgn.ts): the reader, fastchess's score comments, and the round trip
// that matters: datagen's own games written out as fastchess writes them give back the same bytes.
import { describe, expect, it } from 'vitest';
import { commentScore, gameRecord, parsePgn, type PgnGame } from '../../src/datagen/pgn';
import { GamePlayer } from '../../src/datagen/play';
import { fromViriMove, headerPosition, readGames, RESULT_BLACK, RESULT_WHITE } from '../../src/datagen/viriformat';
import { moveToSan } from '../../src/core/notation';
import { WHITE } from '../../src/core/bitboard';
import { MATE, MATE_BOUND } from '../../src/search/score';

/** A score as fastchess writes it, from the mover's view: +0.45, -1.20, 0.00, +M3, -M2. */
function fastchessScore(s: number): string {
  if (s >= MATE_BOUND) return `+M${Math.ceil((MATE - s) / 2)}`;
  if (s <= -MATE_BOUND) return `-M${Math.ceil((MATE + s) / 2)}`;
  return s === 0 ? '0.00' : `${s > 0 ? '+' : '-'}${(Math.abs(s) / 100).toFixed(2)}`;
}

function read(text: string): PgnGame[] {
  const games = parsePgn(text);
  if (typeof games === 'string') throw new Error(games);
  return games;
}

describe('PGN to training records', () => {
  it('reads tags, moves and the comment after each move; skips variations, NAGs and move numbers', () => {
    const games = read(`[Event "a"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[Result "1-0"]

1. e4 {book} e5 $1 (1... c5 {sicilian} 2. Nf3) 2. Nf3 {+0.31/12 0.120s} Nc6 {-0.25/11 0.090s} 1-0

[Event "b"]
[Result "*"]

1. d4 ; a comment to the line's end
d5 *
`);
    expect(games).toHaveLength(2);
    expect(games[0].tags.get('Event')).toBe('a');
    expect(games[0].moves).toEqual([
      { san: 'e4', comment: 'book' },
      { san: 'e5', comment: '' },
      { san: 'Nf3', comment: '+0.31/12 0.120s' },
      { san: 'Nc6', comment: '-0.25/11 0.090s' },
    ]);
    expect(games[1].moves.map((m) => m.san)).toEqual(['d4', 'd5']);
    expect(gameRecord(games[1])).toBe('no result');
  });

  it("reads fastchess's scores: pawns to centipawns, mates as search scores, anything else none", () => {
    expect(commentScore('+0.31/12 0.120s')).toBe(31);
    expect(commentScore('-1.05/9 0.010s, White wins by adjudication')).toBe(-105);
    expect(commentScore('0.00/1 0.000s, Draw by 3-fold repetition')).toBe(0);
    expect(commentScore('+M3/20 0.1s')).toBe(MATE - 5);
    expect(commentScore('-M2/20 0.1s')).toBe(-(MATE - 4));
    expect(commentScore('book')).toBeNull();
    expect(commentScore('')).toBeNull();
  });

  it('book moves before the first score move the start; the result holds for every record', () => {
    const [g] = read(`[Result "0-1"]

1. e4 {book} e5 {book} 2. Nf3 {+0.31/12 0.120s} Nc6 {-0.25/11 0.090s} 0-1`);
    const r = gameRecord(g);
    if (typeof r === 'string') throw new Error(r);
    const [game] = [...readGames(r.bytes)];
    expect(game.header.fen, 'the position after the book moves').toMatch(
      /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w (KQkq|HAha) /,
    ); // castling as viriformat writes it
    expect(game.header.result).toBe(RESULT_BLACK);
    expect([...game.scores]).toEqual([31, 25]); // white's view: Nc6's -0.25 is black's
    expect(r.positions).toBe(2);
    const [bad] = read('[Result "1-0"]\n\n1. e4 {+0.1/1 0s} e4 {+0.1/1 0s} 1-0');
    expect(gameRecord(bad)).toMatch(/^illegal move 'e4'/);
  });

  it("datagen's games written as fastchess writes them give back the same records, byte for byte", () => {
    const player = new GamePlayer({
      seed: 11,
      softNodes: 300,
      hardNodes: 2400,
      randomPlies: 8,
      book: [],
      hashMiB: 1,
      hce: false,
      plyCap: 400,
    });
    for (let i = 0; i < 4; i++) {
      const played = player.play(i);
      const [g] = [...readGames(played.bytes)];
      const pos = headerPosition(g.header);
      if (typeof pos === 'string') throw new Error(pos);
      const result = g.header.result === RESULT_WHITE ? '1-0' : g.header.result === RESULT_BLACK ? '0-1' : '1/2-1/2';
      let text = `[Result "${result}"]\n[SetUp "1"]\n[FEN "${g.header.fen}"]\n\n`;
      for (let k = 0; k < g.moves.length; k++) {
        const m = fromViriMove(g.moves[k]);
        const mover = pos.stm === WHITE ? g.scores[k] : -g.scores[k];
        text += `${moveToSan(pos, m)} {${fastchessScore(mover)}/10 0.050s} `;
        pos.make(m);
      }
      const [parsed] = read(`${text}${result}\n`);
      const back = gameRecord(parsed);
      if (typeof back === 'string') throw new Error(back);
      expect(Buffer.from(back.bytes).equals(Buffer.from(played.bytes)), `game ${i}`).toBe(true);
      expect(back.positions).toBe(played.positions);
    }
  });
});
