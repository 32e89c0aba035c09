import { type AnyGameModule, type ReplayStep as RulesStep, replaySteps, SPECTATOR } from '@cards/rules';
import type { ReplayInfo, ReplayStep } from '@cards/schema';
import type { FinishedMatch, TableStore } from '../store/tableStore.ts';

interface Built {
  readonly match: FinishedMatch;
  readonly game: AnyGameModule;
  readonly steps: readonly RulesStep<unknown>[];
}

/**
 * Replays served to the replay page: rebuilt by the rules from (config, seed, log) on first request,
 * the few most recent kept in memory so stepping through one costs a view per step.
 */
export class Replays {
  private readonly cache = new Map<string, Built>();

  constructor(
    /** Where finished games are kept (none: no game has a replay). */
    private readonly store: Pick<TableStore, 'finishedMatch'> | null,
    private readonly games: (slug: string) => AnyGameModule | undefined,
    private readonly keep = 16,
  ) {}

  async info(id: string): Promise<ReplayInfo | null> {
    const built = await this.build(id);
    if (built === null) return null;
    const { match, steps } = built;
    return {
      id,
      game: match.game,
      players: playerNames(match),
      moves: steps.length - 1,
      finishedAt: match.endedAt,
      winners: [...match.outcome.winners],
      scores: [...match.outcome.scores],
      history: steps.flatMap((s) => s.events.map((e) => ({ move: s.move, text: e.text }))),
    };
  }

  /**
   * The table after `move` moves as a spectator saw it, or as seat `seat` saw it: the game is over,
   * so every hand may be shown.
   */
  async step(id: string, move: number, seat: number | null): Promise<ReplayStep | null> {
    const built = await this.build(id);
    const step = built?.steps[move];
    if (built === null || step === undefined) return null;
    const viewer = seat !== null && seat >= 0 && seat < built.match.players.length ? seat : SPECTATOR;
    return { move, view: built.game.view(step.state, viewer), actors: [...built.game.actors(step.state)] };
  }

  private async build(id: string): Promise<Built | null> {
    const cached = this.cache.get(id);
    if (cached !== undefined) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const match = this.store === null ? null : await this.store.finishedMatch(id);
    const game = match === null ? undefined : this.games(match.game);
    if (match === null || game === undefined) return null;
    const steps = replaySteps(game, match.config, match.players.length, match.seed, match.log);
    const built = { match, game, steps };
    this.cache.set(id, built);
    dropOldest(this.cache, this.keep);
    return built;
  }
}

/** Player names in seat order. */
const playerNames = (match: FinishedMatch): string[] =>
  [...match.players].sort((a, b) => a.seat - b.seat).map((p) => p.name);

/** Trims a Map (insertion ordered) to its `limit` newest entries. */
function dropOldest<K, V>(map: Map<K, V>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) break;
    map.delete(key);
  }
}
