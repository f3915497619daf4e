import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { connectAgent } from './connectAgent';
import {
  expect,
  openWorkspace,
  runProgram,
  SCREENSHOTS,
  setProgram,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';
import { startTappedHost } from './tappedHost';

const EXECUTE_ECHO = {
  type: 'execute',
  id: 'tapped-1',
  code: "const r = await demo.echo({ text: 'hi' });\nreturn r;",
  options: { timeoutMs: 60000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 },
  providers: [{ name: 'demo', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }],
};

const chip = (page: Page, origin: string) =>
  page.getByTestId('pending-badge').filter({ hasText: ` · ${origin} ` });
const cardOf = (page: Page, origin: string) =>
  page
    .getByTestId('paused-call')
    .filter({ has: page.getByTestId('held-call-origin').getByText(origin, { exact: true }) });

async function addEchoBreakpoint(page: Page) {
  await page.getByRole('tab', { name: 'Breakpoints' }).click();
  await page.getByLabel('Breakpoint provider').selectOption('demo');
  await page.getByLabel('Breakpoint tool').selectOption('echo');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await expect(page.getByTestId('breakpoint')).toHaveCount(1);
}

// Issue 35: the person, an agent and a tapped session each hold a `call-1` at once.
test('a person, an agent and a tap on one screen: every held call names its run and origin', async ({
  page,
  playground,
}) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-origins-e2e-'));
  await page.setViewportSize({ width: 1600, height: 1000 });
  await addEchoBreakpoint(page);
  const agent = await connectAgent(page, playground.configDir, 'e2e-agent');
  const host = startTappedHost(playground.url, join(dir, 'received.jsonl'));
  try {
    // A tapped session opens (and is shown); Run still runs the person's code, which stops at its call-1.
    await expect(page.getByTestId('run-origin')).toHaveText('tap: foreign host', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-origin')).toHaveCount(0);
    await expect(page.getByTestId('run-state')).toContainText('Paused on demo.echo', { timeout: 30_000 });
    // The agent's run stops at its call-1; its client said it waits two minutes.
    const agentCall = agent.callTool({
      name: 'execute',
      arguments: { code: 'return (await demo.echo({ text: "agent" })).greeting;' },
      _meta: { 'dev.execbox/timeoutMs': 120_000 },
    });
    await expect(chip(page, 'e2e-agent')).toBeVisible({ timeout: 30_000 });
    // The tapped runner's tool_call call-1 is held before the real host gets it.
    host.send(EXECUTE_ECHO);
    await expect(chip(page, 'tap: foreign host')).toBeVisible({ timeout: 30_000 });

    // One chip per run, each in the same words as the cards, with its wait and whose deadline.
    await expect(page.getByTestId('pending-badge')).toHaveCount(3);
    await expect(chip(page, 'you')).toContainText('1 call held · you · waiting');
    await expect(chip(page, 'you')).toContainText('limit does not count held time');
    await expect(chip(page, 'e2e-agent')).toContainText(/e2e-agent gives up in \d/);
    await expect(chip(page, 'tap: foreign host')).toContainText(/the runner’s 1 min limit ends in \d/);
    const cards = page.getByTestId('paused-call');
    await expect(cards).toHaveCount(3);
    for (const origin of ['you', 'e2e-agent', 'tap: foreign host']) {
      await expect(cardOf(page, origin).getByTestId('held-call-run')).toContainText('call call-1');
    }
    const runIds = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-run-id')));
    expect(new Set(runIds).size).toBe(3);

    // The agent's chip opens the agent's run: run bar, card and editor all say so.
    await chip(page, 'e2e-agent').click();
    await expect(page.getByTestId('run-origin')).toHaveText('e2e-agent');
    await expect(cards.first().getByTestId('held-call-origin')).toHaveText('e2e-agent');
    await expect(cards.first()).toContainText('(the run shown)');
    await expect(page.getByTestId('run-state')).toContainText('asked by e2e-agent');
    // The agent ran other code: none of the person's lines is marked as its paused call.
    await expect(page.locator('.monaco-editor .paused-line')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect(page.getByRole('list', { name: 'Agent runs' })).toContainText('e2e-agent');
    await page.screenshot({ path: join(SCREENSHOTS, 'origins-agent-shown.png') });

    // F8 resumes the call of the run shown: the agent's call-1, not the person's held first.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F8');
    expect((await agentCall).structuredContent).toMatchObject({ ok: true, result: 'hello' });
    // The agent's run shows its result; the person's call-1 is still held, one click away.
    await expect(page.getByTestId('pending-badge')).toHaveCount(2);
    await expect(chip(page, 'you')).toBeVisible();

    // Back to the person's run: its call-1 is marked in the editor and F8 resumes it.
    await page.getByTestId('back-to-own-run').click();
    await expect(page.getByTestId('run-origin')).toHaveCount(0);
    await expect(page.locator('.monaco-editor .paused-line')).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(page.getByTestId('run-state')).toContainText('Succeeded', { timeout: 30_000 });

    // The person's Result came forward; the tap's held call stays one click away, with its clock.
    await expect(page.getByTestId('result')).toBeVisible();
    await expect(chip(page, 'tap: foreign host')).toContainText('waiting');
    await page.screenshot({ path: join(SCREENSHOTS, 'origins-result-and-held-tap.png') });
    await chip(page, 'tap: foreign host').click();
    await expect(page.getByTestId('run-origin')).toHaveText('tap: foreign host');
    const tapCard = cardOf(page, 'tap: foreign host');
    await expect(tapCard).toContainText('tool_call from the runner');

    // Run while the tapped session is shown runs the person's code and shows their new run.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-origin')).toHaveCount(0);
    await expect(page.getByTestId('run-state')).toContainText('Paused on demo.echo', { timeout: 30_000 });
    await page.keyboard.press('F8');
    await expect(page.getByTestId('run-state')).toContainText('Succeeded', { timeout: 30_000 });

    // "Hold the host's answer too" holds it after "Forward edited message" as after Forward.
    await chip(page, 'tap: foreign host').click();
    await tapCard.getByLabel('hold the host’s answer too').check();
    const call = JSON.parse(await tapCard.getByTestId('tap-message-json').inputValue()) as object;
    await tapCard
      .getByTestId('tap-message-json')
      .fill(JSON.stringify({ ...call, input: { text: 'edited in the app' } }, null, 2));
    await tapCard.getByRole('button', { name: 'Forward edited message' }).click();
    const forwarded = await host.next('tool_call');
    expect(forwarded.input).toEqual({ text: 'edited in the app' });
    host.send({ type: 'tool_result', callId: 'call-1', ok: true, result: { greeting: 'real host' } });
    await expect(tapCard).toContainText('tool_result from the host', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Tap' }).click();
    await expect(page.getByRole('list', { name: 'Tapped sessions' })).toContainText(
      'tap: foreign host holding a message for you',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'origins-tap-answer-held.png') });
    await tapCard.getByRole('button', { name: 'Forward as is' }).click();
    await host.next('done');
  } finally {
    host.end();
    await agent.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('runs belong to their workspace and come back when it is opened again', async ({ page, playground }) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-origins-ws-'));
  const other = join(playground.workspaceFile, '..', 'other.execbox.json');
  await writeFile(
    other,
    JSON.stringify({
      ...TEST_WORKSPACE,
      name: 'Other',
      snippets: [{ id: 'other', name: 'Other steps', code: 'return 2;' }],
      activeSnippetId: 'other',
    }),
  );
  const host = startTappedHost(playground.url, join(dir, 'received.jsonl'), 'A tap');
  try {
    // In the first workspace: a tapped session, then the person's run.
    host.send(EXECUTE_ECHO);
    await host.next('tool_call');
    host.send({ type: 'tool_result', callId: 'call-1', ok: true, result: { greeting: 'x' } });
    await host.next('done');
    await setProgram(page, 'return 1;');
    await runProgram(page);
    await page.getByRole('tab', { name: 'Tap' }).click();
    const sessions = page.getByRole('list', { name: 'Tapped sessions' });
    await expect(sessions).toContainText('tap: A tap');

    // The other workspace has none of them.
    await openWorkspace(page, other);
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expect(page.getByText('No tapped session yet.')).toBeVisible();
    await runProgram(page);
    await page.getByRole('tab', { name: 'Diff' }).click();
    const left = page.getByLabel('Left run');
    await expect(left.locator(':scope > option')).toHaveCount(1);
    await expect(left.locator(':scope > option')).toHaveText(
      /^Other steps · you · [\d-]+ [\d:]+ · Succeeded$/,
    );
    const elsewhere = left.locator('optgroup[label="Runs from other workspaces"] option');
    await expect(elsewhere).toHaveCount(2);
    await expect(elsewhere.nth(0)).toContainText('tap: A tap');
    await expect(elsewhere.nth(1)).toContainText(/^First steps · you · .* · in test\.execbox\.json$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'origins-diff-workspaces.png') });

    // Opened again, the first workspace shows its last run and its tapped session.
    await openWorkspace(page, playground.workspaceFile);
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('run-context')).toContainText('by you · in test.execbox.json');
    await expect(page.getByTestId('result-value')).toContainText('1');
    await page.getByRole('tab', { name: 'Tap' }).click();
    await expect(sessions).toContainText('tap: A tap');
    // And after a reload, as long as the host keeps them.
    await page.reload();
    await page.getByRole('tab', { name: 'Tap' }).click();
    await expect(sessions).toContainText('tap: A tap');
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('run-context')).toContainText('by you · in test.execbox.json');
    await page.screenshot({ path: join(SCREENSHOTS, 'origins-reopened.png') });
  } finally {
    host.end();
    await rm(dir, { recursive: true, force: true });
  }
});
