import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  expect,
  runProgram,
  SCREENSHOTS,
  setProgram,
  startServe,
  stop,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';
import { echoLoop, runLongProgram } from './longRun';
import { connectAgent } from './connectAgent';

/** The test workspace with demo.echo marked “ask before running”. */
const ASKING = {
  ...TEST_WORKSPACE,
  providers: [{ ...TEST_WORKSPACE.providers[0], askBeforeRunning: ['echo'] }],
};

const runState = (page: Page) => page.getByTestId('run-state');

test.describe('held calls', () => {
  test.use({ workspaceDocument: ASKING });

  // Issue 30.7: at an approval the run bar says Paused and on what, never Running.
  test('the run bar says what a run waits on', async ({ page, playground: _ }) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(runState(page)).toContainText('Paused on demo.echo (waiting for approval)', {
      timeout: 30_000,
    });
    await expect(runState(page)).not.toContainText('Running');
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-paused-on.png') });
    await page.getByTestId('paused-call').getByRole('button', { name: 'Run it' }).click();
    await expect(runState(page)).toContainText('Succeeded', { timeout: 30_000 });
  });

  // Issue 30.4: a result says whose run it is and in which workspace; an agent's run that waits for
  // approval is badged with the agent's name and does not take over the person's panes; once
  // another workspace is open, the last one's result is not shown as if it were this one's.
  test("a result names its run; an agent's run stays its own; another workspace's result goes", async ({
    page,
    playground,
  }) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('paused-call').getByRole('button', { name: 'Run it' }).click({ timeout: 30_000 });
    await expect(runState(page)).toContainText('Succeeded', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('run-context')).toContainText('by you · in test.execbox.json');

    const agent = await connectAgent(page, playground.configDir, 'claude-e2e');
    try {
      const call = agent.callTool({
        name: 'execute',
        arguments: { code: 'return (await demo.echo({ text: "x" })).greeting;' },
      });
      const badge = page.getByTestId('pending-badge');
      await expect(badge).toContainText('1 call waiting for approval · claude-e2e', { timeout: 30_000 });
      // The person's panes still show the person's run.
      await expect(runState(page)).toContainText('Succeeded');
      await page.getByRole('tab', { name: 'Result', exact: true }).click();
      await expect(page.getByTestId('run-context')).toContainText('by you');
      await page.screenshot({ path: join(SCREENSHOTS, 'truth-agent-badge.png') });
      // The chip opens the agent's run; "Back to your run" shows the person's again.
      await badge.click();
      await expect(page.getByTestId('run-origin')).toHaveText('claude-e2e');
      await page.getByTestId('paused-call').getByRole('button', { name: 'Run it' }).click();
      expect((await call).structuredContent).toMatchObject({ ok: true, result: 'hello' });
      await expect(badge).toBeHidden();
      await page.getByRole('tab', { name: 'Agents' }).click();
      await expect(page.getByRole('list', { name: 'Agent runs' })).toContainText('Succeeded');
      await page.getByTestId('back-to-own-run').click();
      await page.getByRole('tab', { name: 'Result', exact: true }).click();
      await expect(page.getByTestId('run-context')).toContainText('by you');
    } finally {
      await agent.close();
    }

    const other = join(playground.workspaceFile, '..', 'other.execbox.json');
    await writeFile(other, JSON.stringify({ ...TEST_WORKSPACE, name: 'Other' }));
    await page.locator('.app-header .workspace-name').click();
    const dialog = page.getByRole('dialog', { name: 'Workspace' });
    await dialog.getByLabel('Open a workspace file').fill(other);
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('file-state')).toContainText('other.execbox.json');
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('result')).toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-result-after-switch.png') });
  });

  // Issue 30.3: a cancelled run is "Cancelled" in the run bar and in every list of runs.
  test('a cancelled run reads as cancelled in the Diff picker too, never as a timeout', async ({
    page,
    playground: _,
  }) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('paused-call')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(runState(page)).toContainText('Cancelled after', { timeout: 30_000 });
    await setProgram(page, 'return 1;');
    await runProgram(page);
    await page.getByRole('tab', { name: 'Diff' }).click();
    const left = page.getByLabel('Left run');
    await expect(left.locator('option').first()).toHaveText(
      /^.+ · you · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d · Cancelled$/,
    );
    await expect(page.getByLabel('Right run').locator('option').nth(1)).toHaveText(
      / · you · [\d-]+ [\d:]+ · Succeeded$/,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-diff-picker.png') });
  });

  // Issue 30.5: after the host restarts, a held call it no longer has is not offered.
  test('a held call does not outlive its host', async ({ page, playground }) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('paused-call')).toBeVisible({ timeout: 30_000 });
    const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(page.url())!;
    const serve = await serveAgainOn(playground, port!, token!);
    try {
      await expect(page.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
      await expect(page.getByTestId('paused-call')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Run it' })).toHaveCount(0);
      await expect(page.getByTestId('pending-badge')).toBeHidden();
      await page.screenshot({ path: join(SCREENSHOTS, 'truth-after-host-restart.png') });
    } finally {
      await stop(serve);
    }
  });
});

/** Stops the fixture's host and starts another on the same port and token (a restarted host). */
async function serveAgainOn(
  playground: { url: string; workspaceFile: string; configDir: string },
  port: string,
  token: string,
) {
  const pid = await findServePid(playground.url);
  process.kill(pid, 'SIGTERM');
  await waitUntilGone(pid);
  const { child } = await startServe(playground.configDir, playground.workspaceFile, [
    '--port',
    port,
    '--token',
    token,
  ]);
  return child;
}

async function findServePid(url: string): Promise<number> {
  const { execFileSync } = await import('node:child_process');
  const port = new URL(url).port;
  const out = execFileSync('ps', ['-eo', 'pid,args']).toString();
  const line = out.split('\n').find((l) => l.includes(' serve --port 0 ') && l.includes('--config-dir'));
  if (!line) throw new Error(`no execbox serve process for port ${port}`);
  return Number(line.trim().split(/\s+/)[0]);
}

async function waitUntilGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Issue 30.6: a limit out of range is refused where it is typed, with the range shown.
test('Log chars out of range is refused where typed; a file that holds one makes Run say why', async ({
  page,
  playground,
}) => {
  const field = page.getByLabel('Log chars', { exact: true });
  await field.fill('10000000');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('toolbar', { name: 'Run' })).toContainText('from 0 to 4,000,000');
  await field.press('Enter');
  await page.screenshot({ path: join(SCREENSHOTS, 'truth-log-chars-refused.png') });
  const saved = JSON.parse(await readFile(playground.workspaceFile, 'utf8')) as {
    runtime: { limits: object };
  };
  expect(saved.runtime.limits).not.toHaveProperty('maxLogChars', 10_000_000);
  await field.press('Escape');

  // A workspace file that holds a value the runner refuses is refused when it is opened (issue 24:
  // the schema holds files to the runner's ranges), naming the field; the open workspace stays.
  const doc = JSON.parse(await readFile(playground.workspaceFile, 'utf8')) as Record<string, unknown>;
  const other = join(playground.workspaceFile, '..', 'big-logs.execbox.json');
  await writeFile(other, JSON.stringify({ ...doc, runtime: { limits: { maxLogChars: 10_000_000 } } }));
  await page.locator('.app-header .workspace-name').click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(other);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByText(/maxLogChars/).first()).toBeVisible();
  await expect(page.getByTestId('file-state')).toContainText('test.execbox.json');
});

// Issue 30.8: the execute message's timeoutMs is explained where it is shown.
test("the transcript explains that the host, not the execute message's timeoutMs, enforces the limit", async ({
  page,
  playground: _,
}) => {
  await runProgram(page);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const row = page.getByTestId('transcript-row').filter({ hasText: 'host_deadline' });
  await expect(row).toContainText("the host enforces the run's limit of 1 min");
  await expect(row).toContainText("only the runner's ceiling");
});

const FIXTURE_SERVER = fileURLToPath(new URL('../test/fixtures/mcp/fixtureServer.mjs', import.meta.url));

test.describe("a tool's own timeout", () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [
        {
          id: 'fx',
          name: 'fx',
          kind: 'mcp',
          transport: { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER, '--stdio'] },
          requestTimeoutMs: 3000,
        },
      ],
      snippets: [{ id: 'hang', name: 'Hangs', code: 'return await fx.hang({});' }],
      activeSnippetId: 'hang',
    },
  });

  // Issue 30.2: an MCP request timeout is headlined as the tool's limit, and the server stays.
  test("is the tool's, not the run's, and does not mark the server errored", async ({
    page,
    playground: _,
  }) => {
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    // The server starts once allowed: run when its tools are there.
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(page.getByTestId('provider').filter({ hasText: 'fx' })).toContainText('ready', {
      timeout: 30_000,
    });
    await runProgram(page);
    await expect(runState(page)).toContainText('Tool fx.hang did not answer in time (its limit is 3 s)');
    await expect(runState(page)).not.toContainText('Timed out');
    await page.getByRole('tab', { name: 'Result', exact: true }).click();
    await expect(page.getByTestId('result')).toContainText("not the run's");
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(page.getByTestId('provider').filter({ hasText: 'fx' })).toContainText('ready');
    await expect(page.getByTestId('provider').filter({ hasText: 'fx' })).not.toContainText('restarted');
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-tool-timeout.png') });
    // The same server process was told to cancel the call (notifications/cancelled), not restarted.
    await setProgram(page, 'return await fx.hang_count({});');
    await runProgram(page);
    await expect(page.getByTestId('result-value')).toContainText(/started\W+1\W*cancelled\W+1/);
  });
});

/** Over the 1 MiB a run accepts, as UTF-8 ('€' is three bytes), in short lines the editor draws at ease. */
const TOO_LARGE = Array.from({ length: 1200 }, () => `// ${'€'.repeat(300)}`).join('\n');

test.describe("an error notice's lifetime", () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      snippets: [
        { id: 'big', name: 'Too large', code: TOO_LARGE },
        { id: 'small', name: 'Small', code: 'return 1;' },
      ],
      activeSnippetId: 'big',
    },
  });

  // Issue 30.8 (toasts): an error stays until dismissed or superseded by its own source's success.
  test('stays until dismissed or until the same source succeeds, and is not stacked', async ({
    page,
    playground: _,
  }) => {
    const runButton = page.getByRole('button', { name: 'Run', exact: true });
    const refusal = page.locator('.notices .notice.error').filter({ hasText: 'The run did not start.' });
    await runButton.click();
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toContainText('more than the 1.0 MiB a run accepts');
    // In the page's flow: it covers nothing.
    await expect(page.locator('.notices').first()).toHaveCSS('position', 'static');
    // The same refusal again replaces the first rather than piling up.
    await runButton.click();
    await expect(refusal).toHaveCount(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-notice-in-flow.png') });

    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);

    await runButton.click();
    await expect(refusal).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Snippets' }).getByText('Small', { exact: true }).click();
    // The host opens the snippet; Run before that runs the one still open (refused again).
    await expect(page.getByTestId('program-editor')).toContainText('return 1;');
    await runProgram(page);
    await expect(runState(page)).toContainText('Succeeded');
    await expect(refusal).toHaveCount(0);
    await expect(page.locator('.notices .notice.error')).toHaveCount(0);
  });
});

// A long run's earlier entries were on a host that restarted: the table says so instead of rows that never come.
test('a long run from before the host restarted says its earlier entries are gone', async ({
  page,
  playground,
}) => {
  await runLongProgram(page, echoLoop(3_000));
  await expect(page.getByTestId('transcript-count')).toHaveText('12,006 entries');
  const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(page.url())!;
  const serve = await serveAgainOn(playground, port!, token!);
  try {
    await expect(page.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'follow' }).uncheck();
    const grid = page.getByRole('grid', { name: 'Transcript' });
    await grid.evaluate((element) => element.scrollTo({ top: 0 }));
    const unreadable = page.getByTestId('transcript-unreadable');
    await expect(unreadable).toContainText(
      /^Only the last [\d,]+ entries are here: the host could not give the earlier ones/,
    );
    await expect(unreadable).toContainText('no run with id');
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-long-run-after-host-restart.png') });
  } finally {
    await stop(serve);
  }
});
