import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openWorkspace, SCREENSHOTS, setProgram, startServe, stop, test } from './playgroundFixture';
import { GATED_SERVER, gatedProvider, startMcpGate } from './mcpGate';
import { holdAnswerTo } from './holdAnswerTo';

// One real type error in each program, so the checker is known to have run: any other problem is false.
const REAL_ERROR = "Type 'number' is not assignable to type 'string'";
const callsTo = (names: string[]) =>
  [
    ...names.map((name) => `const ${name}Result = await ${name}.${name}_tool({});`),
    'const wrong: string = 1;',
    `return [${names.map((name) => `${name}Result`).join(', ')}, wrong];`,
  ].join('\n');

const problemsOf = (page: Page) => page.getByRole('status', { name: 'Problems' });

/** The open program has exactly the one real error (and Monaco draws exactly one squiggle). */
async function expectOnlyTheRealError(page: Page): Promise<void> {
  await expect(problemsOf(page).locator('.problems-count')).toHaveText('1 problem', { timeout: 30_000 });
  await expect(problemsOf(page)).toContainText(REAL_ERROR);
  await expect(page.getByTestId('program-editor').locator('.squiggly-error')).toHaveCount(1);
}

// Issue 30.1: after opening another workspace and then the first again, the editor's typings are
// the first's, in the tab that switched and in a tab that was loading meanwhile. The MCP servers'
// tool lists are answered only when the test says (the gate), after the switch, last one first.
test('typings follow the open workspace: switching away and back, lists answered late, another tab loading', async ({
  page,
}) => {
  const gate = await startMcpGate();
  const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-typings-'));
  const first = join(dir, 'first.execbox.json');
  const second = join(dir, 'second.execbox.json');
  await writeFile(
    first,
    JSON.stringify({
      formatVersion: 1,
      name: 'Two MCP servers',
      providers: [gatedProvider(gate.url, 'alpha'), gatedProvider(gate.url, 'beta')],
      snippets: [{ id: 's', name: 'Uses both', code: callsTo(['alpha', 'beta']) }],
      activeSnippetId: 's',
    }),
  );
  await writeFile(
    second,
    JSON.stringify({
      formatVersion: 1,
      name: 'Only mocks',
      providers: [
        { id: 'm', name: 'other', kind: 'mock', tools: { ping: { response: { mode: 'fixed', result: 1 } } } },
      ],
      snippets: [{ id: 't', name: 'Mock', code: 'return await other.ping({});' }],
      activeSnippetId: 't',
    }),
  );
  const { url, child } = await startServe(join(dir, 'config'), first);
  try {
    await page.goto(url);
    await allowEachProvider(page, 2);
    gate.release('alpha');
    gate.release('beta');
    await expectOnlyTheRealError(page);

    // The first workspace's servers start again when it is opened again: their lists wait then.
    gate.hold('alpha');
    gate.hold('beta');
    await openWorkspace(page, second);
    await expect(problemsOf(page).locator('.problems-count')).toHaveText('No problems', { timeout: 30_000 });

    // A second tab loads while the first one goes back: its last answer waits until the end.
    const other = await page.context().newPage();
    const slow = await holdAnswerTo(other, 'pendingServerRequests');
    await other.goto(url);
    await expect.poll(() => slow.held(), { timeout: 15_000 }).toBe(true);

    await openWorkspace(page, first);
    // The confirmation of the first switch goes when the second's shows: no notice names a workspace that is not open.
    await expect(page.locator('.notices .notice').filter({ hasText: 'first.execbox.json' })).toBeVisible();
    expect(await page.locator('.notices .notice').filter({ hasText: 'second.execbox.json' }).count()).toBe(0);
    await expect.poll(() => gate.waiting('alpha') + gate.waiting('beta'), { timeout: 30_000 }).toBe(2);
    gate.release('beta');
    // Only what is still missing is a problem: beta's typings came, alpha's not yet.
    await expect(problemsOf(page)).toContainText("Cannot find name 'alpha'", { timeout: 30_000 });
    await expect(problemsOf(page)).not.toContainText("Cannot find name 'beta'", { timeout: 30_000 });
    gate.release('alpha');
    await expectOnlyTheRealError(page);

    slow.release();
    await expect(other.getByTestId('file-state')).toContainText('first.execbox.json');
    await expectOnlyTheRealError(other);
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-typings-after-two-switches.png') });
    await other.screenshot({ path: join(SCREENSHOTS, 'truth-typings-tab-loading-across-switch.png') });
  } finally {
    await stop(child);
    await gate.close();
    await rm(dir, { recursive: true, force: true });
  }
});

// Issue 30.1: right after three MCP servers are added through the form (their lists answered out of
// order), both the tab that added them and a tab that was loading meanwhile have all three's typings.
test('three MCP servers added through the form: every tab ends with all their typings', async ({
  page,
  playground,
}) => {
  const gate = await startMcpGate();
  try {
    const names = ['alpha', 'beta', 'gamma'];
    await setProgram(page, callsTo(names));
    await expect(problemsOf(page)).toContainText("Cannot find name 'alpha'", { timeout: 30_000 });

    const other = await page.context().newPage();
    const slow = await holdAnswerTo(other, 'pendingServerRequests');
    await other.goto(playground.url);
    await expect.poll(() => slow.held(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('tab', { name: 'Providers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider' });
    for (const name of names) {
      await page.getByRole('button', { name: '+ Add provider' }).click();
      await dialog.getByRole('radio', { name: /MCP server/ }).check();
      await dialog.getByLabel('Name (the namespace in your program)').fill(name);
      await dialog.getByRole('textbox', { name: /^Command/ }).fill(process.execPath);
      await dialog.getByLabel('Arguments (one per line)').fill([GATED_SERVER, gate.url, name].join('\n'));
      await dialog.getByRole('button', { name: 'Add provider' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect
      .poll(() => names.map((name) => gate.waiting(name)).join(), { timeout: 30_000 })
      .toBe('1,1,1');
    for (const name of [...names].reverse()) gate.release(name);
    for (const name of names)
      await expect(page.getByTestId('provider').filter({ hasText: name })).toContainText('ready', {
        timeout: 30_000,
      });
    await expectOnlyTheRealError(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-typings-three-added.png') });

    slow.release();
    await expect(other.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
    await expectOnlyTheRealError(other);
    await other.screenshot({ path: join(SCREENSHOTS, 'truth-typings-three-added-other-tab.png') });
  } finally {
    await gate.close();
  }
});

/**
 * Answers the trust question of each provider that starts a process (remembered for the file). An
 * answered question leaves the banner at once, so the next click cannot land on it a second time.
 */
async function allowEachProvider(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const question = page.locator('.trust-request').first();
    const provider = await question.locator('strong').textContent();
    await question.getByRole('button', { name: 'Allow', exact: true }).click();
    const same = page
      .locator('.trust-request')
      .filter({ has: page.locator('strong', { hasText: provider! }) });
    expect(await same.count()).toBe(0);
  }
}

// Issue 30.1 (a second tab): typings that change while a tab's first load is on its way are not
// replaced by the older answer when the load completes.
test('a tab whose first load is slow keeps the newest typings', async ({ page, playground }) => {
  const other = await page.context().newPage();
  const slow = await holdAnswerTo(other, 'pendingServerRequests');
  await other.goto(playground.url);
  await expect.poll(() => slow.held(), { timeout: 15_000 }).toBe(true);

  // Meanwhile, in the first tab, a provider is added: its typings reach the second tab as an event.
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByLabel('Name (the namespace in your program)').fill('weather');
  await dialog.getByLabel('Tool name').fill('forecast');
  await dialog.getByLabel('Result JSON').fill('{ "tempC": 21 }');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByTestId('provider').filter({ hasText: 'weather' })).toContainText('ready');

  slow.release();
  await expect(other.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
  await setProgram(
    other,
    'const w = await weather.forecast({});\nconst wrong: string = 1;\nreturn [w, wrong];',
  );
  await expectOnlyTheRealError(other);
  await other.screenshot({ path: join(SCREENSHOTS, 'truth-typings-second-tab.png') });
});
