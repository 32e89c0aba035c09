import { pack } from 'msgpackr';
import { starNavigatorBot } from '@cards/bots';
import type { StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { nextInt, seedPrng, startMatch, submitIntent } from '@cards/rules';
import { GAME_MODULES } from '../rooms/index.ts';

/** Moves a playout plays at most. */
const PLAYOUT_STEPS = 200;

/**
 * A seat's view as the game sends it, for the bare twin to relay (`bench room --bare-view game`): of
 * the views seat 0 saw in one seeded playout, the one of median msgpack size. The playout is the
 * bench's: random legal intents, at Star Navigator the computer player's (else no round would reach
 * its showdown). Its `game` is 'bare', so the bench's players treat it as no game's and do not think.
 */
export function sampleView(slug: string, players: number): Record<string, unknown> {
  const game = GAME_MODULES[slug];
  if (game === undefined) throw new Error(`no game ${slug}`);
  let match = startMatch(game, game.defaultConfig, players, `bare-view-${slug}`);
  let prng = seedPrng(`bare-view-${slug}-moves`);
  const views: { view: Record<string, unknown>; bytes: number }[] = [];
  const navigators = new Map<number, ReturnType<typeof starNavigatorBot>>();
  const navigatorIntent = (seat: number, legal: readonly unknown[]): unknown => {
    if (slug !== 'star-navigator') return undefined;
    let bot = navigators.get(seat);
    if (bot === undefined)
      navigators.set(seat, (bot = starNavigatorBot({ level: 'normal', seed: `bare-view-${seat}` })));
    const view = game.view(match.state, seat) as StarNavigatorView;
    return bot.decide(view, legal as StarNavigatorIntent[])?.intent;
  };
  for (let step = 0; step < PLAYOUT_STEPS; step++) {
    const view = game.view(match.state, 0) as Record<string, unknown>;
    views.push({ view, bytes: pack(view).length });
    // A random seat that has a move (in a simultaneous phase some seats wait with nothing to do).
    const actors = game.actors(match.state);
    let start: number;
    [start, prng] = nextInt(prng, Math.max(1, actors.length));
    let move: { actor: number; intent: unknown } | null = null;
    for (let k = 0; k < actors.length && move === null; k++) {
      const actor = actors[(start + k) % actors.length]!;
      const legal = game.legalIntents(match.state, actor);
      let pick: number;
      [pick, prng] = nextInt(prng, Math.max(1, legal.length));
      const intent = navigatorIntent(actor, legal) ?? legal[pick];
      if (intent !== undefined) move = { actor, intent };
    }
    if (move === null) break;
    const next = submitIntent(game, match, move.actor, move.intent, match.version, step * 1000);
    if (!next.ok) break;
    match = next.value;
  }
  views.sort((a, b) => a.bytes - b.bytes);
  const median = views[Math.floor(views.length / 2)]!.view;
  return { ...median, game: 'bare' };
}
