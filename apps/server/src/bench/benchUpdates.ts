/**
 * `pnpm bench updates [--game G] [--players N] [--games N] [--rounds N] [--compare DIR]`: what one
 * change of a match costs the room in the rules, outside the wire. After every intent the room's
 * broadcaster works out the actors, each playing actor's legal intents and every seat's view, and
 * the public record the spectator view (Broadcaster.gameToAll, PublicRecord.catchUp); this replays
 * that work on the states of seeded games, each state seen once as in the room. A random seat that
 * may act plays: at Star Navigator as the computer player does (Normal), as in `bench room` (a
 * calculation is not listed, so random legal intents would only ever re-choose Vector Sets and never
 * reach a showdown), elsewhere a random legal intent; when no seat has one, the clock's first timer
 * fires (Blind Cassowary's proof of the deal and its reviews). Prints CPU µs per change (the best of the rounds,
 * and the median) and the msgpack bytes of a seat's view and legal list.
 * `--compare DIR`: the same with another copy of the rules (e.g. `git worktree add DIR <commit>`),
 * rounds interleaved, old beside new.
 */
import { getMessageBytes, Protocol } from '@colyseus/core';
import { pack } from 'msgpackr';
import { starNavigatorBot } from '@cards/bots';
import { type AnyGameModule, earliestTimer } from '@cards/rules';
import type { StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import type { AnyMatch } from '../room/matchHost.ts';
import { type SharedFields, SplicedUpdates } from '../room/splicedUpdate.ts';
import * as rules from '@cards/rules';
import { parseArgs } from 'node:util';
import { sampleHeap } from './benchStats.ts';

type Rules = typeof rules;

interface Copy {
  label: string;
  rules: Rules;
  game: AnyGameModule;
}

function gameOf(copy: Rules, slug: string): AnyGameModule {
  for (const value of Object.values(copy)) {
    if (typeof value === 'object' && value !== null && (value as { slug?: unknown }).slug === slug)
      return value as AnyGameModule;
  }
  throw new Error(`no game ${slug}`);
}

/** Picks a seat's intent on a state: its index among `legal`, or an intent of its own (a submit). */
type Chooser = (match: AnyMatch, seat: number, legal: readonly unknown[], random: number) => unknown;

/** Star Navigator as the computer player plays it (one Normal player per seat); else a random legal intent. */
function chooser(copy: Copy, game: number): Chooser {
  const random: Chooser = (_match, _seat, legal, r) => legal[Math.floor(r * legal.length)];
  if (copy.game.slug !== 'star-navigator') return random;
  const bots = new Map<number, ReturnType<typeof starNavigatorBot>>();
  return (match, seat, legal, r) => {
    let bot = bots.get(seat);
    if (bot === undefined) {
      bot = starNavigatorBot({ level: 'normal', seed: `updates-${game}-${seat}` });
      bots.set(seat, bot);
    }
    const view = copy.game.view(match.state, seat) as StarNavigatorView;
    return bot.decide(view, legal as StarNavigatorIntent[])?.intent ?? random(match, seat, legal, r);
  };
}

/** One game's intents, in order: who sent what, when (ms), and whether the clock did (a due timer). */
type Script = { seat: number; intent: unknown; now: number; byClock: boolean }[];

/** A seat's move comes this long after the last change. */
const THINKING_MS = 1000;

/** Seeded games of seats that may act (see chooser), as the intents played. */
function scriptsOf(copy: Copy, players: number, games: number, movesPerGame: number): Script[] {
  const { game } = copy;
  const out: Script[] = [];
  for (let g = 0; g < games; g++) {
    let match = copy.rules.startMatch(game, game.defaultConfig, players, `updates-${g}`) as AnyMatch;
    let prng = copy.rules.seedPrng(`updates-play-${g}`);
    const choose = chooser(copy, g);
    const script: Script = [];
    let now = 0;
    for (let k = 0; k < movesPerGame && game.outcome(match.state) === null; k++) {
      const movers = game.actors(match.state).filter((s) => game.legalIntents(match.state, s).length > 0);
      if (movers.length === 0) {
        const timer = earliestTimer(game, match.state);
        if (timer === undefined) break;
        now += timer.afterMs;
        const step = { seat: timer.seat, intent: timer.intent, now, byClock: true };
        const next = copy.rules.submitIntent(game, match, step.seat, step.intent, match.version, now, true);
        if (!next.ok)
          throw new Error(`bench: the clock's ${String(timer.key)} was refused: ${next.error.code}`);
        script.push(step);
        match = next.value as AnyMatch;
        continue;
      }
      now += THINKING_MS;
      const [i, p1] = copy.rules.nextInt(prng, movers.length);
      const seat = movers[i] as number;
      const legal = game.legalIntents(match.state, seat);
      const [j, p2] = copy.rules.nextInt(p1, 1_000_000);
      prng = p2;
      const intent = choose(match, seat, legal, j / 1_000_000);
      const next = copy.rules.submitIntent(game, match, seat, intent, match.version, now);
      if (!next.ok) throw new Error(`bench: refused ${next.error.code}`);
      script.push({ seat, intent, now, byClock: false });
      match = next.value as AnyMatch;
    }
    out.push(script);
  }
  return out;
}

const scripts = new Map<Copy, Script[]>();

/**
 * Every state a client would be sent in those games, replayed afresh on each call: the playing asked
 * for views and legal lists (the computer player reads them), and the rules keep some of that work
 * per state, which the room's broadcaster would not find.
 */
function playouts(copy: Copy, players: number, games: number, movesPerGame: number): AnyMatch[] {
  let played = scripts.get(copy);
  if (played === undefined) {
    played = scriptsOf(copy, players, games, movesPerGame);
    scripts.set(copy, played);
  }
  const out: AnyMatch[] = [];
  played.forEach((script, g) => {
    const { game } = copy;
    let match = copy.rules.startMatch(game, game.defaultConfig, players, `updates-${g}`) as AnyMatch;
    for (const { seat, intent, now, byClock } of script) {
      out.push(match);
      const next = copy.rules.submitIntent(game, match, seat, intent, match.version, now, byClock);
      if (!next.ok) throw new Error(`bench: refused ${next.error.code} on replay`);
      match = next.value as AnyMatch;
    }
  });
  return out;
}

/** The broadcaster's rules work for one change: actors, legal intents per actor, every view. */
function updateWork(game: AnyGameModule, match: AnyMatch): { view: unknown; legal: unknown[] }[] {
  const actors = game.actors(match.state);
  game.view(match.state, rules.SPECTATOR);
  const out: { view: unknown; legal: unknown[] }[] = [];
  for (let seat = 0; seat < match.players; seat++) {
    const legal = actors.includes(seat) ? [...game.legalIntents(match.state, seat)] : [];
    out.push({ view: game.view(match.state, seat), legal });
  }
  return out;
}

/** This thread's CPU time in µs (user + system): unlike the wall clock, not stretched by other processes. */
function threadCpuUs(): number {
  const { user, system } = process.threadCpuUsage();
  return user + system;
}

/** The ways one change's updates are timed: the rules alone, then with the updates encoded. */
const WAYS = {
  rules: 'rules',
  encoded: "with each seat's update encoded",
  spliced: 'spliced as the room sends them',
} as const;
type Way = keyof typeof WAYS;

/** One change's work done one way (see WAYS). */
function change(way: Way, game: AnyGameModule, match: AnyMatch): void {
  if (way === 'rules') {
    updateWork(game, match);
    return;
  }
  if (way === 'encoded') {
    const shared = sharedFields(game, match);
    for (const u of updateWork(game, match))
      getMessageBytes.raw(Protocol.ROOM_DATA, 'game', { version: match.version, ...u, ...shared });
    return;
  }
  const { own, updates } = splicedUpdates(game, match);
  for (const u of own) updates.message(u);
}

/** One change's updates as the room sends them: each seat's own fields, and what they all share. */
function splicedUpdates(game: AnyGameModule, match: AnyMatch) {
  const own = updateWork(game, match).map((u) => ({ version: match.version, ...u }));
  return {
    own,
    updates: new SplicedUpdates(
      sharedFields(game, match),
      own.map((u) => u.view),
    ),
  };
}

/**
 * CPU µs per change over fresh states (a new playout for each way: memoised work is not reused), the
 * rules' work alone, with each seat's whole update encoded as `client.send` does (one per seat), and
 * with the updates encoded as the room sends them (SplicedUpdates: what every seat shares encoded
 * once).
 */
function timeRound(
  copy: Copy,
  players: number,
  games: number,
  moves: number,
  flip = false,
): Record<Way, number> {
  const out = {} as Record<Way, number>;
  // The ways in turn in one order and the other, round by round (one may pay another's garbage).
  const ways = Object.keys(WAYS) as Way[];
  if (flip) ways.reverse();
  for (const way of ways) {
    const states = playouts(copy, players, games, moves);
    const t0 = threadCpuUs();
    for (const match of states) change(way, copy.game, match);
    out[way] = (threadCpuUs() - t0) / states.length;
  }
  return out;
}

/** The update's fields every seat shares, as the Broadcaster sends them (no timers or history here). */
function sharedFields(game: AnyGameModule, match: AnyMatch): SharedFields {
  return {
    actors: [...game.actors(match.state)],
    timers: [],
    history: { from: 0, entries: [] },
    replayId: null,
  };
}

function sizes(copy: Copy, players: number, games: number, moves: number): string {
  const states = playouts(copy, players, games, moves);
  let view = 0;
  let legal = 0;
  let intents = 0;
  let seats = 0;
  let message = 0;
  let spliced = 0;
  const messageBytes: number[] = [];
  const phases = new Map<string, number>();
  for (const match of states) {
    const phase = (match.state as { phase?: unknown }).phase;
    if (typeof phase === 'string') phases.set(phase, (phases.get(phase) ?? 0) + 1);
    const { own, updates } = splicedUpdates(copy.game, match);
    for (const u of own) {
      view += pack(u.view).length;
      legal += pack(u.legal).length;
      intents += u.legal.length;
      seats += 1;
      const bytes = updates.message(u).length;
      message += bytes;
      messageBytes.push(bytes);
      spliced += updates.sharedViewBytes;
    }
  }
  const byPhase = [...phases].map(([p, n]) => `${p} ${n}`).join(', ');
  return (
    `${states.length} changes${byPhase === '' ? '' : ` (${byPhase})`}; per seat: view ${(view / seats).toFixed(0)} B, ` +
    `legal ${(legal / seats).toFixed(0)} B (${(intents / seats).toFixed(1)} intents), msgpack; ` +
    `of a seat's message (${(message / seats).toFixed(0)} B) the view's shared entries spliced ` +
    `${(spliced / seats).toFixed(0)} B (${((100 * spliced) / message).toFixed(0)}%); ${overDeflateThresholds(messageBytes)}`
  );
}

/** How many seat messages the websocket would deflate at each threshold (app.ts perMessageDeflate: 16 KB, 4 KB before 27 Nov). */
function overDeflateThresholds(bytes: readonly number[]): string {
  const share = (kb: number) =>
    `${((100 * bytes.filter((b) => b > kb * 1024).length) / bytes.length).toFixed(1)}% over ${kb} KB`;
  return `seat messages ${share(4)}, ${share(8)}, ${share(16)}, largest ${Math.max(...bytes)} B`;
}

/** Mean bytes between two sampled allocations (V8's sampling heap profiler; its default is 32 KB). */
const ALLOC_SAMPLE_BYTES = 128;

/**
 * Bytes allocated per change by `work` (called with each change's index), garbage included (what
 * makes the young generation's collections come sooner): V8's sampling heap profiler with the
 * objects the GC has already collected kept in its profile, summed over the changes.
 */
async function allocatedPerChange(changes: number, work: (change: number) => void): Promise<number> {
  const stop = await sampleHeap(ALLOC_SAMPLE_BYTES, true);
  for (let i = 0; i < changes; i++) work(i);
  return profileBytes((await stop()).head) / changes;
}

function profileBytes(node: { selfSize: number; children: (typeof node)[] }): number {
  let bytes = node.selfSize;
  for (const child of node.children) bytes += profileBytes(child);
  return bytes;
}

/**
 * What one change allocates: the move itself (`submitIntent`: checks, the new state, the log entry)
 * and the broadcaster's rules work after it (updateWork, as timed under "rules").
 */
async function allocations(copy: Copy, players: number, games: number, moves: number): Promise<string> {
  const states = playouts(copy, players, games, moves);
  // playouts lists each game's states in the order of its script's steps: state i is step i's.
  const steps = (scripts.get(copy) ?? []).flat();
  const move = await allocatedPerChange(states.length, (i) => {
    const match = states[i]!;
    const { seat, intent, now, byClock } = steps[i]!;
    copy.rules.submitIntent(copy.game, match, seat, intent, match.version, now, byClock);
  });
  const fresh = playouts(copy, players, games, moves);
  const update = await allocatedPerChange(fresh.length, (i) => updateWork(copy.game, fresh[i]!));
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  return `allocated per change: the move ${kb(move)}, the rules' update work ${kb(update)}`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function benchUpdates(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: 'string', default: 'star-navigator' },
      players: { type: 'string' },
      games: { type: 'string', default: '40' },
      moves: { type: 'string', default: '120' },
      rounds: { type: 'string', default: '7' },
      compare: { type: 'string' },
    },
  });
  const slug = values.game;
  const games = Number(values.games);
  const moves = Number(values.moves);
  const copies: Copy[] = [];
  if (values.compare !== undefined) {
    const other = (await import(`${values.compare}/packages/rules/src/index.ts`)) as Rules;
    copies.push({ label: `old (${values.compare})`, rules: other, game: gameOf(other, slug) });
  }
  copies.push({
    label: values.compare === undefined ? 'this' : 'new (this)',
    rules,
    game: gameOf(rules, slug),
  });
  // Four seats where the game allows them (Star Navigator's usual table), else as near as it allows.
  const { minPlayers, maxPlayers } = copies[0]!.game;
  const players = Number(values.players ?? Math.min(maxPlayers, Math.max(minPlayers, 4)));
  console.log(
    `updates bench: ${slug}, ${players} seats, ${games} seeded games of up to ${moves} intents (${slug === 'star-navigator' ? 'as the computer player plays' : 'random legal intents'}); per change the actors, each actor's legal intents, every seat's view and the spectator view`,
  );
  const times = new Map<Copy, Record<Way, number[]>>(
    copies.map((c) => [c, { rules: [], encoded: [], spliced: [] }]),
  );
  // Warm-up, then rounds interleaved so load from other processes falls on both copies alike.
  for (const copy of copies) timeRound(copy, players, games, moves);
  for (let r = 0; r < Number(values.rounds); r++)
    for (const copy of copies) {
      const round = timeRound(copy, players, games, moves, r % 2 === 1);
      for (const way of Object.keys(WAYS) as Way[]) times.get(copy)?.[way].push(round[way]);
    }
  const fig = (t: number[]) => `${Math.min(...t).toFixed(1)} (median ${median(t).toFixed(1)})`;
  for (const copy of copies) {
    const t = times.get(copy);
    if (t === undefined) continue;
    const figures = (Object.keys(WAYS) as Way[]).map((way) => `${WAYS[way]} ${fig(t[way])}`);
    console.log(
      `  ${copy.label}: CPU µs per change (this thread), best of ${t.rules.length}: ${figures.join(', ')}; ${sizes(copy, players, games, moves)}; ${await allocations(copy, players, games, moves)}`,
    );
  }
}
