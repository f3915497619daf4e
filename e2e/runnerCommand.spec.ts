import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, runProgram, SCREENSHOTS, setProgram, test, TEST_WORKSPACE } from './playgroundFixture';

/** The built runner, started as any runner command is: `node out/main/runner.cjs --stdio`. */
const RUNNER_ENTRY = fileURLToPath(new URL('../out/main/runner.cjs', import.meta.url));
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
const COMMAND_LINE = `${quote(process.execPath)} ${quote(RUNNER_ENTRY)} --stdio`;

test('the Executors & runners pane makes a runner command the executor, and runs go to it', async ({
  page,
  playground,
}) => {
  await page.getByRole('tab', { name: 'Executors & runners' }).click();
  const line = page.getByLabel('Runner command line');
  await line.fill('python3 runner.py | tee log');
  await expect(page.getByRole('alert').filter({ hasText: "'|' needs a shell" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use runner command' })).toBeDisabled();

  await line.fill(COMMAND_LINE);
  await page.getByLabel('Runner mode').selectOption('ephemeral');
  await page.getByRole('button', { name: 'Use runner command' }).click();
  await expect(page.getByTestId('runner-command-current')).toContainText(
    `${process.execPath} ${RUNNER_ENTRY} --stdio in the workspace's folder, fresh each run`,
  );
  await expect(page.getByRole('combobox', { name: 'Executor' })).toHaveValue('command');
  await page.screenshot({ path: join(SCREENSHOTS, 'runner-command-pane.png') });
  const saved = JSON.parse(await readFile(playground.workspaceFile, 'utf8')) as {
    runtime: { executor: unknown };
  };
  expect(saved.runtime.executor).toEqual({
    kind: 'command',
    command: process.execPath,
    args: [RUNNER_ENTRY, '--stdio'],
    mode: 'ephemeral',
  });

  await setProgram(page, "const r = await demo.echo({ text: 'hi' });\nr.greeting + '!'");
  await runProgram(page);
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  await expect(page.getByTestId('result')).toContainText('hello!');
});

test.describe('a workspace someone else wrote that names a runner command', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      runtime: {
        limits: { timeoutMs: 60_000 },
        executor: {
          kind: 'command',
          command: process.execPath,
          args: [RUNNER_ENTRY, '--stdio'],
          mode: 'pooled',
        },
      },
    },
  });

  test('asks before starting it; a run before the answer says why it did not run', async ({
    page,
    playground: _,
  }) => {
    const banner = page.getByRole('alert').filter({ hasText: 'runs guest code on the runner command' });
    await expect(banner).toContainText(`${RUNNER_ENTRY} --stdio`);
    await page.screenshot({ path: join(SCREENSHOTS, 'runner-command-trust.png') });
    await runProgram(page);
    await expect(page.getByTestId('result')).toContainText('waits for your answer');

    await banner.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(banner).toBeHidden();
    await runProgram(page);
    await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
    await expect(page.getByTestId('result')).toContainText('hello');
  });
});
