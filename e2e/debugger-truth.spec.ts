import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, runProgram, SCREENSHOTS, setProgram, TEST_WORKSPACE } from './playgroundFixture';

const TIMEOUT_MS = 1500;

/** The test workspace plus a tool a person answers by hand, and a short timeout to outwait. */
const WORKSPACE = {
  ...TEST_WORKSPACE,
  providers: [
    ...TEST_WORKSPACE.providers,
    {
      id: 'desk',
      name: 'desk',
      kind: 'mock',
      tools: { approve: { description: 'A person approves.', response: { mode: 'manual' } } },
    },
  ],
  runtime: { limits: { timeoutMs: TIMEOUT_MS }, executor: { kind: 'process', mode: 'pooled' } },
};

test.use({ workspaceDocument: WORKSPACE });

const TWO_CALLS =
  "const a = await demo.echo({ text: 'one' });\nconst b = await demo.echo({ text: 'two' });\n[a.greeting, b.greeting]";

async function bottomTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** A click in the editor's gutter beside `line` (1-based). */
async function clickGutter(page: Page, line: number, modifiers: 'Shift'[] = []) {
  const editor = page.getByTestId('program-editor');
  const viewLine = editor.locator('.view-line').nth(line - 1);
  // Monaco lays lines out after the model changes: wait for them rather than measure too early.
  await expect(viewLine).toBeVisible();
  await expect(editor.locator('.margin')).toBeVisible();
  const lineBox = await viewLine.boundingBox();
  const margin = await editor.locator('.margin').boundingBox();
  if (!lineBox || !margin) throw new Error('the editor is not laid out');
  await page.mouse.move(margin.x + 8, lineBox.y + lineBox.height / 2);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.down();
  await page.mouse.up();
  for (const key of modifiers) await page.keyboard.up(key);
}

test('a manual answer given after more than the timeout succeeds, and the run shows the time held', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, 'const r = await desk.approve({ amount: 5 });\nr.ok');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('desk.approve is waiting for your answer', { timeout: 30_000 });
  // The person takes longer than the whole run may: the clock is stopped meanwhile.
  await page.waitForTimeout(TIMEOUT_MS * 2);
  await dialog.getByRole('textbox').first().fill('{"ok": "approved"}');
  await dialog.getByRole('button', { name: 'Answer with this result' }).click();
  await expect(page.getByTestId('run-state')).toContainText(/Succeeded in/, { timeout: 30_000 });
  await expect(page.getByTestId('run-state')).toContainText(/held \d/);
  await expect(page.getByTestId('result-value')).toContainText('approved');
});

test('a gutter click breaks on that line, the await line is highlighted, and an edited input reaches the provider', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, TWO_CALLS);
  await clickGutter(page, 2);
  await bottomTab(page, 'Breakpoints');
  await expect(page.getByTestId('breakpoint')).toHaveCount(1);
  await expect(page.getByTestId('breakpoint')).toContainText('demo.echo');
  const editor = page.getByTestId('program-editor');
  await expect(editor.locator('.breakpoint-glyph')).toHaveCount(2);

  // Disabled, it stays but does not break.
  await clickGutter(page, 1, ['Shift']);
  await expect(editor.locator('.breakpoint-glyph.disabled')).toHaveCount(2);
  await runProgram(page);
  await expect(page.getByTestId('run-state')).toContainText('Succeeded');
  await clickGutter(page, 1, ['Shift']);
  await expect(editor.locator('.breakpoint-glyph.disabled')).toHaveCount(0);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('demo.echo', { timeout: 30_000 });
  await expect(editor.locator('.paused-line').first()).toBeVisible();
  await paused.getByTestId('paused-json').fill('{"text": "edited"}');
  await expect(paused.getByTestId('original-input')).toContainText('one');
  // Starting to answer by hand would drop the edited input: the app asks first.
  await paused.getByText('Answer by hand instead').click();
  await paused.getByTestId('hand-json').fill('{"greeting": "by hand"}');
  await paused.getByRole('button', { name: 'Answer by hand', exact: true }).click();
  await expect(paused.getByTestId('discard-warning')).toContainText('edited input will not be sent');
  await paused.getByRole('button', { name: 'Keep editing' }).click();
  await paused.getByTestId('hand-json').fill('');
  await paused.screenshot({ path: join(SCREENSHOTS, 'paused-call-edited.png') });
  await page.screenshot({ path: join(SCREENSHOTS, 'paused-call-page.png') });
  await paused.getByLabel('hold the real result for editing').check();
  await paused.getByRole('button', { name: 'Send edited input' }).click();
  await expect(paused).toContainText('held with the provider’s answer');
  await paused.getByRole('button', { name: 'Send as is', exact: true }).click();

  const second = page.getByTestId('paused-call');
  await expect(second).toContainText('two');
  await second.getByRole('button', { name: 'Send input' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(page.getByTestId('transcript-row').filter({ hasText: 'input_edited' })).toHaveCount(1);
  await bottomTab(page, 'Step through');
  await page.getByRole('button', { name: 'Last step' }).click();
  await expect(page.getByTestId('edited-input').first()).toContainText('"edited"');
  await expect(page.getByTestId('edited-input').first()).toContainText('the guest sent');
});

test('an opened transcript fills the table; a timeline bar selects its call everywhere', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, TWO_CALLS);
  await runProgram(page);
  await bottomTab(page, 'Saved');
  await page.getByLabel('Transcript name').fill('two calls');
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  await expect(page.getByTestId('saved-transcript')).toHaveCount(1);

  await page.reload();
  await bottomTab(page, 'Saved');
  await page.getByTestId('saved-transcript').getByRole('button', { name: 'Open' }).click();
  const rows = page.getByTestId('transcript-row');
  await expect(rows.filter({ hasText: 'tool_call' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'done' })).toHaveCount(1);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const canvas = page.getByTestId('timeline-canvas');
  await expect(canvas).toBeVisible();
  // The second bar: find it by hovering along its row until the tooltip names it.
  const box = (await canvas.boundingBox())!;
  let found = false;
  for (let x = box.x + box.width - 12; x > box.x + 110 && !found; x -= 6) {
    // One provider, calls one after the other: both bars share the first lane row.
    await page.mouse.move(x, box.y + 18 + 9);
    found = await page.getByTestId('timeline-tooltip').filter({ hasText: 'demo.echo' }).isVisible();
  }
  expect(found).toBe(true);
  const tooltip = await page.getByTestId('timeline-tooltip').boundingBox();
  expect(tooltip!.x + tooltip!.width).toBeLessThanOrEqual(box.x + box.width + 1);
  await page.screenshot({ path: join(SCREENSHOTS, 'timeline-tooltip.png') });
  await page.mouse.down();
  await page.mouse.up();
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const selected = page.locator('[data-testid="transcript-row"][aria-selected="true"]');
  await expect(selected).toContainText('tool_call');
  await expect(selected).toContainText('demo.echo');
});

test("replaying the editor's changed code against a run flags the first divergence on its row", async ({
  page,
  playground: _,
}) => {
  await setProgram(page, TWO_CALLS);
  await runProgram(page);
  await setProgram(page, TWO_CALLS.replace("text: 'two'", "text: 'changed'"));
  await bottomTab(page, 'Saved');
  await page.getByRole('button', { name: 'Replay editor code against this run' }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused.getByTestId('divergence')).toContainText('changed', { timeout: 30_000 });
  const flagged = page.locator('[data-testid="transcript-row"][data-diverged="true"][data-type="tool_call"]');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText('demo.echo');
  await page.screenshot({ path: join(SCREENSHOTS, 'replay-divergence.png') });
  await paused.getByRole('button', { name: 'Cancel run' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Cancelled after', { timeout: 30_000 });
});

test('a runtime error is marked in the editor at its 1-based line', async ({ page, playground: _ }) => {
  await setProgram(page, 'const a = 1;\nnull.boom;\na');
  await runProgram(page);
  await expect(page.getByTestId('run-outcome')).toContainText('Failed');
  const problems = page.getByRole('status', { name: 'Problems' });
  await expect(problems).toContainText('The run failed here', { timeout: 30_000 });
  await expect(problems).toContainText('2:');
});
