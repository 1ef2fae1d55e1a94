// The analysis's search limits and Go deeper's next limit.
import { describe, expect, it } from 'vitest';
import { deeper, describeLimit, goLimit, parseLimit, SEARCH_CHOICES } from '../../web/analysis-settings';

describe('analysis settings', () => {
  it('reads the menu and tells go each limit', () => {
    expect(parseLimit('depth:18')).toEqual({ kind: 'depth', depth: 18 });
    expect(parseLimit('time:10')).toEqual({ kind: 'time', ms: 10000 });
    for (const bad of ['infinite', '', 'depth:x', 'depth:-3', 'time:0'])
      expect(parseLimit(bad)).toEqual({ kind: 'infinite' });
    expect(goLimit(parseLimit('depth:12'))).toEqual({ depth: 12 });
    expect(goLimit(parseLimit('time:3'))).toEqual({ movetime: 3000 });
    expect(goLimit(parseLimit('infinite'))).toEqual({ infinite: true });
    for (const [value] of SEARCH_CHOICES) expect(describeLimit(parseLimit(value))).toBeTruthy();
  });

  it('goes deeper: four plies past the depth reached, or twice the time; never after an infinite search', () => {
    expect(deeper({ kind: 'depth', depth: 12 }, 12)).toEqual({ kind: 'depth', depth: 16 });
    expect(deeper({ kind: 'depth', depth: 12 }, 14)).toEqual({ kind: 'depth', depth: 18 });
    expect(deeper({ kind: 'time', ms: 3000 }, 20)).toEqual({ kind: 'time', ms: 6000 });
    expect(deeper({ kind: 'infinite' }, 30)).toBeNull();
  });
});
