import { expect, test, type Browser, type Page } from '@playwright/test';
import type {
  CuntSoulIntent,
  CuntSoulView,
  MathCardGameIntent,
  MathCardGameView,
  StarNavigatorIntent,
  BlindCassowaryIntent,
} from '@cards/schema';
import {
  DESKTOP,
  enterName,
  isMyTurn,
  openPlayer,
  startTwoPlayerGame,
  version,
  type Player,
  latest,
  reopenTab,
} from './helpers.ts';
import { findCassowary, hand, target } from './blind-cassowary-helpers.ts';
import { choose, perform } from './cunt-soul-helpers.ts';
import { ownServer } from './own-server.ts';
import { composeSum, valueOf } from './star-navigator-helpers.ts';

/**
 * Whole games against computer players, to the end-of-game sheet: Star Navigator and Blind
 * Cassowary by one person from the home page's "Play against the computer"; Math Card Game and
 * Cunt-Soul by Ana and Ben, where Ben closes his tab mid-game, Ana hands his seat to a Hard computer
 * player, Ben reopens the link, takes his seat back and plays to the end (Cunt-Soul's third seat is
 * a Hard computer player seated from the lobby). Star Navigator and Blind Cassowary have that
 * leave-and-return in short tests of their own. The people's moves are read from the legal intents
 * their tabs received and done through the table, tap by tap.
 *
 * This spec runs its own server (own-server.ts) so that it can shorten two server settings without
 * touching the other specs: computer players think at a quarter of their pace (COMPUTER_PACE: a
 * Blind Cassowary game against Hard players otherwise takes two minutes) and a dropped player's
 * reconnection window is 4 s (RECONNECT_SECONDS; 60 s in production). Each game is the shortest
 * full game its options allow: Star Navigator with one starting chip, Cunt-Soul with the 30-turn
 * stalemate limit, Blind Cassowary with the server as referee (no review windows); the Math Card
 * Game has no shorter setting than a whole game.
 */
const server = ownServer(8, () => ({ DATA_DIR: ':memory:', COMPUTER_PACE: '0.25', RECONNECT_SECONDS: '4' }));

test.beforeAll(() => server.start());
test.afterAll(() => server.kill());
// Playwright reads the fixtures a hook needs from its first parameter: this one needs none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(`server output:\n${server.output().slice(-4000)}`);
});

async function open(browser: Browser): Promise<Player> {
  return openPlayer(browser, DESKTOP, server.origin);
}

/** Ana picks a game on the home page, sets its options and plays it against Hard computer players. */
async function playComputer(ana: Player, slug: string, seed: string, options: (page: Page) => Promise<void>) {
  await enterName(ana.page, 'Ana');
  await ana.page.goto(`/?seed=${seed}`);
  await ana.page.getByTestId(`game-card-${slug}`).click();
  await options(ana.page);
  await ana.page.getByTestId(`computer-level-${slug}`).selectOption('hard');
  await ana.page.getByTestId(`play-computer-${slug}`).click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('thinking-strip')).toContainText('Computer · Hard');
}

const sheetShown = async (page: Page) => (await page.getByTestId('score-sheet').count()) > 0;

/**
 * Until the score sheet shows (or `stop` says so, given the moves made): whenever a table says it
 * is one of `players`' turn, `move` does one listed intent through that table, and the next round
 * waits for a newer version there. Returns the moves made by each player.
 */
async function playMoves<V, I>(
  players: readonly Player[],
  move: (player: Player, view: V, legal: I[]) => Promise<void>,
  maxMoves: number,
  stop: (moves: Map<Player, number>) => boolean | Promise<boolean> = () => false,
): Promise<Map<Player, number>> {
  const moves = new Map(players.map((p) => [p, 0]));
  const total = () => [...moves.values()].reduce((a, b) => a + b, 0);
  const page = players[0]?.page as Page;
  while (!(await sheetShown(page)) && !(await stop(moves))) {
    let moved = false;
    for (const player of players) {
      if (!(await isMyTurn(player.page))) continue;
      const { version: before, view, legal } = await latest<V, I>(player);
      if (legal.length === 0) continue;
      await move(player, view, legal);
      moves.set(player, (moves.get(player) ?? 0) + 1);
      moved = true;
      expect(total(), 'the game should end').toBeLessThanOrEqual(maxMoves);
      await expect
        .poll(async () => (await sheetShown(player.page)) || (await version(player.page)) > before, {
          timeout: 20_000,
        })
        .toBe(true);
    }
    if (!moved) await page.waitForTimeout(100);
  }
  return moves;
}

/** Until the score sheet shows, the player alone: `move` on each of their turns. Returns the moves made. */
async function playUntilSheet<V, I>(
  ana: Player,
  move: (view: V, legal: I[]) => Promise<void>,
  maxMoves: number,
): Promise<number> {
  const moves = await playMoves<V, I>([ana], (_p, view, legal) => move(view, legal), maxMoves);
  await expect(ana.page.getByTestId('score-sheet')).toBeVisible();
  return moves.get(ana) ?? 0;
}

/** A Math Card Game turn as listed: each card onto its sequence (a `?` with its operator), the cards under the pile, Submit. */
async function mathTurn(page: Page, intent: MathCardGameIntent): Promise<void> {
  if (intent.type === 'mulligan') return page.getByTestId('mulligan').click();
  if (intent.type !== 'turn') throw new Error(`not a turn: ${JSON.stringify(intent)}`);
  for (const play of intent.plays) {
    const card = page.getByTestId(`hand-card-${play.card}`);
    await card.click();
    await page.getByTestId(play.sequence === 'new' ? 'sequence-new' : `sequence-${play.sequence}`).click();
    if (play.operator !== undefined) await page.getByTestId(`operator-choice-${play.operator}`).click();
    // The card left the hand for the table (sent with the whole turn on Submit).
    await expect(card).toHaveCount(0);
  }
  for (const id of intent.under) await page.getByTestId(`under-card-${id}`).click();
  await page.getByTestId('submit-turn').click();
}

/** A Star Navigator intent through the table: a Data Packet card, a listed Vector Set summed, Continue. */
async function starMove(page: Page, legal: StarNavigatorIntent[]): Promise<void> {
  const pick = legal.find((i) => i.type === 'draftPick');
  if (pick) return page.getByTestId(`packet-card-${pick.card}`).click();
  if (legal.some((i) => i.type === 'continue')) return page.getByTestId('continue').click();
  // The largest listed Vector Set with every Ace at 1 and no phantom, summed.
  const sets = legal.flatMap((i) =>
    i.type === 'chooseVectorSet' && i.aces.every((a) => a.value === 1) && i.phantom === null ? [i] : [],
  );
  const set = sets.sort((a, b) => b.cards.length - a.cards.length)[0];
  if (set === undefined) throw new Error(`nothing to do in ${JSON.stringify(legal)}`);
  for (const id of set.cards) {
    const card = page.getByTestId(`vector-card-${id}`);
    if ((await card.getAttribute('data-selected')) !== 'true') await card.click();
  }
  await page.getByTestId('choose-vector-set').click();
  await composeSum(
    page,
    set.cards.reduce((t, id) => t + valueOf(id), 0),
  );
}

test('Math Card Game: Ana plays a whole game; Ben leaves mid-game, a Hard computer player plays his seat, he comes back and plays on', async ({
  browser,
}) => {
  // About 40 turns, each tapped card by card: two to three minutes on the loaded 2-core machine.
  test.setTimeout(300_000);
  const ana = await open(browser);
  const ben = await open(browser);
  const started = Date.now();
  const code = await startTwoPlayerGame(ana, ben, 'math-card-game', 'cg-mcg-1', async (page) => {
    await page.getByTestId('option-cut-timeout').selectOption('5');
  });
  // Each cuts the other's deck, unless the 5 s timeout got there first.
  for (const p of [ana, ben])
    await p.page
      .getByTestId('cut-position-12')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
  await expect(ana.page.getByTestId('cut-step')).toHaveCount(0, { timeout: 20_000 });
  const mathMove = async (player: Player, _view: unknown, legal: MathCardGameIntent[]) => {
    // The turn that plays the most cards (every listed turn plays as many as the rules demand).
    const intent = legal.find((i) => i.type === 'turn' && i.plays.length > 0) ?? legal[0];
    if (intent === undefined) throw new Error('no legal intent');
    await mathTurn(player.page, intent);
  };
  const first = await playMoves([ana, ben], mathMove, 80, (m) => (m.get(ben) ?? 0) >= 1);

  await handOver(ana, ben, 'hard');
  // Ana's turns come only after the computer's in Ben's seat; it plays most of his game, until his
  // pile is down to 6 cards, so that Ben's own turns after he is back are few. Not fewer: while his
  // pile lasts he draws, so each of his turns is his to play (with an empty pile and nothing
  // playable the rules pass for him, and the game could end without a turn of his).
  const benPile = async () => {
    const { view } = await latest<MathCardGameView, MathCardGameIntent>(ana);
    return view.pileCounts[1] ?? 0;
  };
  const alone = await playMoves([ana], mathMove, 80, async () => (await benPile()) <= 6);
  expect(alone.get(ana)).toBeGreaterThan(2);

  await comeBack(ana, ben, code);
  const rest = await playMoves([ana, ben], mathMove, 80);
  expect(rest.get(ben), 'Ben plays his turns himself again').toBeGreaterThan(0);
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('score-sheet')).toBeVisible();
    await expect(p.page.getByTestId('winner-banner')).toBeVisible();
  }
  const anaMoves = [first, alone, rest].reduce((t, m) => t + (m.get(ana) ?? 0), 0);
  console.log(`computer games: Math Card Game, ${anaMoves} turns by Ana, ${Date.now() - started} ms`);
  for (const p of [ana, ben]) await p.context.close();
});

test('one person plays a whole Star Navigator game against two Hard computer players', async ({
  browser,
}) => {
  const ana = await open(browser);
  const started = Date.now();
  await playComputer(ana, 'star-navigator', 'cg-sn-1', async (page) => {
    await page.getByTestId('option-starting-chips').fill('1');
  });
  const moves = await playUntilSheet(
    ana,
    async (_view: unknown, legal: StarNavigatorIntent[]) => starMove(ana.page, legal),
    80,
  );
  await expect(ana.page.getByTestId('table')).toHaveAttribute('data-phase', 'over');
  console.log(`computer games: Star Navigator, ${moves} moves by Ana, ${Date.now() - started} ms`);
  await ana.context.close();
});

test('Cunt-Soul: Ana and Ben play a whole game with a Hard computer player; Ben leaves mid-game, another takes his seat until he comes back', async ({
  browser,
}) => {
  const ana = await open(browser);
  const ben = await open(browser);
  const started = Date.now();
  const code = await startTwoPlayerGame(
    ana,
    ben,
    'cunt-soul',
    'cg-cs-1',
    async (page) => {
      await page.getByTestId('option-turn-limit').selectOption('30');
    },
    async (host) => {
      // The host seats a Hard computer player in the third seat from the lobby.
      await host.page.getByTestId('add-computer-level-2').selectOption('hard');
      await host.page.getByTestId('add-computer-2').click();
      await expect(host.page.getByTestId('computer-2')).toContainText('Computer · Hard');
    },
  );
  let changed = false;
  const csMove = async (player: Player, view: CuntSoulView, legal: CuntSoulIntent[]) => {
    const seat = player === ana ? 0 : 1;
    const intent = choose(view, legal, seat, changed);
    changed ||= seat === 0 && intent.type === 'changeField';
    await perform(player.page, seat, view, intent);
  };
  // Both choose their face-up and field cards, and Ana plays once.
  const first = await playMoves(
    [ana, ben],
    csMove,
    60,
    (m) => (m.get(ana) ?? 0) >= 2 && (m.get(ben) ?? 0) >= 1,
  );

  await handOver(ana, ben, 'hard');
  // The turns go round through Ben's seat: Ana plays four times more.
  const alone = await playMoves([ana], csMove, 60, (m) => (m.get(ana) ?? 0) >= 4);
  expect(alone.get(ana)).toBe(4);

  await comeBack(ana, ben, code);
  const rest = await playMoves([ana, ben], csMove, 60);
  expect(rest.get(ben), 'Ben plays his turns himself again').toBeGreaterThan(0);
  for (const p of [ana, ben]) await expect(p.page.getByTestId('result-0')).toBeVisible();
  const anaMoves = [first, alone, rest].reduce((t, m) => t + (m.get(ana) ?? 0), 0);
  console.log(`computer games: Cunt-Soul, ${anaMoves} moves by Ana, ${Date.now() - started} ms`);
  for (const p of [ana, ben]) await p.context.close();
});

/**
 * Ana's Blind Cassowary: a cassowary her hand makes (worked out from the page), typed and called;
 * else "I'm stuck" when the server lists it; in the blind phase, Pass.
 */
async function cassowaryMove(ana: Player): Promise<boolean> {
  const page = ana.page;
  const { legal } = await latest<unknown, BlindCassowaryIntent>(ana);
  if (legal.some((i) => i.type === 'blindSubmit')) {
    await page.getByTestId('blind-pass').click();
    return true;
  }
  if ((await page.getByTestId('claim-submit').count()) === 0) return false;
  const formula = findCassowary(await hand(page), await target(page));
  if (formula !== null) {
    const input = page.getByTestId('formula-input');
    await input.fill(formula);
    await page.getByTestId('claim-submit').click();
    // Answered: the table clears the formula once the server takes the claim. Until then the hand on
    // screen still holds its cards (the click may wait out the deal check, whose update comes first).
    await expect(input).toHaveValue('');
    return true;
  }
  const stuck = page.getByTestId('stuck-toggle');
  if (legal.some((i) => i.type === 'stuck' && i.on) && (await stuck.getAttribute('data-on')) === 'false') {
    await stuck.click();
    return true;
  }
  return false;
}

test('one person plays a whole Blind Cassowary game against two Hard computer players', async ({
  browser,
}) => {
  const ana = await open(browser);
  const started = Date.now();
  await playComputer(ana, 'blind-cassowary', 'cg-bc-1', async (page) => {
    await page.getByTestId('option-referee').selectOption('server');
  });
  let moves = 0;
  while (!(await sheetShown(ana.page))) {
    const before = await version(ana.page);
    if (await cassowaryMove(ana).catch(() => false)) {
      moves++;
      expect(moves, 'the game should end').toBeLessThanOrEqual(80);
    }
    await expect
      .poll(async () => (await sheetShown(ana.page)) || (await version(ana.page)) > before, {
        timeout: 30_000,
      })
      .toBe(true);
  }
  await expect(ana.page.getByTestId('score-sheet')).toBeVisible();
  await expect(ana.page.getByTestId('winner-banner')).toBeVisible();
  console.log(`computer games: Blind Cassowary, ${moves} moves by Ana, ${Date.now() - started} ms`);
  await ana.context.close();
});

/**
 * Ben closes his tab: first "reconnecting…", then (4 s window here) gone; Ana hands his seat to a
 * computer player of `level` from the banner that says he left.
 */
async function handOver(ana: Player, ben: Player, level: 'normal' | 'hard' = 'normal'): Promise<void> {
  await ben.page.close();
  await expect(ana.page.getByTestId('left-banner')).toContainText('Ben left the game', { timeout: 20_000 });
  await ana.page.getByTestId('replace-level').selectOption(level);
  await ana.page.getByTestId('replace-with-computer').click();
  await expect(ana.page.getByTestId('computer-1')).toContainText(
    `Computer · ${level === 'hard' ? 'Hard' : 'Normal'}`,
  );
  await expect(ana.page.getByTestId('left-banner')).toHaveCount(0);
}

/** Ben opens the room link again in the same browser: his seat, no computer in it any more. */
async function comeBack(ana: Player, ben: Player, code: string): Promise<void> {
  await reopenTab(ben, `/r/${code}`);
  await expect(ben.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('computer-1')).toHaveCount(0);
  await expect(ana.page.getByTestId('computer-status-1')).toHaveCount(0);
}

/**
 * Ana hosts `slug` with Ben; the game starts; Ben closes his tab. Past the reconnection window the
 * table says he left, Ana hands his seat to a computer player, `meanwhile` checks the game goes on
 * without him; Ben reopens the room link in the same browser and has his seat back.
 */
async function leaveAndComeBack(
  browser: Browser,
  slug: string,
  seed: string,
  options: (page: Page) => Promise<void>,
  meanwhile: (ana: Player) => Promise<void>,
  back: (ana: Player, ben: Player) => Promise<void>,
): Promise<void> {
  const ana = await open(browser);
  const ben = await open(browser);
  const code = await startTwoPlayerGame(ana, ben, slug, seed, options);
  await handOver(ana, ben);
  await meanwhile(ana);
  await comeBack(ana, ben, code);
  await expect(ana.page.getByTestId('thinking-strip')).toHaveCount(0);
  await back(ana, ben);
  for (const p of [ana, ben]) await p.context.close();
}

test('Star Navigator: a player who leaves mid-draft is replaced by a computer player, then takes the seat back', async ({
  browser,
}) => {
  const packet = (p: Player) => p.page.locator('[data-testid^="packet-card-"]:enabled');
  const memory = (p: Player) => p.page.locator('[data-testid^="memory-card-"]');
  await leaveAndComeBack(
    browser,
    'star-navigator',
    'cg-sn-leave',
    async (page) => {
      await page.getByTestId('option-round-timer').selectOption('600');
    },
    async (ana) => {
      // The draft needs every seat's pick: the computer's picks let Ana save three cards.
      for (let picks = 1; picks <= 3; picks++) {
        await packet(ana).first().click();
        // The last card of the deal comes alone and is kept without a tap.
        await expect(memory(ana)).toHaveCount(picks === 3 ? 4 : picks);
      }
      await expect(ana.page.getByTestId('table')).toHaveAttribute('data-phase', 'compose');
    },
    async (ana, ben) => {
      // The Nav Memory the computer drafted for him is his now (it may have submitted for him too).
      await expect(ben.page.getByTestId('table')).toHaveAttribute('data-phase', 'compose');
      await expect(memory(ben)).toHaveCount(4);
      await expect(
        ben.page
          .getByTestId('submitted')
          .or(ben.page.getByTestId('composer').or(ben.page.getByTestId('vector-chooser')))
          .first(),
      ).toBeVisible();
      if ((await ben.page.getByTestId('submitted').count()) === 0)
        await starMove(ben.page, (await latest<unknown, StarNavigatorIntent>(ben)).legal);
      await starMove(ana.page, (await latest<unknown, StarNavigatorIntent>(ana)).legal);
      // The showdown: Ben acts himself again.
      await expect(ben.page.getByTestId('continue')).toBeVisible({ timeout: 30_000 });
      await ben.page.getByTestId('continue').click();
      await expect(ben.page.getByTestId('continue')).toHaveCount(0);
    },
  );
});

test('Blind Cassowary: a player who leaves is replaced by a computer player, the race goes on, they take the seat back', async ({
  browser,
}) => {
  await leaveAndComeBack(
    browser,
    'blind-cassowary',
    'cg-bc-leave',
    async (page) => {
      await page.getByTestId('option-referee').selectOption('server');
    },
    async (ana) => {
      // Ana does nothing: the table still moves, so the computer in Ben's seat acted (a claim or
      // "I'm stuck"; with the server as referee no clock runs meanwhile).
      const start = await version(ana.page);
      await expect.poll(() => version(ana.page), { timeout: 30_000 }).toBeGreaterThan(start);
      await expect(ana.page.getByTestId('table')).toHaveAttribute('data-phase', /.+/);
    },
    async (_ana, ben) => {
      await expect(ben.page.locator('[data-testid^="hand-card-"]').first()).toBeVisible();
      await expect(
        ben.page.getByTestId('claim-submit').or(ben.page.getByTestId('score-sheet')),
      ).toBeVisible();
    },
  );
});
