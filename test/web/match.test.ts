// A game on a clock as a record: the draw-offer rule, the ends (flag, resignation, rules) and the PGN tags.
import { describe, expect, it } from 'vitest';
import { parseTimeControl, type TimeControl } from '../../web/clock';
import { Game } from '../../web/game';
import {
  acceptsDraw,
  DRAW_AGREED,
  endByFlag,
  endByResignation,
  endByRules,
  engineName,
  matchTags,
  newMatch,
  pgnTimeControl,
} from '../../web/match';

const tc = (text: string): TimeControl => parseTimeControl(text) as TimeControl;

describe('a game on a clock', () => {
  it('takes a draw only on a level evaluation after move 30, or a dead draw (0.00) at any move', () => {
    expect(acceptsDraw(null, 50)).toBe(false);
    expect(acceptsDraw({ cp: 10 }, 30)).toBe(false);
    expect(acceptsDraw({ cp: 10 }, 31)).toBe(true);
    expect(acceptsDraw({ cp: -25 }, 40)).toBe(true);
    expect(acceptsDraw({ cp: 26 }, 40)).toBe(false);
    expect(acceptsDraw({ cp: -26 }, 40)).toBe(false);
    expect(acceptsDraw({ cp: 0 }, 3)).toBe(true);
    expect(acceptsDraw({ mate: 5 }, 60)).toBe(false);
    expect(acceptsDraw({ mate: -5 }, 60)).toBe(false);
  });

  it('ends by a flag (a draw when the other side has only its king), a resignation or the rules', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(endByFlag('w', start)).toEqual({ score: '0-1', termination: 'Time forfeit', text: 'White lost on time' });
    expect(endByFlag('b', start).score).toBe('1-0');
    expect(endByFlag('w', '8/8/8/4k3/8/8/3QK3/8 w - - 0 1').score).toBe('1/2-1/2');
    expect(endByFlag('b', '8/8/8/4k3/8/8/3QK3/8 b - - 0 1').score).toBe('1-0');
    expect(endByResignation('b')).toEqual({ score: '1-0', termination: 'Normal', text: 'Black resigned' });
    const g = new Game();
    for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) g.play(m);
    const mate = g.end();
    expect(mate && endByRules(mate)).toEqual({ score: '0-1', termination: 'Normal', text: 'Checkmate: Black wins' });
    expect(DRAW_AGREED.score).toBe('1/2-1/2');
  });

  it('writes the PGN tags: players, time control in seconds, result and termination', () => {
    expect(pgnTimeControl(tc('3+2'))).toBe('180+2');
    expect(pgnTimeControl(tc('1+0'))).toBe('60+0');
    expect(pgnTimeControl(tc('0.25+0.5'))).toBe('15+0.5');
    expect(engineName(null)).toBe('Tessera (full strength)');
    const m = newMatch('1+1', tc('1+1'), 'b', 1500, () => 0);
    m.started = new Date(2025, 2, 7);
    expect(matchTags(m)).toMatchObject({
      Date: '2025.03.07',
      White: 'Tessera (Elo 1500)',
      Black: 'You',
      Result: '*',
      TimeControl: '60+1',
    });
    expect(matchTags(m).Termination).toBeUndefined();
    m.end = endByFlag('b', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(matchTags(m)).toMatchObject({ Result: '1-0', Termination: 'Time forfeit' });
    const full = newMatch('3+2', tc('3+2'), 'w', null);
    expect(matchTags(full)).toMatchObject({ White: 'You', Black: 'Tessera (full strength)', TimeControl: '180+2' });
  });
});
