import { join } from 'node:path';
import {
  expect,
  LEAKY_PROVIDER,
  runProgram,
  SCREENSHOTS,
  setProgram,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

test.describe.configure({ timeout: 120_000 });

// Issue 40, "words that are not true": each test fails on the build before it.

test('a syntax error says the code could not be read, not that the program threw and did not catch', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, 'const a = 1;\nconst b = ;\nb');
  await runProgram(page);
  const result = page.getByTestId('result');
  await expect(result).toContainText('Not run: the code has a syntax error');
  await expect(result).toContainText('fix line 2, column 11');
  await expect(result).not.toContainText('did not catch');
  await expect(result).not.toContainText('threw');
});

test('the Secrets dialog says what "Reveal secret" does and where', async ({ page, playground: _ }) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Secrets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secrets' });
  await expect(dialog).not.toContainText('never shows them');
  const note = dialog.getByTestId('secret-reveal-note');
  await expect(note).toContainText('Reveal secret NAME');
  await expect(note).toContainText('in that one view, on your screen only');
  await expect(note).toContainText('Nothing is saved or sent');
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.screenshot({ path: join(SCREENSHOTS, 'newcomer-secrets-dialog.png') });
});

test.describe('F9 where it cannot set a breakpoint', () => {
  // `leaky` is a stdio MCP server nobody has allowed yet: its tools are not known.
  test.use({
    workspaceDocument: { ...TEST_WORKSPACE, providers: [...TEST_WORKSPACE.providers, LEAKY_PROVIDER] },
  });

  test('says why, true of the line: a provider not ready, a tool it lacks, or no call', async ({
    page,
    playground: _,
  }) => {
    await setProgram(
      page,
      "const env = await leaky.env({});\nconst n = 1;\nawait demo.nothing({});\nawait demo.echo({ text: 'x' });",
    );
    const editor = page.getByTestId('program-editor');
    const pressF9On = async (line: number) => {
      await editor
        .locator('.view-line')
        .nth(line - 1)
        .click();
      await page.keyboard.press('F9');
    };
    await pressF9On(1);
    await expect(page.locator('body')).toContainText(
      'No breakpoint set: leaky is waiting for you to allow it, so its tools are not known yet.',
    );
    await expect(page.locator('body')).not.toContainText('F9 sets a breakpoint on a line that calls a tool.');
    await pressF9On(2);
    await expect(page.locator('body')).toContainText('No breakpoint set: line 2 calls no tool.');
    await pressF9On(3);
    await expect(page.locator('body')).toContainText(
      'No breakpoint set: demo has no tool nothing (its tools: echo, fail).',
    );
    await pressF9On(4);
    await expect(editor.locator('.breakpoint-glyph')).toHaveCount(1);
  });
});

test('a saved run is named by the time it ran, not the time it was saved', async ({
  page,
  playground: _,
}) => {
  const ranBy = new Date();
  await runProgram(page);
  const finished = new Date();
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  // Save more than two seconds later: a name taken from the save time would read later than `finished`.
  await page.waitForTimeout(2_500);
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  const saved = page.getByTestId('saved-transcript');
  await expect(saved).toHaveCount(1);
  const name = (await saved.locator('strong').textContent()) ?? '';
  const time = /^Run (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/.exec(name)?.[1];
  expect(time, name).toBeDefined();
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const named = new Date(time!.replace(' ', 'T'));
  expect(seconds(named)).toBeGreaterThanOrEqual(seconds(ranBy));
  expect(seconds(named)).toBeLessThanOrEqual(seconds(finished));
  await expect(saved.getByTestId('saved-transcript-run')).toContainText(/^saved /);
});

test.describe('Reject on a call that asks before running', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [{ ...TEST_WORKSPACE.providers[0], askBeforeRunning: ['echo'] }],
    },
  });

  test('sends the message typed on the card as the tool_error', async ({ page, playground: _ }) => {
    await setProgram(
      page,
      "try { await demo.echo({ text: 'x' }); } catch (e) { return `${e.code}: ${e.message}`; }",
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const card = page.getByTestId('paused-call');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByLabel('Reject message').fill('not in production, please');
    await page.screenshot({ path: join(SCREENSHOTS, 'newcomer-reject-message.png') });
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/, { timeout: 30_000 });
    await expect(page.getByTestId('result')).toContainText('tool_error: not in production, please');
  });
});
