import { join } from 'node:path';
import { unpackEventsFrame } from '../src/shared/rpc/unpackEventsFrame';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const FIFTY_THOUSAND_ROWS =
  "const rows=[]; for (let i=0;i<50000;i++) rows.push({i,name:'row '+i,tags:['a','b']}); rows";

test('a 50,000-row result shows paged and collapsed, and the page stays usable', async ({
  page,
  playground: _,
}) => {
  // The page gets the value once, in the run's result: its done entry leaves it out.
  const framesWithValue: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"row 49999"')) framesWithValue.push(payload);
    }),
  );
  await page.reload();
  await setProgram(page, FIFTY_THOUSAND_ROWS);
  await runProgram(page);
  const value = page.getByTestId('result-value');
  await expect(value).toContainText('Array of 50,000 items');
  expect(framesWithValue).toHaveLength(1);
  const events = unpackEventsFrame(JSON.parse(framesWithValue[0]!));
  expect(events.filter((event) => event.channel === 'runs').map((event) => event.type)).toContain('finished');
  const rows = value.getByTestId('value-row');
  await expect(rows.filter({ hasText: 'name: "row 3"' })).toBeVisible();
  expect(await page.locator('*').count()).toBeLessThan(5000);
  await page.screenshot({ path: join(SCREENSHOTS, 'big-result-light.png') });

  // The transcript's done entry still shows the value.
  await page.getByTestId('transcript-row').filter({ hasText: 'done' }).first().click();
  await expect(page.getByLabel('Selected entry')).toContainText('row 0');
  await page.screenshot({ path: join(SCREENSHOTS, 'big-result-done-entry.png') });

  // A click answers: open one row, then page on through the array.
  await rows.filter({ hasText: 'name: "row 3"' }).click();
  await expect(rows.filter({ hasText: 'name: "row 3"' }).filter({ hasNotText: 'i: 3' })).toBeVisible();
  const tree = value.getByRole('tree', { name: 'Result value' });
  await tree.focus();
  await page.keyboard.press('End');
  await value.getByRole('button', { name: /Show 100 more/ }).click();
  await page.keyboard.press('End');
  await expect(value.getByRole('button', { name: /49,800 not shown/ })).toBeVisible();
  await expect(rows.filter({ hasText: '199: Object(3)' })).toBeVisible();

  await value.getByRole('button', { name: 'Raw' }).click();
  await expect(value.getByTestId('value-raw')).toContainText('"name": "row 0"');
  await expect(value.getByRole('note')).toContainText('Showing the first 200,000 characters');
  expect(await page.locator('*').count()).toBeLessThan(5000);

  // After a reload, the same: the value comes once more, in the run's summary, not in its transcript.
  await page.reload();
  await expect(value).toContainText('Array of 50,000 items');
  await page.getByTestId('transcript-row').filter({ hasText: 'done' }).first().click();
  await expect(page.getByLabel('Selected entry')).toContainText('row 0');
  expect(framesWithValue).toHaveLength(2);

  // The app still answers: the next run replaces the value.
  await setProgram(page, '1 + 1;');
  await runProgram(page);
  await expect(value).toHaveText('2');
});

test('a multi-megabyte string is clipped with its length', async ({ page, playground: _ }) => {
  await setProgram(page, "({ big: 'x'.repeat(3000000), small: 'ok' })");
  await runProgram(page);
  const value = page.getByTestId('result-value');
  await expect(value).toContainText('(3,000,000 characters)');
  await expect(value).toContainText('"ok"');
  const text = await value.innerText();
  expect(text.length).toBeLessThan(5000);
});

test('the transcript search finds a call by id and by input text, and steps with Enter', async ({
  page,
  playground: _,
}) => {
  await setProgram(
    page,
    "for (let i = 0; i < 300; i++) await demo.echo({ text: i === 222 ? 'needle in a haystack' : 'hay ' + i });",
  );
  await runProgram(page);
  // Following the tail: the transcript is scrolled to its last entry without a hand on the wheel.
  const grid = page.getByRole('grid', { name: 'Transcript' });
  await expect(grid.getByTestId('transcript-row').filter({ hasText: 'run_finished' })).toBeAttached();
  await expect
    .poll(() => grid.evaluate((e) => e.scrollHeight - e.clientHeight - e.scrollTop))
    .toBeLessThanOrEqual(1);
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('type:tool_call call:call-250');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 of 1');
  const detail = page.getByLabel('Selected entry');
  await expect(detail).toContainText('call-250');
  await expect(page.locator('[data-testid="transcript-row"][aria-selected="true"]')).toContainText(
    'call-250',
  );

  await search.fill('type:tool_call Needle');
  await expect(page.getByTestId('transcript-matches')).toHaveText('1 match');
  await search.press('Enter');
  await expect(detail).toContainText('needle in a haystack');

  await search.fill('type:tool_result took:>=0');
  await expect(page.getByTestId('transcript-matches')).toHaveText('300 matches');
  // Stepping starts from the selected entry (call 222's tool_call): its result is match 223.
  await search.press('Enter');
  await expect(page.getByTestId('transcript-matches')).toHaveText('223 of 300');
  await search.press('Enter');
  await expect(page.getByTestId('transcript-matches')).toHaveText('224 of 300');
  await search.press('Shift+Enter');
  await expect(page.getByTestId('transcript-matches')).toHaveText('223 of 300');
  await page.getByRole('button', { name: 'Jump to call' }).click();
  await expect(detail).toContainText('tool_call');

  await search.fill('type:tool_call colour:red');
  await expect(page.getByRole('alert').filter({ hasText: 'Column 16' })).toContainText(
    'Unknown filter "colour:"',
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'transcript-search-error-light.png') });
  await search.fill('call:call-250');
  await page.getByRole('checkbox', { name: 'only matches' }).check();
  await expect(page.getByTestId('transcript-count')).toHaveText(/^\d+ of [\d,]+ entries$/);
  await page.screenshot({ path: join(SCREENSHOTS, 'transcript-search-light.png') });
});
