import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

// About 8,000 entries: more than one page of the transcript a reload fetches.
const LONG_RUN =
  "for (let i = 0; i < 2000; i++) await demo.echo({ text: i === 1777 ? 'needle in a haystack' : 'hay ' + i });";

test('a long run follows its tail until scrolled up, and after a reload it is all there and searchable', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, LONG_RUN);
  await runProgram(page);
  const grid = page.getByRole('grid', { name: 'Transcript' });
  const follow = page.getByRole('checkbox', { name: 'follow' });
  const distanceFromEnd = () => grid.evaluate((e) => e.scrollHeight - e.clientHeight - e.scrollTop);
  await expect(grid.getByTestId('transcript-row').filter({ hasText: 'run_finished' })).toBeAttached();
  await expect.poll(distanceFromEnd).toBeLessThanOrEqual(1);
  const count = page.getByTestId('transcript-count');
  const entries = await count.innerText();
  expect(entries).toMatch(/^8,0\d\d entries$/);

  // Scrolling up stops following: the next run stays where the person left the table.
  await grid.hover();
  await page.mouse.wheel(0, -2000);
  await expect(follow).not.toBeChecked();
  await expect.poll(distanceFromEnd).toBeGreaterThan(100);
  await runProgram(page);
  await expect(count).toHaveText(/^8,0\d\d entries$/);
  expect(await distanceFromEnd()).toBeGreaterThan(100);
  await follow.check();
  await expect.poll(distanceFromEnd).toBeLessThanOrEqual(1);

  await page.reload();
  await expect(count).toHaveText(entries, { timeout: 30_000 });
  await expect(page.getByTestId('transcript-loading')).toHaveCount(0);
  await expect(grid.getByTestId('transcript-row').filter({ hasText: 'run_finished' })).toBeAttached();
  await page.screenshot({ path: join(SCREENSHOTS, 'transcript-after-reload.png') });

  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('type:tool_call call:call-1500');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  await expect(page.locator('[data-testid="transcript-row"][aria-selected="true"]')).toContainText(
    'call-1500',
  );
  await search.fill('type:tool_call needle');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  await expect(page.getByLabel('Selected entry')).toContainText('needle in a haystack');
});

test('a reload while a long run goes on shows each of its entries once', async ({ page, playground: _ }) => {
  test.setTimeout(120_000);
  // 60,006 entries: long enough that the reload fetches the transcript while the run goes on.
  await setProgram(page, "for (let i = 0; i < 15000; i++) await demo.echo({ text: 'call ' + i });");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const count = page.getByTestId('transcript-count');
  await expect(count).toHaveText(/^\d{1,3},\d{3} entries$/, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('run-state')).toHaveText(/^Succeeded/, { timeout: 90_000 });
  // The batch the host had not sent when the reload fetched the transcript is not added twice.
  await expect(count).toHaveText('60,006 entries');
});
