import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const WHERE_SERVER = fileURLToPath(new URL('../test/fixtures/mcp/whereServer.mjs', import.meta.url));

// Issue 13.5: the MCP stdio form's working directory is shown and honoured.
test('an MCP stdio server added in the form starts in the working directory set there', async ({
  page,
  playground,
}) => {
  const workspaceFolder = dirname(playground.workspaceFile);
  // The launcher exists only in servers/, and is named relative to it: the server starts only if the cwd is honoured.
  await mkdir(join(workspaceFolder, 'servers'));
  await writeFile(
    join(workspaceFolder, 'servers', 'launch.mjs'),
    `await import(${JSON.stringify(pathToFileURL(WHERE_SERVER).href)});\n`,
  );

  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByText('MCP server', { exact: true }).click();
  await dialog.getByLabel('Name (the namespace in your program)').fill('here');
  await dialog.getByRole('textbox', { name: /^Command/ }).fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill('./launch.mjs');
  const cwd = dialog.getByRole('textbox', { name: /^Working directory/ });
  await expect(cwd).toHaveAttribute('placeholder', workspaceFolder);
  await expect(dialog).toContainText(`Blank means the workspace file's folder (${workspaceFolder})`);
  await cwd.fill('servers');
  await page.screenshot({ path: join(SCREENSHOTS, 'forms-stdio-cwd.png') });
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  // Added by the person at the keyboard, so it starts without a trust prompt; it starts at all only from servers/.
  await expect(page.getByTestId('provider').filter({ hasText: 'here' })).toContainText('ready', {
    timeout: 30_000,
  });

  await page.getByRole('tab', { name: 'Snippets' }).click();
  await setProgram(page, 'const w = await here.where({});\nw');
  await runProgram(page);
  await expect(page.getByTestId('result')).toContainText('Succeeded');
  await expect(page.getByTestId('result-value')).toContainText(join(workspaceFolder, 'servers'));
});

// Issue 13.5: errors read as sentences, keep their line breaks, name the file and place, never a method name.
test('errors name the file and the place, keep their lines, and never show an internal method name', async ({
  page,
  playground,
}) => {
  const broken = join(dirname(playground.workspaceFile), 'broken.execbox.json');
  await writeFile(
    broken,
    JSON.stringify(
      { formatVersion: 1, name: 'Broken', providers: [{ id: 'p', kind: 'mock' }], snippets: [] },
      null,
      2,
    ),
  );
  await page.getByRole('button', { name: /E2E workspace/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(broken);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  // The failure shows in the dialog, where it can be read and the path corrected.
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(`Open failed: ${broken} is not a valid workspace`);
  await expect(alert).toContainText(/broken\.execbox\.json:\d+:\d+: \$\.providers\[0\]/);
  const text = await alert.innerText();
  expect(text.split('\n').length).toBeGreaterThan(2);
  expect(text).not.toMatch(/workspace\.open|\b[a-z]+\.[a-z]+[A-Z]\w*:/);
  await page.screenshot({ path: join(SCREENSHOTS, 'forms-error-lines.png') });
  // The open workspace is still the one open.
  await expect(page.getByTestId('file-state')).toHaveText('test.execbox.json · saved');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const missing = join(dirname(playground.workspaceFile), 'no-such-run.jsonl');
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByLabel('Transcript file path').fill(missing);
  await page.getByLabel('Transcript file path').press('Enter');
  const second = page.locator('.notice.error').last();
  await expect(second).toContainText('no-such-run.jsonl');
  expect(await second.innerText()).not.toMatch(/debug\.openTranscript|\b[a-z]+\.[a-z]+[A-Z]\w*:/);
});
