import { expect, test } from '@playwright/test';
import { acceptRematch, expectAccessible, expectSheetInView, screenshot } from './helpers.ts';
import {
  composeSum,
  draftFirstCards,
  selectCards,
  startGame,
  testIds,
  valueOf,
} from './star-navigator-helpers.ts';

test('Hotshot lock, an Ace at 100 and a phantom: the showdown settles double stakes', async ({ browser }) => {
  test.setTimeout(90_000);
  // Seed chosen so that Ana's locked first pick, the Beacon and another kept card make a run with an Ace.
  const [ana, ben] = await startGame(browser, {
    seed: 'snv-16',
    chips: 10,
    hotshot: true,
    extrapolative: true,
  });
  await expect(ana.page.getByTestId('hotshot-lock')).toBeVisible();
  await expect(ben.page.getByTestId('hotshot-lock')).toBeVisible();
  const firstPicks = await draftFirstCards([ana, ben], ana);
  const locked = firstPicks.get(ana)!;
  await screenshot(ana.page, 'star-hotshot-locked-desktop');
  // Everyone sees that Ana plays as a hotshot; only Ana sees which card is locked.
  await expect(ben.page.getByTestId('sn-seat-0')).toContainText('hotshot');
  await expect(ben.page.getByTestId('sn-seat-1')).not.toContainText('hotshot');
  await expect(ben.page.locator('.sn__locked')).toHaveCount(0);

  const target = Number(await ana.page.getByTestId('target').getAttribute('data-value'));
  const beacon = (await ana.page.getByTestId('beacon').getAttribute('data-card')) ?? '';
  expect(beacon).not.toBe('');

  // Ana: the locked card and the Beacon are preselected; a third card completes a run with the Ace.
  await expect(ana.page.getByTestId(`vector-card-${beacon}`)).toHaveAttribute('data-selected', 'true');
  await expect(ana.page.getByTestId(`vector-card-${locked}`)).toHaveAttribute('data-selected', 'true');
  // Unselecting the locked card is refused.
  await ana.page.getByTestId(`vector-card-${locked}`).click();
  await expect(ana.page.getByTestId(`vector-card-${locked}`)).toHaveAttribute('data-selected', 'true');
  const memory = await testIds(ana.page, 'memory-card-');
  const isRun = (ids: string[]) => {
    const v = ids.map((id) => valueOf(id)).sort((a, b) => a - b);
    return v[1] === v[0]! + 1 && v[2] === v[1]! + 1;
  };
  const third = memory.find(
    (id) =>
      id !== locked && isRun([beacon, locked, id]) && [beacon, locked, id].some((c) => c.startsWith('A')),
  );
  expect(third, `no run with an Ace in ${beacon} + ${memory.join(',')}`).toBeDefined();
  const set = [beacon, locked, third!];
  const ace = set.find((id) => id.startsWith('A'))!;
  await selectCards(ana.page, [third!]);
  await ana.page.getByTestId(`ace-${ace}-100`).click();
  const phantomSelect = ana.page.getByTestId('phantom-select');
  await expect(phantomSelect).toBeVisible();
  const phantoms = (
    await phantomSelect.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  )
    .filter((v) => v !== '')
    .map(Number);
  // The phantom extends the run by one at either end (never below 0).
  const runValues = set.map((id) => valueOf(id)).sort((a, b) => a - b);
  const expected = [runValues[0]! - 1, runValues[2]! + 1].filter((v) => v >= 0);
  expect(phantoms.sort((a, b) => a - b)).toEqual(expected);
  const phantom = Math.max(...phantoms);
  await phantomSelect.selectOption(String(phantom));
  await ana.page.getByTestId('choose-vector-set').click();
  await expect(ana.page.getByTestId(`expr-card-${ace}`)).toContainText(' as 100');
  await expect(ana.page.getByTestId('expr-card-phantom')).toContainText(String(phantom));
  const anaValue = set.reduce((t, id) => t + valueOf(id, 100), 0) + phantom;
  const anaRefs = await composeSum(ana.page, anaValue);
  expect(anaRefs.sort()).toEqual([...set, 'phantom'].sort());

  // Ben: the Beacon and his first two kept cards, added up.
  const benMemory = await testIds(ben.page, 'memory-card-');
  await selectCards(ben.page, benMemory.slice(0, 2));
  await ben.page.getByTestId('choose-vector-set').click();
  const benValue = [beacon, ...benMemory.slice(0, 2)].reduce((t, id) => t + valueOf(id), 0);
  await composeSum(ben.page, benValue);

  const anaDist = Math.abs(anaValue - target);
  const benDist = Math.abs(benValue - target);
  const [anaChips, benChips, payment] =
    anaDist < benDist
      ? [12, 8, /Ben\s*◉ 2\s*→\s*Ana \(Hotshot win\)/]
      : anaDist > benDist
        ? [8, 12, /Ana\s*◉ 2\s*→\s*Ben \(Hotshot loss\)/]
        : [10, 10, null];
  for (const p of [ana, ben]) {
    const show = p.page.getByTestId('showdown');
    await expect(show).toHaveAttribute('data-revealed', 'true');
    await expect(show).toContainText(`target ${target}`);
    const line0 = p.page.getByTestId('showdown-line-0');
    await expect(line0).toContainText(`declared ${anaValue}`);
    await expect(line0).toContainText(`Distance: ${anaDist}`);
    await expect(line0).toContainText('Hotshot');
    await expect(line0).toContainText(`⟨${phantom}⟩`);
    await expect(line0).toContainText('100');
    await expect(p.page.getByTestId('showdown-line-1')).toContainText(`declared ${benValue}`);
    await expect(p.page.getByTestId('showdown-line-1')).toContainText(`Distance: ${benDist}`);
    if (anaDist <= benDist) await expect(line0).toContainText('Winner');
    else await expect(line0).not.toContainText('Winner');
    if (payment) await expect(p.page.getByTestId('payments')).toContainText(payment);
    else await expect(p.page.getByTestId('payments')).not.toContainText('◉');
    await expect(p.page.getByTestId('chips-0')).toHaveAttribute('data-value', String(anaChips));
    await expect(p.page.getByTestId('chips-1')).toHaveAttribute('data-value', String(benChips));
  }
  for (const p of [ana, ben]) await p.context.close();
});

test('a short match ends: the standings sheet for both (closes and reopens), the win is counted, Rematch deals a new game', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [ana, ben] = await startGame(browser, { seed: 'snv-end', chips: 2, hotshot: true });
  const firstPicks = await draftFirstCards([ana, ben], ben);
  await screenshot(ben.page, 'star-hotshot-locked-phone');
  const beacon = (await ana.page.getByTestId('beacon').getAttribute('data-card')) ?? '';

  const anaMemory = await testIds(ana.page, 'memory-card-');
  await selectCards(ana.page, anaMemory.slice(0, 2));
  await ana.page.getByTestId('choose-vector-set').click();
  const anaValue = [beacon, ...anaMemory.slice(0, 2)].reduce((t, id) => t + valueOf(id), 0);
  await composeSum(ana.page, anaValue);

  // Ben, a hotshot with 2 chips, declares a wrong result: he forfeits and pays his stake.
  const locked = firstPicks.get(ben)!;
  const benMemory = await testIds(ben.page, 'memory-card-');
  const other = benMemory.find((id) => id !== locked)!;
  await selectCards(ben.page, [locked, other]);
  await ben.page.getByTestId('choose-vector-set').click();
  const benValue = [beacon, locked, other].reduce((t, id) => t + valueOf(id), 0);
  await composeSum(ben.page, benValue + 1);

  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'over');
    await expect(p.page.getByTestId('showdown')).toHaveAttribute('data-revealed', 'true');
    await expect(p.page.getByTestId('showdown-line-1')).toContainText('Forfeit: Wrong declaration');
    await expect(p.page.getByTestId('showdown-line-1')).toContainText(String(benValue));
    await expect(p.page.getByTestId('showdown-line-0')).toContainText('Winner');
    await expect(p.page.getByTestId('payments')).toContainText(/Ben\s*◉ 2\s*→\s*Ana \(Hotshot loss\)/);
    await expect(p.page.getByTestId('payments')).toContainText('Out of chips: Ben');
    // The kit's end sheet, on a laptop (Ana) and a phone (Ben): the chips, the decisive total, in view.
    const sheet = p.page.getByTestId('score-sheet');
    await expect(sheet).toBeVisible();
    await expect(p.page.getByTestId('score-total-0')).toHaveText('4');
    await expect(p.page.getByTestId('score-total-1')).toHaveText('0');
    await expect(p.page.getByTestId('score-out-1')).toHaveText('eliminated');
    await expect(p.page.getByTestId('score-out-0')).toHaveText('—');
    for (const seat of [0, 1]) await expect(p.page.getByTestId(`score-total-${seat}`)).toBeInViewport();
    await expect(p.page.getByTestId('match-wins')).toContainText('Ana 1 · Ben 0');
    await expect(p.page.getByTestId('rematch')).toBeVisible();
    await expect(p.page.getByTestId('continue')).toHaveCount(0);
  }
  await expectSheetInView([ana, ben], 'rematch', 'score-total-0');
  await expect(ana.page.getByTestId('winner-banner')).toHaveText('You win!');
  await expectAccessible(ana.page, 'Star Navigator score sheet');
  await expect(ben.page.getByTestId('winner-banner')).toHaveText('Ana wins!');
  await screenshot(ben.page, 'star-standings-phone');
  // The sheet closes to show the final table (the last showdown) and opens again.
  await ben.page.getByTestId('hide-score-sheet').click();
  await expect(ben.page.getByTestId('score-sheet')).toHaveCount(0);
  await expect(ben.page.getByTestId('showdown-line-1')).toBeVisible();
  await ben.page.getByTestId('show-score-sheet').click();
  await expect(ben.page.getByTestId('score-total-0')).toBeInViewport();

  await acceptRematch([ben, ana]);
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
    await expect(p.page.getByTestId('score-sheet')).toHaveCount(0);
    await expect(p.page.getByTestId('chips-0')).toHaveAttribute('data-value', '2');
    await expect(p.page.getByTestId('chips-1')).toHaveAttribute('data-value', '2');
    await expect(p.page.locator('[data-testid^="memory-card-"]')).toHaveCount(0);
    await expect(p.page.locator('[data-testid^="packet-card-"]')).toHaveCount(4);
  }
  for (const p of [ana, ben]) await p.context.close();
});

test('the Pirate Map owner lays out the Nav Memory and the d4 corrupts the rolled card', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [ana, ben] = await startGame(browser, { seed: 'sn-e2e-map', chips: 10, pirateMap: true });
  await expect
    .poll(
      async () =>
        (await ana.page.getByTestId('buy-map').count()) + (await ben.page.getByTestId('buy-map').count()),
    )
    .toBe(1);
  const owner = (await ana.page.getByTestId('buy-map').count()) > 0 ? ana : ben;
  const other = owner === ana ? ben : ana;
  const ownerSeat = owner === ana ? 0 : 1;
  await owner.page.getByTestId('buy-map').click();
  for (const p of [ana, ben])
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');

  await draftFirstCards([ana, ben], null);
  // Only the owner must lay out; until then no Vector Set can be chosen.
  await expect(owner.page.getByTestId('lay-out')).toBeVisible();
  await expect(owner.page.getByTestId('vector-chooser')).toHaveCount(0);
  await expect(other.page.getByTestId('lay-out')).toHaveCount(0);
  await expect(other.page.getByTestId('vector-chooser')).toBeVisible();
  // Everyone sees who may claim the Bounty: not the map owner.
  const otherSeat = ownerSeat === 0 ? 1 : 0;
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('bounty-eligible')).toHaveAttribute('data-seats', String(otherSeat));
    await expect(p.page.getByTestId(`sn-seat-${ownerSeat}`)).toContainText('Map');
    await expect(p.page.getByTestId(`sn-seat-${ownerSeat}`)).toContainText('cannot claim the Bounty');
  }
  // The owner arranges the face-down row: tapping two cards swaps them.
  const row = owner.page.getByTestId('layout-row');
  const before = ((await row.getAttribute('data-order')) ?? '').split(',');
  expect([...before].sort()).toEqual((await testIds(owner.page, 'memory-card-')).sort());
  await owner.page.getByTestId(`layout-card-${before[0]}`).click();
  await owner.page.getByTestId(`layout-card-${before[3]}`).click();
  const laidOut = [before[3]!, before[1]!, before[2]!, before[0]!];
  await expect(row).toHaveAttribute('data-order', laidOut.join(','));
  await screenshot(owner.page, `star-layout-${owner === ana ? 'desktop' : 'phone'}`);
  await owner.page.getByTestId('lay-out').click();

  await expect(owner.page.getByTestId('vector-chooser')).toBeVisible();
  await expect(owner.page.locator('[data-testid^="memory-card-"]')).toHaveCount(3);
  const flags = (await owner.page.getByTestId(`sn-seat-${ownerSeat}`).innerText()).match(/d4: (\d)/);
  expect(flags, 'the d4 roll is shown').not.toBeNull();
  const roll = Number(flags![1]);
  expect(roll).toBeGreaterThanOrEqual(1);
  expect(roll).toBeLessThanOrEqual(4);
  const corrupted = laidOut[roll - 1]!;
  await expect(owner.page.getByTestId(`memory-card-${corrupted}`)).toHaveCount(0);
  await expect(owner.page.getByTestId('memory')).not.toContainText('locked');
  await expect(owner.page.getByText("The Pirate Map's corruption discarded your")).toBeVisible();
  // Everyone sees the roll; the other player's Nav Memory is untouched.
  await expect(other.page.getByTestId(`sn-seat-${ownerSeat}`)).toContainText(`d4: ${roll}`);
  await expect(other.page.locator('[data-testid^="memory-card-"]')).toHaveCount(4);
  for (const p of [ana, ben]) await p.context.close();
});

test('a Pirate Map owner who locked a Hotshot card can still use it after laying out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Seed chosen so that the d4 rolls 2, 3 or 4: the owner puts the locked card first in the row.
  const [ana, ben] = await startGame(browser, {
    seed: 'snv-map-3',
    chips: 10,
    hotshot: true,
    pirateMap: true,
  });
  await expect
    .poll(
      async () =>
        (await ana.page.getByTestId('buy-map').count()) + (await ben.page.getByTestId('buy-map').count()),
    )
    .toBe(1);
  const owner = (await ana.page.getByTestId('buy-map').count()) > 0 ? ana : ben;
  const other = owner === ana ? ben : ana;
  await owner.page.getByTestId('buy-map').click();
  for (const p of [ana, ben])
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
  const firstPicks = await draftFirstCards([ana, ben], owner);
  const locked = firstPicks.get(owner)!;
  const row = owner.page.getByTestId('layout-row');
  const order = ((await row.getAttribute('data-order')) ?? '').split(',');
  if (order[0] !== locked) {
    await owner.page.getByTestId(`layout-card-${locked}`).click();
    await owner.page.getByTestId(`layout-card-${order[0]}`).click();
  }
  await expect(row).toHaveAttribute('data-order', new RegExp(`^${locked},`));
  await owner.page.getByTestId('lay-out').click();
  await expect(owner.page.getByTestId('vector-chooser')).toBeVisible();
  await expect(owner.page.getByTestId(`memory-card-${locked}`)).toContainText('locked');
  const beacon = (await owner.page.getByTestId('beacon').getAttribute('data-card')) ?? '';

  // The locked card must be in the Vector Set: it is preselected and stays selected.
  await expect(owner.page.getByTestId(`vector-card-${locked}`)).toHaveAttribute('data-selected', 'true');
  const memory = await testIds(owner.page, 'memory-card-');
  const extra = memory.find((id) => id !== locked)!;
  await selectCards(owner.page, [beacon, extra]);
  await owner.page.getByTestId('choose-vector-set').click();
  const ownerValue = [beacon, locked, extra].reduce((t, id) => t + valueOf(id), 0);
  await composeSum(owner.page, ownerValue);

  const otherMemory = await testIds(other.page, 'memory-card-');
  await selectCards(other.page, otherMemory.slice(0, 2));
  await other.page.getByTestId('choose-vector-set').click();
  await composeSum(
    other.page,
    [beacon, ...otherMemory.slice(0, 2)].reduce((t, id) => t + valueOf(id), 0),
  );

  const ownerSeat = owner === ana ? 0 : 1;
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('showdown')).toHaveAttribute('data-revealed', 'true');
    await expect(p.page.getByTestId(`showdown-line-${ownerSeat}`)).toContainText(`declared ${ownerValue}`);
    await expect(p.page.getByTestId(`showdown-line-${ownerSeat}`)).toContainText('Hotshot');
    await expect(p.page.getByTestId(`showdown-line-${ownerSeat}`)).not.toContainText('Forfeit');
  }
  for (const p of [ana, ben]) await p.context.close();
});
