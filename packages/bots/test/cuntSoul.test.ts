/** Cunt-Soul's computer player: the worlds it searches agree with its view; its setup and prompt answers. */
import { cuntSoul, type CuntSoulState } from '@cards/rules';
import type { CuntSoulIntent, CuntSoulView } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { determinize, thumbMove } from '../src/cunt-soul/index.ts';
import { cuntSoulBot, Rng } from '../src/index.ts';
import { every, snapshots } from './helpers.ts';

const CONFIG = { dealer: 'random' as const, turnLimit: 400 };
const json = (x: unknown): string => JSON.stringify(x);

describe('cunt-soul computer player', () => {
  it('a determinized world shows the seat exactly its view and lists the same legal intents', () => {
    const rng = new Rng('worlds');
    let checked = 0;
    for (const players of [2, 4, 6]) {
      const all = snapshots(cuntSoul, CONFIG, players, `worlds-${players}`, 600);
      for (const { state, seat } of every(all, 7)) {
        const s = state as CuntSoulState;
        if (s.phase !== 'play') continue;
        const view = cuntSoul.view(s, seat);
        // the last move's links may lie under the source now (field 10): not part of what the seat sees there
        const ids = new Set(json({ ...view, step: null }).match(/"id":"[^"]+"/g));
        const unseen = rng.shuffle(
          [...s.source, ...s.seats.flatMap((x) => [...x.hand, ...x.down.filter((c) => c !== null)])].filter(
            (id) => !ids.has(`"id":"${id}"`),
          ),
        );
        const world = determinize(view, unseen);
        const { step: _a, lastFlip: _b, ...seen } = cuntSoul.view(world, seat);
        const { step: _c, lastFlip: _d, ...real } = view;
        expect(json(seen)).toBe(json(real));
        expect(json(cuntSoul.legalIntents(world, seat))).toBe(json(cuntSoul.legalIntents(s, seat)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('setup: Normal and Hard put their three strongest cards face up and keep a weak one as field card', () => {
    const state = cuntSoul.setup(CONFIG, 3, 'bot-setup');
    const view = cuntSoul.view(state, 1);
    const decision = cuntSoulBot({ level: 'hard', seed: 'x' }).decide(view, cuntSoul.legalIntents(state, 1));
    const intent = decision?.intent as Extract<CuntSoulIntent, { type: 'setupSelect' }>;
    expect(intent.type).toBe('setupSelect');
    expect(cuntSoul.apply(state, 1, intent, 0).ok).toBe(true);
    const strength = (id: string) =>
      ({ JK: 19, '10': 18, '2': 17, '6': 16 })[id.replace(/[SHDC12#].*$/, '').slice(0, 2)] ?? 0;
    expect(strength(intent.field)).toBeLessThanOrEqual(Math.min(...intent.up.map(strength)));
  });

  it('prompts: a 7 asks for lower; a J hands the turn to the player holding the most cards', () => {
    const view = (prompt: CuntSoulView['turn']['prompt'], counts: number[]): CuntSoulView => {
      const base = cuntSoul.view(cuntSoul.setup(CONFIG, 3, 'bot-prompt'), 0);
      return {
        ...base,
        phase: 'play',
        turn: { ...base.turn, prompt },
        seats: base.seats.map((s, i) => ({ ...s, handCount: counts[i] ?? 0, hand: [] })),
      };
    };
    expect(
      thumbMove(view({ kind: 'declare7' }, [3, 3, 3]), [
        { type: 'declare7', choice: 'higher' },
        { type: 'declare7', choice: 'lower' },
      ]),
    ).toEqual({ type: 'declare7', choice: 'lower' });
    expect(
      thumbMove(view({ kind: 'chooseNext' }, [3, 4, 9]), [
        { type: 'chooseNext', seat: 1 },
        { type: 'chooseNext', seat: 2 },
      ]),
    ).toEqual({ type: 'chooseNext', seat: 2 });
  });
});
