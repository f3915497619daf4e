import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, runProgram, test } from './playgroundFixture';

const CLI = fileURLToPath(new URL('../bin/execbox.js', import.meta.url));

test('the Conformance view checks the built-in runner and shows each case with its rule and transcript', async ({
  page,
  playground: _,
}) => {
  test.setTimeout(180_000);
  await page.getByRole('tab', { name: 'Conformance' }).click();
  await page.getByRole('radio', { name: 'Built-in runner' }).check();
  await page.getByRole('combobox', { name: 'Cases' }).selectOption('tools');
  await page.getByRole('button', { name: 'Run conformance' }).click();
  const summary = page.getByTestId('conformance-summary');
  await expect(summary).toContainText(/Conforms: (\d+)\/\1 cases passed, 0 failed/, { timeout: 150_000 });

  const roundTrip = page.locator('[data-case-id="tools/round-trip"]');
  await expect(roundTrip).toContainText('PASS');
  await roundTrip.getByRole('button').click();
  await expect(roundTrip).toContainText('Rule:');
  const transcript = page.getByLabel('Transcript of tools/round-trip');
  await expect(transcript).toContainText('→ {"type":"execute"');
  await expect(transcript).toContainText('← {"type":"tool_call"');
});

test('the Conformance view names the failing cases of a runner that cannot be reached', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Conformance' }).click();
  await page.getByRole('radio', { name: 'WebSocket URL' }).check();
  await page.getByLabel('Runner URL').fill('ws://127.0.0.1:1');
  await page.getByRole('combobox', { name: 'Cases' }).selectOption('lifecycle');
  await page.getByRole('button', { name: 'Run conformance' }).click();
  await expect(page.getByTestId('conformance-summary')).toContainText('Does not conform', {
    timeout: 60_000,
  });
  const first = page.getByTestId('conformance-case').first();
  await first.getByRole('button').click();
  await expect(first).toContainText('could not connect to the runner at ws://127.0.0.1:1');
});

test('the Network panel starts and stops the local TPMJS executor and shows its URL', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Executors & runners' }).click();
  const status = page.getByTestId('local-executor-status');
  await expect(status).toContainText('stopped');
  await page.getByRole('button', { name: 'Start executor' }).click();
  await expect(status).toContainText('running', { timeout: 30_000 });
  const url = await page.getByTestId('local-executor-url').textContent();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const health = (await (await fetch(`${url}/health`)).json()) as { status: string; protocolVersion: string };
  expect(health).toMatchObject({ status: 'ok', protocolVersion: '1.0' });
  // The panel says how tool calls are isolated, as the executor's /info does.
  const info = (await (await fetch(`${url}/info`)).json()) as {
    capabilities: { isolationDetails: { mode: string } };
  };
  await expect(page.getByTestId('local-executor-isolation')).toHaveText(
    `· isolation: ${info.capabilities.isolationDetails.mode}`,
  );

  await page.getByRole('button', { name: 'Stop executor' }).click();
  await expect(status).toContainText('stopped', { timeout: 30_000 });
  await expect(fetch(`${url}/health`)).rejects.toThrow();
});

test('the Network panel makes a remote runner the executor', async ({ page, playground: _ }) => {
  await page.getByRole('tab', { name: 'Executors & runners' }).click();
  await page.getByLabel('Remote runner URL').fill('ws://127.0.0.1:8787');
  await page.getByLabel('Token secret').fill('RUNNER_TOKEN');
  await page.getByRole('button', { name: 'Use as executor' }).click();
  await expect(page.getByTestId('remote-runner-current')).toContainText(
    'ws://127.0.0.1:8787 (token from RUNNER_TOKEN)',
  );
  await expect(page.getByRole('combobox', { name: 'Executor' })).toHaveValue('remote');
});

test('guest code runs on a remote runner started with execbox runner --listen', async ({
  page,
  playground: _,
}) => {
  const runner = spawn(process.execPath, [CLI, 'runner', '--listen', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EXECBOX_RUNNER_TOKEN: 'e2e-runner-token' },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      runner.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (ws:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      runner.once('exit', (code) => reject(new Error(`execbox runner exited with ${code}`)));
    });

    await page.getByRole('tab', { name: 'Providers' }).click();
    await page.getByRole('button', { name: 'Secrets' }).click();
    const secrets = page.getByRole('dialog', { name: 'Secrets' });
    await secrets.getByLabel('Name').fill('RUNNER_TOKEN');
    await secrets.getByLabel('Value (write-only)').fill('e2e-runner-token');
    await secrets.getByRole('button', { name: 'Save secret' }).click();
    await expect(secrets).toContainText('RUNNER_TOKEN');
    await secrets.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Executors & runners' }).click();
    await page.getByLabel('Remote runner URL').fill(url);
    await page.getByLabel('Token secret').fill('RUNNER_TOKEN');
    await page.getByRole('button', { name: 'Use as executor' }).click();
    await expect(page.getByRole('combobox', { name: 'Executor' })).toHaveValue('remote');

    await runProgram(page);
    await expect(page.getByTestId('result')).toContainText('Succeeded');
    await expect(page.getByTestId('result-value')).toContainText('"hello"');
    await expect(page.getByTestId('transcript-row').filter({ hasText: 'run_started' })).toContainText(
      `remote:${url}`,
    );
  } finally {
    runner.kill('SIGTERM');
  }
});
