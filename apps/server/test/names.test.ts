import { describe, expect, it } from 'vitest';
import { nameKey, namesClash, skeleton } from '../src/room/names.ts';

describe('names that look alike', () => {
  it('treats a Cyrillic о, a zero-width joiner, case, width and spacing as the same name', () => {
    for (const lookalike of [
      'H\u043Est',
      'Ho\u200Dst',
      'H\u200Bost',
      'HOST',
      'host',
      'H0st',
      '\uFF28ost',
      '\u210Dost',
      ' Host ',
    ])
      expect(namesClash('Host', lookalike), JSON.stringify(lookalike)).toBe(true);
    expect(namesClash('Ana  Lu', 'Ana Lu')).toBe(true);
    expect(namesClash('AI', 'Al')).toBe(true);
    expect(namesClash('Rene\u0301e', 'Ren\u00E9e')).toBe(true);
  });

  it('keeps different names apart, accents and other scripts included', () => {
    for (const [a, b] of [
      ['Host', 'Hosts'],
      ['Ana', 'Ana 2'],
      ['Zoë', 'Zoe'],
      ['Renée', 'Renee'],
      ['محمد', 'محمود'],
      ['Sam', 'Pam'],
    ])
      expect(namesClash(a as string, b as string), `${a} / ${b}`).toBe(false);
  });

  it("lower-cases as the root locale does (nameKey's toLowerCase is toLocaleLowerCase('und'))", () => {
    // Every code point, 4,096 at a time (a locale-aware call per character would take seconds).
    const differ: string[] = [];
    for (let from = 0; from < 0x110000; from += 0x1000) {
      let chunk = '';
      for (let cp = from; cp < from + 0x1000; cp++)
        if (cp < 0xd800 || cp >= 0xe000) chunk += `${String.fromCodePoint(cp)} `;
      if (chunk.toLowerCase() !== chunk.toLocaleLowerCase('und')) differ.push(from.toString(16));
    }
    expect(differ).toEqual([]);
    // Context-dependent mappings too: a final sigma, a dotted capital I.
    for (const text of ['ΟΔΟΣ', 'ΣΑΣ Σ', 'İstanbul', 'ǅemal'])
      expect(text.toLowerCase()).toBe(text.toLocaleLowerCase('und'));
  });

  it("maps characters to Unicode's confusable prototypes (UTS #39 skeleton)", () => {
    expect(skeleton('p\u0430ypal')).toBe('paypal');
    expect(skeleton('a\u200Db')).toBe('ab');
    expect(nameKey('👩‍💻 Ana')).toBe(nameKey('👩💻 Ana'));
  });
});
