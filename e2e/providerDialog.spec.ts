import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const WEATHER_EXAMPLE = fileURLToPath(new URL('../examples/weather-tools.mjs', import.meta.url));

function processState(pid: number): 'running' | 'stopped' {
  try {
    process.kill(pid, 0);
    return 'running';
  } catch {
    return 'stopped';
  }
}

test('the module form explains the export shape, names a wrong one, and the example file works', async ({
  page,
  playground: _,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-module-form-'));
  const wrong = join(dir, 'wrong.mjs');
  await writeFile(wrong, "export const tools = [{ name: 'get', handler: () => 1 }];\n");

  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByRole('radio', { name: /Module/ }).check();
  await dialog.getByLabel('Name (the namespace in your program)').fill('weather');
  await dialog.getByText('What the file must export, with an example').click();
  await expect(dialog.getByText('examples/weather-tools.mjs')).toBeVisible();
  await expect(dialog.locator('.module-provider-example')).toContainText('async execute(input, context)');

  await dialog.getByRole('textbox', { name: /^Module file/ }).fill(wrong);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `${wrong}: tools[0] ('get') has an unknown field 'handler' (name the function execute)`,
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'module-provider-form.png') });

  await dialog.getByRole('textbox', { name: /^Module file/ }).fill(WEATHER_EXAMPLE);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Connected: 2 tools.');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('provider').filter({ hasText: 'weather' })).toContainText('ready');

  await page.getByRole('tab', { name: 'Snippets' }).click();
  await setProgram(page, "const today = await weather.get_forecast({ city: 'Oslo' });\ntoday.sky");
  await runProgram(page);
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  await expect(page.getByTestId('result')).toContainText('snow');
});

test('an error while a dialog is open shows inside the dialog, where it can be read and dismissed', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByRole('radio', { name: /Module/ }).check();
  await dialog.getByLabel('Name (the namespace in your program)').fill('demo');
  await dialog.getByRole('textbox', { name: /^Module file/ }).fill(WEATHER_EXAMPLE);
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: "a provider named 'demo' exists already" });
  await expect(refusal).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'dialog-error-on-top.png') });
  // A modal dialog makes everything behind it inert: this click works only because the notice is inside.
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.notice')).toHaveCount(0);
});

test('closing the provider dialog stops a connection test and the server process it started', async ({
  page,
  playground: _,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-silent-'));
  const pidFile = join(dir, 'pid');
  const silent = join(dir, 'silent.mjs');
  // Never answers `initialize`, and stays up after its stdin closes: only a signal stops it.
  await writeFile(
    silent,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nprocess.stdin.resume();\nsetInterval(() => undefined, 60_000);\n`,
  );

  await page.getByRole('tab', { name: 'Providers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  const openSilentProvider = async () => {
    await page.getByRole('button', { name: '+ Add provider' }).click();
    await dialog.getByRole('radio', { name: /MCP server/ }).check();
    await dialog.getByLabel('Name (the namespace in your program)').fill('silent');
    await dialog.getByRole('textbox', { name: /^Command/ }).fill(process.execPath);
    await dialog.getByLabel('Arguments (one per line)').fill(silent);
    // Far beyond this test's own limits: only stopping the test can end the attempt in time.
    await dialog.getByLabel('Request timeout (ms, optional)').fill('600000');
  };
  await openSilentProvider();
  const startTest = async (): Promise<number> => {
    await rm(pidFile, { force: true });
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByRole('button', { name: 'Stop test' })).toBeVisible();
    let pid = 0;
    await expect
      .poll(async () => (pid = Number(await readFile(pidFile, 'utf8').catch(() => '0'))), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(processState(pid)).toBe('running');
    return pid;
  };

  // "Stop test" stops it and says so.
  const first = await startTest();
  await page.screenshot({ path: join(SCREENSHOTS, 'provider-test-running.png') });
  await dialog.getByRole('button', { name: 'Stop test' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Stopped before it finished.');
  await expect.poll(() => processState(first), { timeout: 30_000 }).toBe('stopped');

  // Closing the dialog (Escape) stops a test in flight too.
  const second = await startTest();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => processState(second), { timeout: 30_000 }).toBe('stopped');

  // So does reloading the page while the dialog tests.
  await openSilentProvider();
  const third = await startTest();
  await page.reload();
  await expect.poll(() => processState(third), { timeout: 30_000 }).toBe('stopped');
});
