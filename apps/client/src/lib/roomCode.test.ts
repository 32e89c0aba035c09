import { describe, expect, it } from 'vitest';
import { roomPathFrom } from './roomCode.ts';

describe('the code box', () => {
  it('takes a code in any case, with stray spaces', () => {
    expect(roomPathFrom(' abcde ')).toEqual({ code: 'ABCDE', watch: false });
  });
  it('takes a pasted invite or watch link', () => {
    expect(roomPathFrom('https://cards.example/r/QWERT')).toEqual({ code: 'QWERT', watch: false });
    expect(roomPathFrom('http://127.0.0.1:2567/r/qwert?watch=1')).toEqual({ code: 'QWERT', watch: true });
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'ABCD', 'ABCDEF', 'AB1DE', 'https://cards.example/', 'https://x/r/ABCDEF'])
      expect(roomPathFrom(bad), bad).toBeNull();
  });
});
