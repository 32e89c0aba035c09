import { describe, expect, it } from 'vitest';
import {
  announcedNames,
  attentionEvent,
  badgedIcon,
  needsYou,
  QUIET,
  reviewWaiting,
  tabTitle,
} from './attention.ts';
import { DEFAULT_SETTINGS, motionReduced, parseSettings } from '../settings/settings.ts';

describe('attention cues', () => {
  it('needs you only while playing and the server offers an intent', () => {
    expect(needsYou(2, 'playing')).toBe(true);
    expect(needsYou(0, 'playing')).toBe(false);
    expect(needsYou(1, 'finished')).toBe(false);
    expect(needsYou(1, 'lobby')).toBe(false);
  });

  it('a join or reload makes no sound and says nothing', () => {
    expect(attentionEvent(null, { needsYou: true, historyLength: 5, finished: false }, [])).toEqual({
      cue: null,
      announce: null,
    });
  });

  it("another player's move then your turn: the turn cue and both in words", () => {
    const event = attentionEvent(QUIET, { needsYou: true, historyLength: 1, finished: false }, [
      'Ana trailed 7♥',
    ]);
    expect(event).toEqual({ cue: 'turn', announce: 'Ana trailed 7♥. Your turn.' });
  });

  it('a move while it stays not your turn is a card cue', () => {
    const before = { needsYou: false, historyLength: 3, finished: false };
    expect(attentionEvent(before, { ...before, historyLength: 4 }, ['Ben captured.'])).toEqual({
      cue: 'card',
      announce: 'Ben captured.',
    });
  });

  it('the end wins over the turn and the card', () => {
    const before = { needsYou: false, historyLength: 3, finished: false };
    const event = attentionEvent(before, { needsYou: false, historyLength: 4, finished: true }, ['Ben won.']);
    expect(event).toEqual({ cue: 'end', announce: 'Ben won. Game over.' });
  });

  it('a claim to review: said, a cue, and the title names it', () => {
    expect(reviewWaiting(['claim', 'stuck'], 'playing')).toBe(false);
    expect(reviewWaiting(['claim', 'approve', 'challenge'], 'playing')).toBe(true);
    expect(reviewWaiting(['vote'], 'finished')).toBe(false);
    const racing = { needsYou: true, historyLength: 3, finished: false, review: false };
    expect(
      attentionEvent(racing, { ...racing, historyLength: 4, review: true }, ['Ben claimed 24.']),
    ).toEqual({
      cue: 'turn',
      announce: 'Ben claimed 24. A claim waits for your review.',
    });
    expect(tabTitle('Blind Cassowary', 'ABCD', 'review')).toBe('● Claim to review — Blind Cassowary');
  });

  it('your own moves read back as yours', () => {
    expect(announcedNames(['Ana', 'Ben', null], 1)).toEqual(['Ana', 'Ben (you)', null]);
    expect(announcedNames(['Ana', 'Ben'], null)).toEqual(['Ana', 'Ben']);
  });

  it('nothing new: no cue, nothing said', () => {
    const same = { needsYou: true, historyLength: 3, finished: false };
    expect(attentionEvent(same, same, [])).toEqual({ cue: null, announce: null });
  });

  it('the title says what waits; the favicon gets a dot', () => {
    expect(tabTitle('Cassino', 'ABCD', 'turn')).toBe('● Your turn — Cassino');
    expect(tabTitle('Cassino', 'ABCD', 'end')).toBe('● Game over — Cassino');
    expect(tabTitle('Cassino', 'ABCD', null)).toBe('Cassino · ABCD — Card Table');
    const icon = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E';
    expect(badgedIcon(icon)).toContain('circle');
    expect(badgedIcon(icon).endsWith('%3C/svg%3E')).toBe(true);
  });
});

describe('settings', () => {
  it('reads what the browser saved, field by field, defaults for the rest', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"sound":false,"motion":"bogus"}')).toEqual({ ...DEFAULT_SETTINGS, sound: false });
    expect(parseSettings('{"fourColour":true,"motion":"reduce"}')).toEqual({
      sound: true,
      fourColour: true,
      motion: 'reduce',
    });
  });

  it('motion follows the system unless the player chose', () => {
    expect(motionReduced('system', true)).toBe(true);
    expect(motionReduced('system', false)).toBe(false);
    expect(motionReduced('full', true)).toBe(false);
    expect(motionReduced('reduce', false)).toBe(true);
  });
});
