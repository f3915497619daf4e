import { join } from 'node:path';
import {
  EVERYTHING_PROVIDER,
  expect,
  runProgram,
  SCREENSHOTS,
  setProgram,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

test.describe('MCP notifications from server-everything', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [
        ...TEST_WORKSPACE.providers,
        { ...EVERYTHING_PROVIDER, requestTimeoutMs: 20_000, logLevel: 'debug' },
      ],
    },
  });

  test('progress shows on the running call, and the provider console shows stderr and log messages', async ({
    page,
    playground: _,
  }) => {
    test.setTimeout(120_000);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.getByRole('tab', { name: 'Providers' }).click();
    const provider = page.getByTestId('provider').filter({ hasText: 'everything' });
    await expect(provider).toContainText('ready', { timeout: 30_000 });

    await setProgram(
      page,
      'const r = await everything.trigger_long_running_operation({ duration: 8, steps: 8 });\nr',
    );
    await page.getByRole('tab', { name: 'Transcript' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    // While the call runs: its row carries a progress bar and "progress n/8", and so does the run bar.
    const callRow = page.locator('[data-testid="transcript-row"][data-type="tool_call"]');
    await expect(callRow).toContainText(/progress [2-7]\/8/, { timeout: 30_000 });
    await expect(callRow.getByRole('progressbar')).toBeVisible();
    const runBar = page.getByTestId('running-call-progress');
    await expect(runBar).toContainText('everything.trigger_long_running_operation');
    await expect(runBar.getByRole('progressbar')).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'mcp-progress-running.png') });

    await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/, { timeout: 60_000 });
    await expect(
      page.locator('[data-testid="transcript-row"][data-type="tool_progress"]').first(),
    ).toBeVisible();
    await expect(callRow.getByRole('progressbar')).toHaveCount(0);
    await expect(runBar).toHaveCount(0);

    // Log messages: the server logs once at once when simulated logging is switched on.
    await setProgram(page, 'await everything.toggle_simulated_logging({});');
    await runProgram(page);
    await provider.getByRole('button', { name: 'console' }).click();
    const providerConsole = page.getByRole('log', { name: 'everything console' });
    await expect(providerConsole).toContainText('Starting default (STDIO) server');
    await expect(providerConsole.locator('.console-log').first()).toContainText(/level[- ]message/i, {
      timeout: 30_000,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'mcp-provider-console.png') });

    // Switch simulated logging off again (it logs every 5 s), then clear.
    await setProgram(page, 'await everything.toggle_simulated_logging({});');
    await runProgram(page);
    await provider.getByRole('button', { name: 'clear' }).click();
    await expect(providerConsole).toContainText('No log messages or stderr output');

    // The provider form shows the log level and the maximum total (default: ten request timeouts).
    await provider.getByRole('button', { name: 'edit' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel('Server log level')).toHaveValue('debug');
    await expect(form.getByLabel('Maximum total with progress (ms, optional)')).toHaveAttribute(
      'placeholder',
      '200000',
    );
    await form.getByLabel('Maximum total with progress (ms, optional)').fill('1000');
    await expect(form).toContainText('the maximum total must be at least the request timeout');
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.screenshot({ path: join(SCREENSHOTS, 'mcp-provider-form-limits.png') });
  });
});
