import { describe, expect, it } from 'vitest';
import { deepFreeze, lastStateMemo } from '../src/core/shared.ts';

describe('lastStateMemo: the part of a view every viewer of one state shares', () => {
  it('builds once per state, answers the same object for it, and rebuilds for another state', () => {
    const built: string[] = [];
    const shared = lastStateMemo((state: { name: string }) => {
      built.push(state.name);
      return { name: state.name, items: [{ of: state.name }] };
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    const first = shared(a);
    expect(shared(a)).toBe(first);
    expect(shared(b).name).toBe('b');
    // Asked again after another state: built afresh from its own state, never the other's.
    expect(shared(a)).toEqual({ name: 'a', items: [{ of: 'a' }] });
    expect(built).toEqual(['a', 'b', 'a']);
  });

  it('freezes what it answers and the lists in it, with their items (two levels down)', () => {
    const state = { deepest: [9] };
    const value = lastStateMemo((s: typeof state) => ({ list: [[1], { deep: s.deepest }] }))(state);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(() => (value.list as unknown[]).push(3)).toThrow(TypeError);
    // Deeper down are the state's own objects: left as they are.
    expect(Object.isFrozen(state.deepest)).toBe(false);
  });

  it('deepFreeze leaves primitives be and returns its argument', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
    const o = { a: { b: 1 } };
    expect(deepFreeze(o)).toBe(o);
    expect(Object.isFrozen(o.a)).toBe(true);
  });
});
