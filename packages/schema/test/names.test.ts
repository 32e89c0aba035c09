import { describe, expect, it } from 'vitest';
import { DisplayNameSchema } from '../src/common.ts';

const accepts = (name: string) => DisplayNameSchema.safeParse(name).success;

describe('display names', () => {
  it('accepts letters of any script and emoji, joined emoji included', () => {
    for (const name of [
      'Zoë',
      'محمد',
      'José ❤️',
      'Ana 👩‍💻',
      '🏳️‍🌈 Sam',
      '👨‍👩‍👧',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ewan',
      'می‌خواهم',
      'x'.repeat(24),
    ])
      expect(accepts(name), name).toBe(true);
    expect(DisplayNameSchema.parse('  Ana  ')).toBe('Ana');
  });

  it('refuses controls, bidi overrides, invisible characters and angle brackets', () => {
    for (const name of [
      'a\u0007b',
      'a\u202Eb',
      'a\u2066b\u2069',
      'a\u200Fb',
      'a\u200Bb',
      'a\u00ADb',
      'a\u2028b',
      'a\uE000b',
      'a\uD800b',
      '<b>',
      'x'.repeat(25),
      '',
      '   ',
    ])
      expect(accepts(name), JSON.stringify(name)).toBe(false);
  });

  it('refuses a name of joiners alone (nothing would show)', () => {
    expect(accepts('\u200D')).toBe(false);
    expect(accepts('\u200D\u200C')).toBe(false);
    expect(accepts('\uFE0F')).toBe(false);
  });
});
