/**
 * Cunt-Soul's computer player. Easy: half the time Normal's move, else a random one. Normal: sheds its
 * weakest cards first and keeps the overrulers (2, 6, 10, Joker), answers every prompt by rule of
 * thumb. Hard: determinized playouts — it deals the cards it cannot see (other hands, every face-down
 * card, the source) at random many times over, plays each candidate move and a short continuation
 * with Normal's rules of thumb for every seat in those worlds through the rules module itself, and
 * keeps the move that leaves it best placed. The work per decision is bounded (worlds × candidates ×
 * plies), and runs in the server's bot worker.
 */
import {
  CS_EMPTY_STEP,
  csCardsHeld,
  csDeckIds,
  csFreshTurn,
  csValue,
  cuntSoul,
  type CsLink,
  type CsSeatState,
  type CuntSoulState,
} from '@cards/rules';
import type { CsValue, CuntSoulIntent, CuntSoulView } from '@cards/schema';
import { argmax, Rng, thinkDelay, type Bot, type BotFactory, type Level } from '../core/policy.ts';

/** Worlds sampled per Hard decision and the plies played after each candidate (see pnpm bench bots). */
export const HARD_WORLDS = 6;
export const HARD_PLIES = 24;
/** At most this many links are searched (the best by Normal's order); and a search stops sampling new worlds after this long. */
export const HARD_LINKS = 10;
export const HARD_BUDGET_MS = 400;

const VALUE: Readonly<Record<CsValue, number>> = {
  table: 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  J: 11,
  Q: 12,
  K: 13,
  A: 14,
  Joker: 15,
};

/** How much a value is worth keeping: the overrulers and the burner last, the rest by rank. */
const KEEP: Readonly<Record<number, number>> = { 6: 16, 2: 17, 10: 18, 15: 19 };
export const keepRank = (value: number): number => KEEP[value] ?? value;
const keepOf = (id: string): number => keepRank(csValue(id));

/** Normal's order of links: the least valuable value first, as many of its cards as allowed. */
const linkOrder = (i: CuntSoulIntent): number =>
  i.type === 'playLink' ? -keepOf(i.cards[0] as string) * 100 + i.cards.length : -Infinity;

/** The link that sheds the least valuable cards, as many of them as allowed. */
const shedding = (links: readonly CuntSoulIntent[]): CuntSoulIntent | undefined => argmax(links, linkOrder);

/** Setup: the three strongest cards face up, the weakest of the rest as field card. */
function setupChoice(view: CuntSoulView, level: Level, rng: Rng): CuntSoulIntent {
  const me = view.seats[view.viewer as number];
  const hand = (me?.hand ?? []).map((c) => c.id);
  if (level === 'easy') {
    const [field, ...rest] = rng.shuffle(hand);
    return { type: 'setupSelect', up: rest.slice(0, 3), field: field as string };
  }
  const sorted = [...hand].sort((a, b) => keepOf(b) - keepOf(a));
  return { type: 'setupSelect', up: sorted.slice(0, 3), field: sorted[sorted.length - 1] as string };
}

/** Who plays next after my J: the player holding the most cards (the least likely to finish). */
function heaviest(view: CuntSoulView, legal: readonly CuntSoulIntent[]): CuntSoulIntent | undefined {
  return argmax(legal, (i) => {
    if (i.type !== 'chooseNext') return -Infinity;
    const s = view.seats[i.seat];
    return s === undefined
      ? 0
      : s.handCount + s.up.filter((u) => u.card !== null).length + s.down.filter((d) => d.present).length;
  });
}

/** A face-up swap that puts a stronger hand card face up; else no more swaps. */
function bestSwap(view: CuntSoulView, legal: readonly CuntSoulIntent[]): CuntSoulIntent {
  const me = view.seats[view.viewer as number];
  const done: CuntSoulIntent = { type: 'endSwaps' };
  if (me === undefined || view.turn.prompt?.kind !== 'swap5' || view.turn.prompt.zone !== 'up') return done;
  const gain = (i: CuntSoulIntent): number => {
    if (i.type !== 'swap5') return 0;
    const up = me.up[i.slot]?.card;
    return up === null || up === undefined ? -Infinity : keepOf(i.card) - keepOf(up.id);
  };
  const best = argmax(legal, gain);
  return best !== undefined && gain(best) > 0 ? best : done;
}

/** Normal's rules of thumb over the listed intents (the view says whose cards are where). */
export function thumbMove(view: CuntSoulView, legal: readonly CuntSoulIntent[]): CuntSoulIntent {
  const first = legal[0] as CuntSoulIntent;
  switch (view.turn.prompt?.kind) {
    case 'declare7':
      return { type: 'declare7', choice: 'lower' };
    case 'chooseNext':
    case 'fieldJ':
      return heaviest(view, legal) ?? first;
    case 'swap5':
      return bestSwap(view, legal);
    default:
  }
  return shedding(legal) ?? legal.find((i) => i.type === 'endChain' || i.type === 'playFaceDown') ?? first;
}

/** The same rules of thumb on a full state (the playouts' policy for every seat). */
function playoutMove(state: CuntSoulState, legal: readonly CuntSoulIntent[]): CuntSoulIntent {
  const first = legal[0] as CuntSoulIntent;
  switch (state.turn.pending?.kind) {
    case 'declare7':
      return { type: 'declare7', choice: 'lower' };
    case 'swap5':
      return { type: 'endSwaps' };
    case 'chooseNext':
    case 'fieldJ':
      return (
        argmax(legal, (i) =>
          i.type === 'chooseNext' ? csCardsHeld(state.seats[i.seat] as CsSeatState) : 0,
        ) ?? first
      );
    default:
  }
  return shedding(legal) ?? legal.find((i) => i.type === 'endChain' || i.type === 'playFaceDown') ?? first;
}

const valueOf = (label: CsValue): number => VALUE[label];

/** The pile as links, from the view (multiplicity taken as the card count; 5-swaps are not shown). */
function pileOf(view: CuntSoulView): CsLink[] {
  let runStart: number | null = null;
  return view.pile.map((l) => {
    if (!l.run) runStart = l.id;
    return {
      id: l.id,
      cards: l.cards.map((c) => c.id),
      syn: valueOf(l.printed),
      sem: valueOf(l.value),
      av: l.ability === null ? 0 : valueOf(l.ability),
      m: l.cards.length,
      player: l.player,
      runLink: l.run,
      runStartId: l.run ? runStart : null,
      choice: l.choice,
      swaps: [],
    };
  });
}

/** Card ids the seat can see now: its hand and known face-down cards, the table, the pile, the burned. */
function visibleIds(view: CuntSoulView): Set<string> {
  const ids = new Set<string>([
    ...view.pile.flatMap((l) => l.cards.map((c) => c.id)),
    ...view.out.map((c) => c.id),
  ]);
  for (const s of view.seats) {
    for (const c of s.hand) ids.add(c.id);
    for (const u of s.up) if (u.card !== null) ids.add(u.card.id);
    for (const d of s.down) if (d.known !== null) ids.add(d.known.id);
    if (s.field !== null) ids.add(s.field.id);
    if (s.lingering !== null) ids.add(s.lingering.id);
  }
  if (view.sourceTop !== null) ids.add(view.sourceTop.id);
  return ids;
}

/** A whole state consistent with the view: the unseen cards dealt in `unseen`'s order. */
export function determinize(view: CuntSoulView, unseen: readonly string[]): CuntSoulState {
  const me = view.viewer as number;
  let at = 0;
  const take = (n: number): string[] => unseen.slice(at, (at += n));
  const seats = view.seats.map((s, i): CsSeatState => {
    const lingering = s.lingering?.id ?? null;
    const hand = i === me ? s.hand.map((c) => c.id) : [...take(s.handCount - (lingering === null ? 0 : 1))];
    if (i !== me && lingering !== null) hand.push(lingering);
    const down = s.down.map((d) => (!d.present ? null : (d.known?.id ?? (take(1)[0] as string))));
    return {
      hand,
      up: s.up.map((u) => ({ card: u.card?.id ?? null, horizontal: u.horizontal })),
      down,
      knownDown: s.down.map((d) => d.known?.id ?? null),
      field: s.field?.id ?? null,
      lingering,
      changes: s.changes,
      finished: s.finished,
      selection: null,
    };
  });
  const top = view.sourceTop?.id;
  const source = top === undefined ? take(view.sourceCount) : [top, ...take(view.sourceCount - 1)];
  const pile = pileOf(view);
  const t = view.turn;
  const last = pile[pile.length - 1];
  let runFrom = pile.length - 1;
  while (runFrom >= 0 && pile[runFrom]?.runLink === true) runFrom--;
  const prompt = t.prompt;
  return {
    options: view.options,
    players: view.players,
    decks: view.decks,
    phase: view.phase,
    seats,
    source,
    sourceFlipped: view.fields.filter((f) => f === '6').length % 2 === 1,
    pile,
    out: view.out.map((c) => c.id),
    dir: view.direction === 'clockwise' ? 1 : -1,
    dealer: view.dealer,
    current: view.current ?? 0,
    turn: {
      ...csFreshTurn(),
      links: t.links,
      oblig: t.obligation,
      run:
        t.runLast === null || runFrom < 0
          ? null
          : { startId: pile[runFrom]?.id ?? 0, last: valueOf(t.runLast), len: pile.length - runFrom },
      acePenalty: t.acePenalty,
      changed: t.changedField,
      pending:
        prompt === null
          ? null
          : prompt.kind === 'swap5'
            ? { kind: 'swap5', left: prompt.left, zone: prompt.zone, linkId: last?.id ?? 0 }
            : prompt.kind === 'declare7'
              ? { kind: 'declare7', linkId: last?.id ?? 0 }
              : { kind: prompt.kind },
    },
    finishOrder: [...view.finishOrder],
    turnsPlayed: view.turnsPlayed,
    nextLinkId: Math.max(0, ...pile.map((l) => l.id)) + 1,
    lastBurn: view.lastBurn,
    lastFlip: null,
    result: null,
    step: CS_EMPTY_STEP,
  };
}

/** How well `me` stands: its place if the game ended, else how many fewer cards it holds than the rest. */
export function standing(state: CuntSoulState, me: number): number {
  const order = state.result?.order ?? state.finishOrder;
  const place = order.indexOf(me);
  if (place >= 0) return 1000 - (1000 * place) / Math.max(1, state.players - 1);
  const held = (s: number) => csCardsHeld(state.seats[s] as CsSeatState);
  const others = state.seats.flatMap((s, i) => (i === me || s.finished ? [] : [held(i)]));
  const mean = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
  const ahead = state.finishOrder.length * 50;
  return mean - held(me) - ahead;
}

function playout(world: CuntSoulState, me: number, move: CuntSoulIntent): number {
  const first = cuntSoul.apply(world, me, move, 0);
  if (!first.ok) return -Infinity;
  let state = first.value;
  for (let ply = 0; ply < HARD_PLIES && state.phase === 'play'; ply++) {
    const seat = state.current;
    const legal = cuntSoul.legalIntents(state, seat);
    if (legal.length === 0) break;
    const next = cuntSoul.apply(state, seat, playoutMove(state, legal), 0);
    if (!next.ok) break;
    state = next.value;
  }
  return standing(state, me);
}

/**
 * The candidates worth searching: every listed move but field changes and face-down flips (blind
 * anyway); of the links, each value played once or all at once, the best HARD_LINKS by Normal's order.
 */
function candidates(legal: readonly CuntSoulIntent[], view: CuntSoulView): CuntSoulIntent[] {
  if (view.turn.prompt?.kind === 'swap5') return [bestSwap(view, legal), { type: 'endSwaps' }];
  const most = new Map<string, number>();
  for (const i of legal)
    if (i.type === 'playLink') {
      const v = String(csValue(i.cards[0] as string));
      most.set(v, Math.max(most.get(v) ?? 0, i.cards.length));
    }
  const links = legal
    .filter(
      (i) =>
        i.type === 'playLink' &&
        (i.cards.length === 1 || i.cards.length === most.get(String(csValue(i.cards[0] as string)))),
    )
    .sort((a, b) => linkOrder(b) - linkOrder(a))
    .slice(0, HARD_LINKS);
  return [...links, ...legal.filter((i) => !['changeField', 'playFaceDown', 'playLink'].includes(i.type))];
}

function searchMove(view: CuntSoulView, legal: readonly CuntSoulIntent[], rng: Rng): CuntSoulIntent {
  const moves = candidates(legal, view);
  if (moves.length <= 1) return moves[0] ?? thumbMove(view, legal);
  const me = view.viewer as number;
  const seen = visibleIds(view);
  const unseen = csDeckIds(view.decks).filter((id) => !seen.has(id));
  const totals = moves.map(() => 0);
  const started = performance.now();
  for (let k = 0; k < HARD_WORLDS && (k < 2 || performance.now() - started < HARD_BUDGET_MS); k++) {
    const world = determinize(view, rng.shuffle(unseen));
    moves.forEach((move, i) => (totals[i] = (totals[i] as number) + playout(world, me, move)));
  }
  return moves[totals.indexOf(Math.max(...totals))] as CuntSoulIntent;
}

/** Easy: half the time Normal's rule of thumb, else any listed move (a field change only now and then). */
function easyMove(view: CuntSoulView, legal: readonly CuntSoulIntent[], rng: Rng): CuntSoulIntent {
  if (rng.chance(0.5)) return thumbMove(view, legal);
  const calm = legal.filter((i) => i.type !== 'changeField');
  return rng.pick(calm.length > 0 && !rng.chance(0.03) ? calm : legal);
}

export function chooseCuntSoul(
  view: CuntSoulView,
  legal: readonly CuntSoulIntent[],
  level: Level,
  rng: Rng,
): CuntSoulIntent | null {
  if (view.viewer === 'spectator' || legal.length === 0) return null;
  if (view.phase === 'setup') return setupChoice(view, level, rng);
  if (legal.length === 1) return legal[0] as CuntSoulIntent;
  if (level === 'easy') return easyMove(view, legal, rng);
  if (level === 'normal') return rng.chance(0.05) ? easyMove(view, legal, rng) : thumbMove(view, legal);
  return searchMove(view, legal, rng);
}

export const cuntSoulBot: BotFactory<CuntSoulView, CuntSoulIntent> = ({ level, seed }) => {
  const rng = new Rng(seed);
  const bot: Bot<CuntSoulView, CuntSoulIntent> = {
    level,
    decide(view, legal) {
      const intent = chooseCuntSoul(view, legal, level, rng);
      return intent === null ? null : { intent, delayMs: thinkDelay(rng, level) };
    },
  };
  return bot;
};
