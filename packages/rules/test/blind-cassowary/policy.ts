import type { BlindCassowaryIntent, BlindCassowaryOptions } from '@cards/schema';
import { startMatch, submitIntent, type LoggedIntent, type Match } from '../../src/core/engine.ts';
import { currentClaim } from '../../src/blind-cassowary/state.ts';
import { awaitingProof } from '../../src/blind-cassowary/flow.ts';
import { bestBlind, searchHand } from '../../src/blind-cassowary/solver.ts';
import type { BlindCassowaryState } from '../../src/blind-cassowary/index.ts';
import { game } from './helpers.ts';

/**
 * A careful, honest bot: challenges exactly the wrong claims (it can check them), votes honest,
 * claims the solver's find, otherwise declares itself stuck; blind: its best; nominates its largest
 * cassowary and votes for the first other nominee.
 */
export function policy(s: BlindCassowaryState, seat: number): BlindCassowaryIntent | null {
  const legal = game.legalIntents(s, seat);
  const head = currentClaim(s);
  if (s.phase === 'play') {
    // The deal is being proven: wait for the clock's `prove`.
    if (awaitingProof(s)) return null;
    const review = legal.find((i) => i.type === (head?.valid === false ? 'challenge' : 'approve'));
    if (review) return review;
    const vote = legal.find((i) => i.type === 'vote' && i.verdict === 'honest');
    if (vote) return vote;
    const proof = searchHand(s.hands[seat] ?? [], s.target.value);
    if (proof.kind === 'found') return { type: 'claim', ...proof.found };
    return s.stuck[seat] === true ? null : { type: 'stuck', on: true };
  }
  if (s.phase === 'blind') {
    const best = bestBlind(s.hands[seat] ?? [], s.target.value);
    if (best !== null) return { type: 'blindSubmit', expr: best.expr, chameleons: best.chameleons };
  }
  return legal[0] ?? null;
}

/** Plays a whole game with the policy; claims arrive 7 ms apart, timers fire when nobody acts. */
export function playPolicyGame(
  config: BlindCassowaryOptions,
  players: number,
  seed: string,
): Match<BlindCassowaryOptions, BlindCassowaryState, BlindCassowaryIntent> {
  let m = startMatch(game, config, players, seed);
  let now = 1000;
  for (let step = 0; game.outcome(m.state) === null; step++) {
    if (step > 5000) throw new Error('policy game did not end');
    let moved = false;
    for (const seat of game.actors(m.state)) {
      const intent = policy(m.state, seat);
      if (intent === null) continue;
      now += 7;
      const r = submitIntent(game, m, seat, intent, m.version, now);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      m = r.value;
      moved = true;
      break;
    }
    if (moved) continue;
    const timer = game.timers!(m.state)[0];
    if (timer === undefined) throw new Error('stalled with no timer');
    now += timer.afterMs;
    const r = submitIntent(game, m, timer.seat, timer.intent, m.version, now, true);
    if (!r.ok) throw new Error(`timer: ${r.error.code}`);
    m = r.value;
  }
  return m;
}

export type Log = LoggedIntent<BlindCassowaryIntent>[];
