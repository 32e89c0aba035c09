import { describe, expect, it } from 'vitest';
import { buildExpr, canFollow, exprText, tokensText, type Token } from './compose.ts';

const c = (ref: string): Token => ({ kind: 'card', ref });
const op = (o: '+' | '-' | '*' | '/' | '^'): Token => ({ kind: 'op', op: o });
const open: Token = { kind: 'open' };
const close: Token = { kind: 'close' };
const label = (ref: string) => ref;

describe('star navigator composer', () => {
  it('builds the wire tree with precedence, parentheses and a right-associative power', () => {
    const a = buildExpr([c('7S'), op('+'), c('8H'), op('*'), c('JD')]);
    expect(a.ok && exprText(a.expr, label)).toBe('7S + (8H × JD)');
    const b = buildExpr([open, c('JD'), op('-'), c('7S'), close, op('*'), c('8H')]);
    expect(b.ok && b.expr).toEqual({
      kind: 'op',
      op: '*',
      left: {
        kind: 'op',
        op: '-',
        left: { kind: 'leaf', ref: 'JD' },
        right: { kind: 'leaf', ref: '7S' },
      },
      right: { kind: 'leaf', ref: '8H' },
    });
    const p = buildExpr([c('2S'), op('^'), c('3H'), op('^'), c('phantom')]);
    expect(p.ok && exprText(p.expr, label)).toBe('2S ^ (3H ^ phantom)');
  });

  it('refuses unfinished calculations and never carries a value', () => {
    expect(buildExpr([]).ok).toBe(false);
    expect(buildExpr([c('7S'), op('+')]).ok).toBe(false);
    expect(buildExpr([open, c('7S')]).ok).toBe(false);
    expect(buildExpr([c('7S'), c('8H')]).ok).toBe(false);
    const ok = buildExpr([c('7S'), op('/'), c('8H')]);
    expect(JSON.stringify(ok)).not.toContain('value');
    expect(tokensText([open, c('7S'), op('-'), c('8H'), close], label)).toBe('(7S − 8H)');
  });

  it('only offers taps that can follow', () => {
    expect(canFollow([], 'op')).toBe(false);
    expect(canFollow([c('7S')], 'card')).toBe(false);
    expect(canFollow([c('7S')], 'close')).toBe(false);
    expect(canFollow([open, c('7S')], 'close')).toBe(true);
  });
});
