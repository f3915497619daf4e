import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const PROTOCOL_TYPES = ['execute', 'started', 'tool_call', 'tool_result', 'done', 'cancel'];

test('a wrong tool argument shows a type error in the editor', async ({ page, playground: _ }) => {
  await setProgram(page, 'await demo.echo({ text: 42 });');
  const problems = page.getByRole('status', { name: 'Problems' });
  await expect(problems).toContainText("Type 'number' is not assignable to type 'string'", {
    timeout: 30_000,
  });
  await expect(page.getByTestId('program-editor').locator('.squiggly-error').first()).toBeVisible();

  await setProgram(page, "await demo.echo({ text: 'fine' });");
  await expect(problems).toContainText('No problems', { timeout: 30_000 });
});

test('a run shows its transcript in protocol order, and its result', async ({ page, playground: _ }) => {
  await runProgram(page);
  await expect(page.getByTestId('result')).toContainText('Succeeded');
  await expect(page.getByTestId('result-value')).toContainText('"hello"');

  const rows = page.getByTestId('transcript-row');
  await expect(rows.filter({ hasText: 'run_finished' })).toHaveCount(1);
  const types = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-type')));
  expect(types.filter((t) => PROTOCOL_TYPES.includes(t!))).toEqual([
    'execute',
    'started',
    'tool_call',
    'tool_result',
    'done',
  ]);
  expect(types[0]).toBe('run_started');
  expect(types.at(-1)).toBe('run_finished');
  await expect(rows.filter({ hasText: 'tool_call' })).toContainText('demo.echo');

  await rows.filter({ hasText: 'tool_result' }).click();
  await expect(page.getByLabel('Selected entry')).toContainText('greeting');

  await page.getByRole('checkbox', { name: 'host event' }).uncheck();
  await expect(rows).toHaveCount(5);

  await page.screenshot({ path: join(SCREENSHOTS, 'run-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, 'run-dark.png') });
});

test('cancelling a hanging run says Cancelled, never a timeout', async ({ page, playground: _ }) => {
  await setProgram(page, 'let n = 0;\nfor (;;) { n++; }');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-state')).toContainText('Running');
  await expect(page.getByTestId('transcript-row').filter({ hasText: 'started' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('run-outcome')).toContainText(/Cancelled after/, { timeout: 30_000 });
  await expect(page.getByTestId('run-state')).toContainText(/Cancelled after/);
  await expect(page.getByTestId('result')).not.toContainText(/timed out/i);
  await expect(page.getByTestId('transcript-row').filter({ hasText: 'cancel' }).first()).toBeVisible();
});

test('a tool error is shown in words', async ({ page, playground: _ }) => {
  await setProgram(page, 'await demo.fail({});');
  await runProgram(page);
  await expect(page.getByTestId('error-code')).toHaveText('tool_error');
  await expect(page.getByTestId('result')).toContainText(
    'A tool failed while answering, and the program did not catch the error.',
  );
  await expect(page.getByTestId('error-message')).toContainText('the weather service is down');
  await page.screenshot({ path: join(SCREENSHOTS, 'tool-error-light.png') });
});

test('a mock provider added in the form can be called from the editor', async ({ page, playground: _ }) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByLabel('Name (the namespace in your program)').fill('2weather');
  await dialog.getByLabel('Tool name').fill('forecast');
  await expect(dialog.getByText('the name must be a JavaScript identifier')).toBeVisible();
  await dialog.getByLabel('Name (the namespace in your program)').fill('weather');
  await dialog.getByLabel('Result JSON').fill('{ "tempC": 21, "sky": "clear" ');
  await expect(dialog.getByText('not valid JSON')).toBeVisible();
  await dialog.getByLabel('Result JSON').fill('{ "tempC": 21, "sky": "clear" }');
  await page.screenshot({ path: join(SCREENSHOTS, 'provider-form-light.png') });
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  const provider = page.getByTestId('provider').filter({ hasText: 'weather' });
  await expect(provider).toContainText('ready');
  await provider.getByRole('button', { name: 'typings' }).click();
  await expect(provider.locator('.typings')).toContainText('forecast');
  await page.screenshot({ path: join(SCREENSHOTS, 'providers-light.png') });

  await page.getByRole('tab', { name: 'Snippets' }).click();
  await setProgram(page, 'const w = await weather.forecast({});\nw.tempC');
  await expect(page.getByRole('status', { name: 'Problems' })).toContainText('No problems', {
    timeout: 30_000,
  });
  await runProgram(page);
  await expect(page.getByTestId('result-value')).toHaveText('21');
});

test('after a reload the workspace is as it was', async ({ page, playground: _ }) => {
  await page.getByRole('button', { name: '+ New' }).click();
  await page.getByLabel('New snippet name').fill('Kept across reloads');
  await page.keyboard.press('Enter');
  const snippet = page.getByRole('button', { name: 'Kept across reloads' });
  await expect(snippet).toHaveAttribute('aria-current', 'true');
  await setProgram(page, '// remember me\n40 + 2');
  await expect(page.getByRole('status', { name: 'Problems' })).toContainText('Saved');
  await page.getByLabel('Timeout').fill('1234');
  await page.getByLabel('Timeout').press('Enter');
  await runProgram(page);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Kept across reloads' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByTestId('program-editor')).toContainText('remember me');
  await expect(page.getByLabel('Timeout')).toHaveValue('1234');
  await expect(page.getByTestId('result-value')).toHaveText('42');
});

test('the first screen explains what to do, and the shortcuts are one key away', async ({
  page,
  playground: _,
}) => {
  await expect(page.getByTestId('welcome')).toContainText('Welcome to Execbox Playground');
  await page.screenshot({ path: join(SCREENSHOTS, 'welcome-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, 'welcome-dark.png') });
  await page.getByTestId('welcome').click();
  await page.keyboard.press('F1');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText(
    'Run the open snippet',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
});

test('a run with 10,000 transcript entries stays virtualized and responsive', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, "for (let i = 0; i < 2500; i++) await demo.echo({ text: 'x' });\n'done'");
  await runProgram(page);
  await expect(page.getByTestId('result-value')).toHaveText('"done"');
  // 2,500 calls × (tool_call, tool_result, dispatch started and finished) + execute, started, done, run start, host deadline and end.
  await expect(page.getByTestId('transcript-count')).toHaveText('10,006 entries');
  const rendered = await page.getByTestId('transcript-row').count();
  expect(rendered).toBeLessThan(200);
  await page
    .getByRole('grid', { name: 'Transcript' })
    .evaluate((grid) => (grid.scrollTop = grid.scrollHeight / 2));
  await expect(page.getByTestId('transcript-row').filter({ hasText: 'tool_call' }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'host event' }).uncheck();
  await expect(page.getByTestId('transcript-count')).toHaveText('5,003 of 10,006 entries');
});

test('the workspace can be saved as a copy and the copy is a real workspace file', async ({
  page,
  playground,
}) => {
  const copy = join(dirname(playground.workspaceFile), 'copy.execbox.json');
  await page.getByRole('button', { name: /E2E workspace/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  const copyPath = dialog.getByLabel('Save a copy (this workspace stays open)');
  await copyPath.fill(join(dirname(playground.workspaceFile), 'copy.json'));
  await expect(dialog.getByText('the file name ends with .execbox.json')).toBeVisible();
  await copyPath.fill(copy);
  await dialog.getByRole('button', { name: 'Save a copy', exact: true }).click();
  await expect(page.getByText(/Saved a copy at/).first()).toBeVisible();
  const saved = JSON.parse(await readFile(copy, 'utf8')) as { snippets: { name: string }[] };
  expect(saved.snippets.map((s) => s.name)).toContain('First steps');
});
