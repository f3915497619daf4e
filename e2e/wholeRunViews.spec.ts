import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { echoLoop, heldBy, runLongProgram } from './longRun';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test('the Timeline of a 10,000-call run is laid out on the host: the page holds a bar per pixel column, not a call each', async ({
  page,
  playground: _,
}) => {
  await runLongProgram(page, echoLoop(10_000));
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline-summary')).toContainText('10,000 calls · 1 provider');
  const canvas = page.getByTestId('timeline-canvas');
  const held = async () => Number(await canvas.getAttribute('data-bars-held'));
  // The canvas fills its pane, neither cut off on the right nor short of it, though it first
  // mounted after the "laying out on the host" message.
  const overhang = () =>
    canvas.evaluate((element) => element.getBoundingClientRect().width - element.parentElement!.clientWidth);
  await expect.poll(overhang).toBe(0);
  const width = (await canvas.boundingBox())!.width;
  expect(await held()).toBeGreaterThan(0);
  expect(await held()).toBeLessThanOrEqual(width);
  await page.screenshot({ path: join(SCREENSHOTS, 'whole-run-timeline.png') });

  // A bar of the host's layout answers the pointer as a bar laid out in the page does.
  const box = (await canvas.boundingBox())!;
  let tooltip = false;
  for (let x = box.x + 112; x < box.x + box.width && !tooltip; x += 1) {
    await page.mouse.move(x, box.y + 18 + 9);
    tooltip = await page.getByTestId('timeline-tooltip').isVisible();
  }
  await expect(page.getByTestId('timeline-tooltip')).toContainText('demo.echo');

  // Zoomed all the way in, the host sends the window shown (fewer bars than the whole run's; on a
  // loaded machine the first 1/50 of a run can be all guest compute, so none is a fair answer): still bounded.
  const wholeRunBars = await held();
  await page.getByRole('slider').first().fill('50');
  await expect.poll(held, { timeout: 30_000 }).toBeLessThan(wholeRunBars);
  expect(await held()).toBeLessThanOrEqual(width);
  await page.screenshot({ path: join(SCREENSHOTS, 'whole-run-timeline-zoomed.png') });
});

// Held by a breakpoint twice on its way (calls 5,001 and 5,501): a long run still going, whatever the machine's speed.
const LIVE_RUN = echoLoop(6_000, "i === 5000 || i === 5500 ? 'hold' : 'call ' + i");
/** What the page holds of a run still going: its tail, at most 2 × 2,000 entries. */
const HELD_TAIL_BOUND = 4_000;

/** Starts LIVE_RUN with a breakpoint on its holds; returns the paused-call card once it holds the first. */
async function startHeldRun(page: Page) {
  await page.getByRole('tab', { name: 'Breakpoints' }).click();
  await page.getByLabel('Breakpoint provider').selectOption('demo');
  await page.getByLabel('Breakpoint tool').selectOption('echo');
  await page.getByLabel('Breakpoint condition').fill('text == "hold"');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await expect(page.getByTestId('breakpoint')).toHaveCount(1);
  await setProgram(page, LIVE_RUN);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('demo.echo', { timeout: 60_000 });
  return paused;
}

test('the Timeline of a long run still going is laid out on the host as far as it has got, and follows the run', async ({
  page,
  playground: _,
}) => {
  test.setTimeout(180_000);
  const paused = await startHeldRun(page);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const summary = page.getByTestId('timeline-summary');
  const live = page.getByTestId('timeline-live');
  const canvas = page.getByTestId('timeline-canvas');
  // Entries of the run the page holds (its tail), however many calls the timeline shows.
  const held = () => heldBy(page, '.timeline-panel');
  // The held call is the 5,001st: on the timeline as a call without an answer yet.
  await expect(summary).toContainText('5,001 calls · 1 provider');
  await expect(live).toContainText(/^live, 2\d,\d{3} entries so far$/);
  expect(await held()).toBeLessThanOrEqual(HELD_TAIL_BOUND);
  expect(await held()).toBeLessThan(5_001);
  expect(Number(await canvas.getAttribute('data-bars-held'))).toBeLessThanOrEqual(
    (await canvas.boundingBox())!.width,
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'live-run-timeline.png') });

  // Zoomed in, then sent on to the next hold: the timeline follows the run and keeps the zoom.
  const zoom = page.getByRole('slider').first();
  await zoom.fill('2');
  await paused.getByRole('button', { name: 'Send input' }).click();
  await expect(summary).toContainText('5,501 calls · 1 provider', { timeout: 30_000 });
  await expect(live).toBeVisible();
  await expect(zoom).toHaveValue('2');
  expect(await held()).toBeLessThanOrEqual(HELD_TAIL_BOUND);

  // Once the run ends, laid out once more as the finished run.
  await paused.getByRole('button', { name: 'Send input' }).click();
  await expect(summary).toContainText('6,000 calls · 1 provider', { timeout: 30_000 });
  await expect(live).toHaveCount(0);
  expect(await held()).toBeLessThanOrEqual(HELD_TAIL_BOUND);
});

test('the Diff of two 5,000-call runs is compared on the host: the page holds a page of rows around the difference', async ({
  page,
  playground: _,
}) => {
  await runLongProgram(page, echoLoop(5000));
  await runLongProgram(page, echoLoop(5000, "'call ' + (i === 4000 ? 'changed' : i)"));
  await page.getByRole('tab', { name: 'Diff' }).click();
  // The code differs (the changed call's number is in it), then the one call.
  await expect(page.getByTestId('first-difference')).toContainText('First difference: execute');
  const pager = page.getByTestId('diff-pager');
  await expect(pager).toContainText('Rows 1–200 of 5,002 · 2 differences · compared on the host');
  const table = page.getByRole('table', { name: 'Aligned messages' });
  const held = async () => Number(await table.getAttribute('data-rows-held'));
  expect(await held()).toBeLessThanOrEqual(200);
  await expect(table.locator('tr.first-difference')).toHaveCount(1);
  await expect(table.locator('tr.different')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next difference' }).click();
  // Row 4,002 (call 4,001 after the execute) among rows 3,982 to 4,181.
  await expect(pager).toContainText('Rows 3,982–4,181 of 5,002');
  await expect(table.locator('tr.different')).toHaveCount(1);
  await expect(table.locator('tr.different')).toContainText('tool_call demo.echo');
  expect(await held()).toBeLessThanOrEqual(200);
  await expect(page.getByTestId('diff-editor')).toContainText('"text": "call 4000"');
  await page.screenshot({ path: join(SCREENSHOTS, 'whole-run-diff.png') });
  await page.getByRole('button', { name: 'Next rows' }).click();
  await expect(pager).toContainText('Rows 4,182–4,381 of 5,002');
  await expect(table.locator('tr.different')).toHaveCount(0);
  await page.getByRole('button', { name: 'First difference' }).click();
  await expect(pager).toContainText('Rows 1–200 of 5,002');
  await page.getByRole('tab', { name: 'result', exact: true }).click();
  await expect(page.getByTestId('diff-editor')).toContainText('"result": "done"');
});

test('a long run still going is compared on the host as far as it has got, and again once it ends', async ({
  page,
  playground: _,
}) => {
  await runLongProgram(page, echoLoop(6_000));
  test.setTimeout(180_000);
  const paused = await startHeldRun(page);
  await page.getByRole('tab', { name: 'Diff' }).click();
  const banner = page.getByTestId('first-difference');
  await expect(banner).toContainText('a run still going: compared as far as it has got');
  await expect(page.getByLabel('Right run').locator('option:checked')).toHaveText(
    / · you · [\d-]+ [\d:]+ · running$/,
  );
  const pager = page.getByTestId('diff-pager');
  await expect(pager).toContainText('compared on the host');
  const table = page.getByRole('table', { name: 'Aligned messages' });
  expect(Number(await table.getAttribute('data-rows-held'))).toBeLessThanOrEqual(200);

  // The Paused call and the Diff share a pane: the run is sent on from one, then seen in the other.
  await page.getByRole('tab', { name: 'Paused call' }).click();
  await paused.getByRole('button', { name: 'Send input' }).click();
  await expect(paused.getByText('call-5501')).toBeVisible({ timeout: 30_000 });
  await paused.getByRole('button', { name: 'Send input' }).click();
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(banner).not.toContainText('still going', { timeout: 30_000 });
  await expect(page.getByLabel('Right run').locator('option:checked')).toHaveText(
    / · you · [\d-]+ [\d:]+ · Succeeded$/,
  );
  // The code differs, then the two calls that said "hold", not a call missing on either side.
  await expect(pager).toContainText('of 6,002 · 3 differences');
});

test('after a reload, and in a second tab, the Diff still offers the runs made before: the host compares them', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, "await demo.echo({ text: 'one' });\n'first'");
  await runProgram(page);
  await setProgram(page, "await demo.echo({ text: 'two' });\n'second'");
  await runProgram(page);

  const check = async (tab: Page) => {
    await tab.getByRole('tab', { name: 'Diff' }).click();
    await expect(tab.getByLabel('Left run').locator('option')).toHaveCount(2);
    await expect(tab.getByLabel('Left run').locator('option:checked')).toHaveText(
      / · you · [\d-]+ [\d:]+ · Succeeded$/,
    );
    await expect(tab.getByLabel('Right run').locator('option:checked')).toHaveText(
      / · you · [\d-]+ [\d:]+ · Succeeded$/,
    );
    // The code, the call's input and the result differ: nothing is "only in one run", as it would be
    // were the earlier run's entries missing.
    await expect(tab.getByTestId('first-difference')).toContainText('First difference: execute');
    await expect(tab.getByTestId('first-difference')).not.toContainText('only in');
    await tab.getByRole('tab', { name: 'result', exact: true }).click();
    await expect(tab.getByTestId('diff-editor')).toContainText('"first"');
    await expect(tab.getByTestId('diff-editor')).toContainText('"second"');
  };
  await page.reload();
  await check(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'diff-after-reload.png') });
  const other = await page.context().newPage();
  await other.goto(page.url());
  await check(other);
  await other.close();
});
