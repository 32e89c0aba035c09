import { describe, expect, it } from 'vitest';
import { applyHistoryDelta, type HistoryEntry } from '@cards/schema';
import { historyText } from './historyText.ts';
import { parseRoute } from '../lib/router.ts';

const e = (move: number, text: string): HistoryEntry => ({ move, text });

describe('history on the client', () => {
  it('names the players in a history text', () => {
    expect(historyText('{p0} captured 7♥ with 7♠; {p1} is next', ['Ana', 'Ben'])).toBe(
      'Ana captured 7♥ with 7♠; Ben is next',
    );
    expect(historyText('{p2} passed', ['Ana', 'Ben'])).toBe('Player 3 passed');
  });

  it('appends what is new, and a full list replaces what was there', () => {
    const start = applyHistoryDelta([], { from: 0, entries: [e(0, 'a')] });
    const more = applyHistoryDelta(start, { from: 1, entries: [e(1, 'b'), e(1, 'c')] });
    expect(more.map((x) => x.text)).toEqual(['a', 'b', 'c']);
    // An update that overlaps what the client has (it arrived after a full list) replaces from `from`.
    expect(applyHistoryDelta(more, { from: 1, entries: [e(1, 'b'), e(1, 'c')] })).toEqual(more);
    expect(applyHistoryDelta(more, { from: 0, entries: [e(0, 'x')] })).toEqual([e(0, 'x')]);
    expect(applyHistoryDelta(more, undefined)).toBe(more);
  });

  it('routes /replay/<id> with the move and seat from the URL', () => {
    expect(parseRoute('/replay/abcdefghijklmnopqrstuv', '?move=12&seat=1')).toEqual({
      name: 'replay',
      id: 'abcdefghijklmnopqrstuv',
      move: 12,
      seat: 1,
    });
    expect(parseRoute('/replay/abcdefghijklmnopqrstuv', '?move=x')).toMatchObject({ move: null, seat: null });
    expect(parseRoute('/replay/short', '').name).toBe('notFound');
  });
});
