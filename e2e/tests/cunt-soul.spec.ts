import { expect, test } from '@playwright/test';
import type { CuntSoulIntent, CuntSoulView, PlayingCard } from '@cards/schema';
import {
  DESKTOP,
  PHONE,
  enterName,
  expectAccessible,
  expectOwnFramesHold,
  expectSheetInView,
  framesContain,
  openPlayer,
  screenshot,
  version,
  type Player,
  latest,
} from './helpers.ts';
import { gameUpdates } from './math-card-game-frames.ts';
import { choose, perform, startCuntSoul } from './cunt-soul-helpers.ts';

/**
 * A test seed fixes the deal (the server honours it in tests only). With the dealer option on seat 0
 * and the policy below, this deal brings a field change, a burn, a 7's choice, a J's choice, a 5-swap
 * and a pick-up, and ends with every place decided (88 intents). Found by playing the policy over
 * seeds with the rules module; the test only checks what the browsers show and receive.
 */
const SEED = 'cs-e2e-1434';

const ids = (cards: readonly PlayingCard[]) => cards.map((c) => c.id);

const CARD_ID = /^(?:[2-9]|10|[AJQK])[SHDC](?:#1)?$|^JK[12](?:#1)?$/;

/** Every string in an update that is a card id, wherever it sits. */
function cardIdsIn(value: unknown): string[] {
  if (typeof value === 'string') return CARD_ID.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(cardIdsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(cardIdsIn);
  return [];
}

/**
 * What a viewer (seat `me`, or null for a spectator) received and may not see, in every 'game' update
 * of its frames: another player's hand card at that version (but the face-down card just turned over
 * and a field card lingering this turn, shown to all), another's hand or known face-down card in the
 * view, the source's top card without a field 6, and any card id outside the public places of the
 * table and the viewer's own cards. Collected and asserted once: one expect per card would make
 * thousands of test steps.
 */
function leaksIn(
  who: string,
  frames: readonly Buffer[],
  me: number | null,
  hands: readonly Map<number, string[]>[],
): { leaks: string[]; checked: number; idsSeen: number } {
  const leaks: string[] = [];
  let checked = 0;
  let idsSeen = 0;
  for (const { update, frame } of gameUpdates(frames)) {
    const view = update.view as CuntSoulView;
    const at = `${who} at version ${update.version}`;
    const shown = new Set([
      ...(view.lastFlip ? [view.lastFlip.card.id] : []),
      ...view.seats.flatMap((s) => (s.lingering ? [s.lingering.id] : [])),
    ]);
    for (const [seat, bySeat] of hands.entries()) {
      if (seat === me) continue;
      for (const id of bySeat.get(update.version) ?? []) {
        if (shown.has(id)) continue;
        if (framesContain([frame], id)) leaks.push(`${at}: ${id} from seat ${seat}'s hand`);
        checked++;
      }
      if (view.seats[seat]?.hand.length !== 0) leaks.push(`${at}: seat ${seat}'s hand`);
      if (view.seats[seat]?.down.some((d) => d.known !== null)) leaks.push(`${at}: seat ${seat}'s face-down`);
    }
    if (!view.fields.includes('6') && view.sourceTop !== null) leaks.push(`${at}: the source's top card`);
    const allowed = new Set([...publicCardIds(view), ...(me === null ? [] : ownCardIds(view, me))]);
    for (const id of cardIdsIn(update)) {
      if (!allowed.has(id)) leaks.push(`${at}: ${id} where it may not see it`);
      idsSeen++;
    }
  }
  return { leaks, checked, idsSeen };
}

/** The cards a view shows to everyone: the pile, face-up and field cards, burned cards and so on. */
function publicCardIds(view: CuntSoulView): string[] {
  const cards = [
    ...view.pile.flatMap((l) => l.cards),
    ...view.out,
    ...view.seats.flatMap((s) => [...s.up.flatMap((u) => (u.card ? [u.card] : [])), s.field, s.lingering]),
    view.sourceTop,
    view.lastFlip?.card ?? null,
  ];
  return cards.flatMap((c) => (c ? [c.id] : []));
}

function ownCardIds(view: CuntSoulView, seat: number): string[] {
  const me = view.seats[seat];
  if (!me) return [];
  const selection = me.selection ? [...me.selection.up, me.selection.field] : [];
  return ids([...me.hand, ...selection, ...me.down.flatMap((d) => (d.known ? [d.known] : []))]);
}

test('three players and a spectator play Cunt-Soul from the secret setup to the last place', async ({
  browser,
}) => {
  // About 90 moves through four browsers: 2–3 minutes on a quiet machine, more on a loaded one.
  test.setTimeout(420_000);
  const eve = await openPlayer(browser, PHONE);
  const players = await startCuntSoul(browser, [DESKTOP, PHONE, DESKTOP], SEED, async (code) => {
    await enterName(eve.page, 'Eve');
    await eve.page.goto(`/r/${code}?watch=1`);
    await expect(eve.page.getByTestId('spectator-list')).toContainText('Eve');
  });
  const [ana, ben, cy] = players as [Player, Player, Player];
  await expect(eve.page.getByTestId('table')).toHaveAttribute('data-phase', 'setup');

  // Setup: nine cards each, chosen in secret; the others see only who is still choosing.
  const dealt = await Promise.all(
    players.map(async (p, seat) =>
      ids((await latest<CuntSoulView, CuntSoulIntent>(p)).view.seats[seat]?.hand ?? []),
    ),
  );
  dealt.forEach((hand) => expect(hand).toHaveLength(9));
  await screenshot(ben.page, 'cunt-soul-setup-phone');
  let changed = false;
  const first = await latest<CuntSoulView, CuntSoulIntent>(ana);
  await perform(ana.page, 0, first.view, choose(first.view, first.legal, 0, changed));
  for (const p of [ben, cy, eve]) {
    await expect(p.page.getByTestId('choosing-0')).toHaveCount(0);
    await expect(p.page.getByTestId('choosing-1')).toBeVisible();
  }
  await expect(ana.page.getByTestId('setup-done')).toBeVisible();
  // Ana's nine cards, her choice among them, reached nobody else before everyone chose.
  for (const [who, p] of [
    ['Ben', ben],
    ['Cy', cy],
    ['Eve', eve],
  ] as const)
    for (const id of dealt[0] ?? []) expect(framesContain(p.frames, id), `${who} received ${id}`).toBe(false);
  expectOwnFramesHold(ana, dealt[0] ?? [], 'Ana');
  for (const [seat, p] of [
    [1, ben],
    [2, cy],
  ] as const) {
    const { view, legal } = await latest<CuntSoulView, CuntSoulIntent>(p);
    await perform(p.page, seat, view, choose(view, legal, seat, changed));
  }
  // All three choices appear together.
  for (const p of [...players, eve]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'play');
    for (const seat of [0, 1, 2]) await expect(p.page.getByTestId(`up-${seat}-2`)).toBeVisible();
  }

  const started = Date.now();
  // Play: whoever may act plays the policy's choice through their table.
  const seen = new Set<string>();
  let reloaded = false;
  for (let step = 0; step < 200; step++) {
    const phase = await eve.page.getByTestId('table').getAttribute('data-phase');
    if (phase === 'over') break;
    let actor = -1;
    for (const [seat, p] of players.entries())
      if ((await p.page.getByTestId('table').getAttribute('data-my-turn')) === 'true') actor = seat;
    if (actor < 0) {
      await eve.page.waitForTimeout(50);
      continue;
    }
    const player = players[actor] as Player;
    let state = await latest<CuntSoulView, CuntSoulIntent>(player);
    const prompt = state.view.turn.prompt?.kind;
    if (prompt === 'declare7' && !reloaded) {
      // A reload with a prompt pending keeps the seat and the prompt.
      reloaded = true;
      await player.page.reload();
      await expect(player.page.getByTestId('table')).toHaveAttribute('data-prompt', 'declare7');
      await expect(player.page.getByTestId('choice-higher')).toBeVisible();
      await expect(player.page.getByTestId('table')).toHaveAttribute('data-my-turn', 'true');
      state = await latest<CuntSoulView, CuntSoulIntent>(player);
      seen.add('reload');
    }
    if (prompt) seen.add(`prompt:${prompt}`);
    const intent = choose(state.view, state.legal, actor, changed);
    seen.add(intent.type);
    if (intent.type === 'changeField') changed = true;
    if (step === 12) await screenshot(ben.page, 'cunt-soul-play-phone');
    await perform(player.page, actor, state.view, intent);
    await expect.poll(() => version(player.page)).toBeGreaterThan(state.version);
  }
  if (gameUpdates(eve.frames).some(({ update }) => (update.view as CuntSoulView).lastBurn !== null))
    seen.add('burn');

  console.log(`game over after ${Math.round((Date.now() - started) / 1000)} s`);
  for (const p of [...players, eve]) await expect(p.page.getByTestId('score-sheet')).toBeVisible();
  await expect(eve.page.getByTestId('by-limit')).toHaveCount(0);
  for (const seat of [0, 1, 2]) await expect(eve.page.getByTestId(`result-${seat}`)).toBeVisible();
  // Each seat's place tag keeps its own light green (a strip-wide tag rule once painted it over).
  for (const seat of [0, 1, 2])
    await expect(ana.page.getByTestId(`place-${seat}`)).toHaveCSS('background-color', 'rgb(217, 243, 227)');
  await screenshot(ana.page, 'cunt-soul-over-desktop');
  await expectSheetInView(players.slice(0, 2), 'rematch', 'winner-banner');
  // The sheet itself: the table behind it is dimmed by the sheet's backdrop (light tags there fall
  // under 4.5:1 dimmed, as any text would), and is audited in play by a11y.spec.
  await expectAccessible(ana.page, 'Cunt-Soul score sheet', '[data-testid="score-sheet"]');
  await expectAccessible(players[1]!.page, 'Cunt-Soul score sheet (phone)', '[data-testid="score-sheet"]');
  expect([...seen].sort()).toEqual(
    expect.arrayContaining([
      'burn',
      'changeField',
      'chooseNext',
      'declare7',
      'pickUp',
      'prompt:chooseNext',
      'prompt:declare7',
      'prompt:swap5',
      'reload',
      'swap5',
    ]),
  );

  // Hidden cards, checked in every update every tab received (leaksIn); positive controls: each
  // player's own frames hold their hand, and Ana's frames read as Ben's are caught.
  const hands = players.map((p, seat) => {
    const bySeat = new Map<number, string[]>();
    for (const { update } of gameUpdates(p.frames))
      bySeat.set(update.version, ids((update.view as CuntSoulView).seats[seat]?.hand ?? []));
    return bySeat;
  });
  const watchers: [string, Player, number | null][] = [
    ['Ana', ana, 0],
    ['Ben', ben, 1],
    ['Cy', cy, 2],
    ['Eve', eve, null],
  ];
  let checked = 0;
  let idsSeen = 0;
  for (const [who, p, me] of watchers) {
    const found = leaksIn(who, p.frames, me, hands);
    expect(found.leaks).toEqual([]);
    checked += found.checked;
    idsSeen += found.idsSeen;
  }
  expect(checked).toBeGreaterThan(500);
  expect(idsSeen).toBeGreaterThan(1000);
  // Positive control: Ana's own frames, read as if they were Ben's, are caught holding her cards.
  expect(leaksIn('Ana as Ben', ana.frames, 1, hands).leaks.length).toBeGreaterThan(50);
  console.log(`cunt-soul e2e: checks done ${Math.round((Date.now() - started) / 1000)} s after the deal`);
  for (const [seat, p] of players.entries()) {
    const mid = [...hands[seat]!.values()].find((hand) => hand.length > 0) ?? [];
    expectOwnFramesHold(p, mid, ['Ana', 'Ben', 'Cy'][seat] ?? '');
  }
  for (const p of [...players, eve]) await p.context.close();
});
