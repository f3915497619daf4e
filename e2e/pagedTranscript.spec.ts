import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HELD_BOUND, heldBy, runLongProgram } from './longRun';
import { expect, runProgram, SCREENSHOTS, setProgram, storeSecret, test } from './playgroundFixture';

// 5,000 calls: about 20,000 entries, ten times what the page holds of a run's tail.
const LONG_RUN = [
  "console.log('the first line');",
  'for (let i = 0; i < 5000; i++)',
  "  await demo.echo({ text: i === 4900 ? 'needle near the end' : 'hay ' + i });",
  "console.log('the last line');",
].join('\n');

test('a long run: the table holds its tail, pages the rest as it scrolls, and the host searches it', async ({
  page,
  playground: _,
}) => {
  await runLongProgram(page, LONG_RUN);
  const grid = page.getByRole('grid', { name: 'Transcript' });
  const count = page.getByTestId('transcript-count');
  await expect(count).toHaveText(/^20,0\d\d entries$/);
  await expect(grid.getByTestId('transcript-row').filter({ hasText: 'run_finished' })).toBeAttached();
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(4_000);

  // Scrolled to the top, the first rows come from the host.
  await page.getByRole('checkbox', { name: 'follow' }).uncheck();
  await grid.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(grid.locator('[data-testid="transcript-row"][data-type="execute"]')).toBeAttached();
  await expect(grid.getByTestId('transcript-row-placeholder')).toHaveCount(0);
  const heldAtTop = await heldBy(page, '.transcript');
  expect(heldAtTop).toBeGreaterThan(await grid.getByTestId('transcript-row').count());
  expect(heldAtTop).toBeLessThanOrEqual(HELD_BOUND);

  // Wherever it is scrolled, the rows come and the page holds no more than the bound.
  for (let step = 1; step <= 12; step++) {
    await grid.evaluate((element, at) => element.scrollTo({ top: element.scrollHeight * at }), step / 13);
    await expect(grid.getByTestId('transcript-row-placeholder')).toHaveCount(0);
    await expect(grid.getByTestId('transcript-row').first()).toBeAttached();
    expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(HELD_BOUND);
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-transcript-middle.png') });

  // The host searches the whole run: a call near the end, then one near the start, far from the tail.
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  const matches = page.getByTestId('transcript-matches');
  await search.fill('type:tool_call needle');
  await expect(matches).toHaveText('1 match');
  await search.press('Enter');
  await expect(page.getByLabel('Selected entry')).toContainText('needle near the end');
  // Call ids count from 1: call-8 is the loop's i = 7.
  await search.fill('call:call-8 type:tool_call');
  await expect(matches).toHaveText('1 match');
  await search.press('Enter');
  await expect(page.locator('[data-testid="transcript-row"][aria-selected="true"]')).toContainText('call-8');
  const detail = page.getByLabel('Selected entry');
  await expect(detail).toContainText('"hay 7"');
  // Stepping goes on from the selected row, both ways.
  await search.fill('type:tool_call hay');
  await expect(matches).toHaveText('4,999 matches');
  await search.press('Enter');
  await expect(detail).toContainText('"hay 8"');
  await search.press('Enter');
  await expect(detail).toContainText('"hay 9"');
  await search.press('Shift+Enter');
  await expect(detail).toContainText('"hay 8"');
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(HELD_BOUND);
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-transcript-search.png') });

  // The host filters the whole run: host events hidden, then only the search's matches.
  await page.getByRole('checkbox', { name: 'host event' }).uncheck();
  await expect(count).toHaveText(/^10,00\d of 20,0\d\d entries$/);
  await grid.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(grid.locator('[data-testid="transcript-row"]').first()).toHaveAttribute(
    'data-type',
    'execute',
  );
  await expect(grid.locator('[data-testid="transcript-row"][data-type^="tool_dispatch"]')).toHaveCount(0);
  await search.fill('"hay 12"');
  await page.getByRole('checkbox', { name: 'only matches' }).check();
  // "hay 12", "hay 120"…"hay 129", "hay 1200"…"hay 1299": their tool_call rows.
  await expect(count).toHaveText(/^111 of 20,0\d\d entries$/);
  await expect(grid.getByTestId('transcript-row').first()).toContainText('call-13');
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(HELD_BOUND);
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-transcript-filtered.png') });
});

test('after a reload a long run is usable from its tail: console and step-through fetch what they show', async ({
  page,
  playground: _,
}) => {
  await runLongProgram(page, LONG_RUN);
  const count = page.getByTestId('transcript-count');
  await expect(count).toHaveText(/^20,0\d\d entries$/);
  const entries = await count.innerText();
  await page.reload();
  await expect(count).toHaveText(entries);
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(4_000);

  // The result's logs and the console: the first line was logged long before the tail the page holds.
  await expect(page.getByTestId('logs')).toContainText('the first line');
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(page.getByTestId('console-line').filter({ hasText: 'the first line' })).toBeVisible();
  await expect(page.getByTestId('console-line')).toHaveCount(2);

  // Step-through: from the start, to the end, and to a call selected in the table.
  await page.getByRole('tab', { name: 'Step through' }).click();
  const position = page.getByTestId('step-position');
  const total = entries.replace(' entries', '');
  await expect(position).toHaveText(`step 0 of ${total} · not started`);
  // A few host events come before the execute and started messages.
  for (let step = 1; step <= 8 && !(await position.innerText()).endsWith('running'); step++) {
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(position).toContainText(`step ${step} of ${total}`);
  }
  await expect(position).toHaveText(/ · running$/);
  await page.getByRole('button', { name: 'Last step' }).click();
  await expect(position).toHaveText(`step ${total} of ${total} · finished`);
  const steps = page.locator('.step-panel');
  await expect(steps).toContainText('the last line');
  expect(await heldBy(page, '.step-panel')).toBeLessThanOrEqual(HELD_BOUND);

  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('call:call-1234 type:tool_call');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  const row = page.locator('[data-testid="transcript-row"][aria-selected="true"]');
  await expect(row).toContainText('call-1234');
  await row.click();
  const current = steps.getByRole('tree', { name: 'Current entry' });
  await expect(current).toContainText('"hay 1233"');
  await expect(position).not.toContainText('loading');
  await expect(steps).toContainText('(last 1,000 entries)');
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(current).not.toContainText('"hay 1233"');
  await expect(steps.locator('.step-summary')).toContainText('tool_result');
  // The calls of the entries before the window (the run's start among them) are not pending.
  await expect(steps).toContainText('Pending calls (0)');
  expect(await heldBy(page, '.step-panel')).toBeLessThanOrEqual(HELD_BOUND);
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-step-through.png') });
});

test('an opened transcript file: the page holds its tail, the table, search and step-through read the rest from the host', async ({
  page,
  playground,
}) => {
  await runLongProgram(page, LONG_RUN);
  const count = page.getByTestId('transcript-count');
  await expect(count).toHaveText(/^20,0\d\d entries$/);
  const entries = await count.innerText();

  // Saved to a file beside the workspace, then opened by its path.
  const file = join(dirname(playground.workspaceFile), 'long-run.jsonl');
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByLabel('Save to file').fill(file);
  await page.getByRole('button', { name: 'Save to file' }).click();
  await expect.poll(() => existsSync(file)).toBe(true);
  await page.getByLabel('Transcript file path').fill(file);
  await page.locator('.open-file-form').getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('opened-transcript')).toContainText(`${file}, ${entries}`);

  // The table shows the file's count, and the page holds no more than a run's tail of it.
  await expect(page.locator('.transcript').getByLabel('Transcript shown')).toHaveValue('opened');
  await expect(count).toHaveText(entries);
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(4_000);
  expect(await heldBy(page, '.step-panel')).toBeLessThanOrEqual(HELD_BOUND);

  // The host searches the whole file: a call near the start is found and its row selected.
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('call:call-8 type:tool_call');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  const row = page.locator('[data-testid="transcript-row"][aria-selected="true"]');
  await expect(row).toContainText('call-8');
  await expect(page.getByLabel('Selected entry')).toContainText('"hay 7"');
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(HELD_BOUND);

  // Step-through steps into that early call, read from the host.
  await row.click();
  const steps = page.locator('.step-panel');
  const position = page.getByTestId('step-position');
  const total = entries.replace(' entries', '');
  await expect(steps.getByRole('tree', { name: 'Current entry' })).toContainText('"hay 7"');
  await expect(position).toContainText(` of ${total} · `);
  await expect(position).not.toContainText('loading');
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(steps.locator('.step-summary')).toContainText('tool_result');
  expect(await heldBy(page, '.step-panel')).toBeLessThanOrEqual(HELD_BOUND);
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-opened-file.png') });

  // The host filters the whole file: its rows without host events, from the first.
  await page.getByRole('checkbox', { name: 'host event' }).uncheck();
  await expect(count).toHaveText(new RegExp(`^10,00\\d of ${total} entries$`));
  const grid = page.getByRole('grid', { name: 'Transcript' });
  await grid.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(grid.locator('[data-testid="transcript-row"]').first()).toHaveAttribute(
    'data-type',
    'execute',
  );
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(HELD_BOUND);
});

test('a long run: an early call far before the held tail reveals its secret and marks its editor line', async ({
  page,
  playground: _,
}) => {
  test.setTimeout(120_000);
  const token = 'e2e-early-Token-7731';
  await storeSecret(page, 'EARLY_TOKEN', token);
  // Three lines call demo.echo: the first call is on line 2, the loop's 5,000 on line 4, the last on line 5.
  // The guest builds the secret: code holding it would be masked too, and no longer the editor's.
  await setProgram(
    page,
    [
      "const early = 'e2e-early-' + 'Token-7731';",
      'await demo.echo({ text: early });',
      'for (let i = 0; i < 5000; i++)',
      "  await demo.echo({ text: 'hay ' + i });",
      'await demo.echo({ text: early });',
    ].join('\n'),
  );
  await runProgram(page);
  await page.getByRole('tab', { name: 'Step through' }).click();
  await expect(page.getByTestId('transcript-count')).toHaveText(/^20,0\d\d entries$/);
  expect(await heldBy(page, '.transcript')).toBeLessThanOrEqual(4_000);

  // call-1, paged in from the host: its detail reveals the secret the host masked in it.
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('call:call-1 type:tool_call');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  const row = page.locator('[data-testid="transcript-row"][aria-selected="true"]');
  await expect(row).toContainText('call-1');
  await row.click();
  const detail = page.getByLabel('Selected entry');
  await expect(detail).toContainText('«secret:EARLY_TOKEN»');
  await expect(detail).not.toContainText(token);
  await detail.getByRole('button', { name: 'Reveal secret EARLY_TOKEN' }).click();
  await expect(detail).toContainText(token);
  await expect(page.getByRole('grid', { name: 'Transcript' })).not.toContainText(token);
  await detail.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(detail).not.toContainText(token);
  // The table's reveal (offered for the secret in its held tail) reveals the paged-in row as well:
  // the row's entry comes revealed, so its detail has nothing left to reveal on its own.
  const tools = page.locator('.transcript-tools');
  await tools.getByRole('button', { name: 'Reveal secret EARLY_TOKEN' }).click();
  await expect(detail).toContainText(token);
  await expect(detail.getByRole('button', { name: /Reveal secret/ })).toHaveCount(0);
  await tools.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(detail).not.toContainText(token);
  // The step-through, which stepped to the call, reveals it as well.
  const current = page.locator('.step-panel').getByRole('tree', { name: 'Current entry' });
  await expect(current).toContainText('«secret:EARLY_TOKEN»');
  await page.locator('.step-panel').getByRole('button', { name: 'Reveal secret EARLY_TOKEN' }).click();
  await expect(current).toContainText(token);

  // The editor marks the line of the selected call: line 2 alone for call-1, every echo line for a loop's call.
  const editor = page.getByTestId('program-editor');
  const marked = editor.locator('.selected-call-line');
  await expect(marked).toHaveCount(1);
  const lineTop = async (line: string) =>
    (
      await editor
        .locator('.line-numbers')
        .filter({ hasText: new RegExp(`^${line}$`) })
        .boundingBox()
    )?.y;
  expect((await marked.boundingBox())?.y).toBe(await lineTop('2'));
  await search.fill('call:call-9 type:tool_call');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  await expect(row).toContainText('call-9');
  // Stepping to a match selects its call in the editor too, without a click on the row.
  await expect(marked).toHaveCount(3);
  await page.screenshot({ path: join(SCREENSHOTS, 'paged-transcript-early-call.png') });
});
