import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Served {
  url: string;
  child: ChildProcess;
  configDir: string;
}

/** `execbox serve` on a free loopback port with a fresh config folder (so the demo workspace opens). */
async function serve(): Promise<Served> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'execbox-e2e-debug-'));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bin/execbox.js'), 'serve', '--port', '0', '--config-dir', configDir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`execbox serve exited (${code}): ${stderr}`)));
  });
  return { url, child, configDir };
}

let served: Served;

test.beforeEach(async () => {
  served = await serve();
});

test.afterEach(async () => {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
  await rm(served.configDir, { recursive: true, force: true });
});

async function open(page: Page) {
  await page.goto(served.url);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
}

async function addBreakpoint(page: Page, provider: string, tool: string) {
  await page.getByRole('tab', { name: 'Breakpoints' }).click();
  await page.getByLabel('Breakpoint provider').selectOption(provider);
  await page.getByLabel('Breakpoint tool').selectOption(tool);
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await expect(page.getByTestId('breakpoint')).toHaveCount(1);
}

async function runAndWait(page: Page) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('tab', { name: 'Result' }).click();
  await expect(page.getByTestId('result')).toBeVisible();
}

test('a breakpoint holds the call, the user edits the real result, and the run returns it', async ({
  page,
}) => {
  await open(page);
  await addBreakpoint(page, 'github', 'search_issues');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('github.search_issues');
  await expect(paused).toContainText('held before the provider is called');
  await paused.getByLabel('hold the real result for editing').check();
  await paused.getByRole('button', { name: 'Send input' }).click();
  await expect(paused).toContainText('held with the provider’s answer');

  const edited = {
    total_count: 1,
    items: [{ number: 7, title: 'edited by hand', state: 'open', labels: [] }],
  };
  await paused.getByTestId('paused-json').fill(JSON.stringify(edited));
  await paused.getByRole('button', { name: 'Send edited result' }).click();

  await page.getByRole('tab', { name: 'Result' }).click();
  await expect(page.getByTestId('result-value')).toContainText('#7 edited by hand');
});

test('a run is saved into the workspace and opened again to step through', async ({ page }) => {
  await open(page);
  await runAndWait(page);
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByLabel('Transcript name').fill('e2e saved run');
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  const saved = page.getByTestId('saved-transcript').filter({ hasText: 'e2e saved run' });
  await expect(saved).toHaveCount(1);

  await page.reload();
  await page.getByRole('tab', { name: 'Saved' }).click();
  await saved.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('opened-transcript')).toContainText('e2e saved run');
  const position = page.getByTestId('step-position');
  await expect(position).toContainText('step 0 of');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(position).toContainText('step 1 of');
  await page.getByRole('button', { name: 'Last step' }).click();
  await expect(position).toContainText('finished');
  await expect(page.locator('.step-panel')).toContainText('found 1');
});

test('two runs are compared side by side with the first difference highlighted', async ({ page }) => {
  await open(page);
  await runAndWait(page);

  await addBreakpoint(page, 'github', 'search_issues');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('github.search_issues');
  await paused.getByText('Answer by hand instead').click();
  await paused.getByTestId('hand-json').fill('{"total_count": 0, "items": []}');
  await paused.getByRole('button', { name: 'Answer by hand', exact: true }).click();
  await page.getByRole('tab', { name: 'Result' }).click();
  await expect(page.getByTestId('result-value')).toBeVisible();

  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByTestId('first-difference')).toContainText(
    'First difference: tool_call github.search_issues',
  );
  await expect(page.getByTestId('diff-editor').locator('.monaco-diff-editor')).toBeVisible();
  await expect(page.locator('.diff-rows tr.first-difference')).toHaveCount(1);
  // The diff's text follows the presenter zoom as the program editor's does.
  const diffFont = () =>
    page
      .getByTestId('diff-editor')
      .locator('.view-lines')
      .first()
      .evaluate((el) => parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize));
  expect(await diffFont()).toBe(13);
  // Presenting changes the layout, not the tab a person was looking at.
  const diffTab = page.getByRole('tab', { name: 'Diff' });
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(diffTab).toHaveAttribute('aria-selected', 'true');
  await expect.poll(diffFont).toBe(17);
  await page.keyboard.press('ControlOrMeta+Equal');
  await expect.poll(diffFont).toBe(18);
  await page.getByRole('button', { name: 'Stop presenting' }).click();
  await expect(diffTab).toHaveAttribute('aria-selected', 'true');
  await expect.poll(diffFont).toBe(13);
  // Leaving the Diff tab once blanked the page at the next editor widget (a dangling Monaco service).
  await page.getByRole('tab', { name: 'Result', exact: true }).click();
  await page.getByTestId('program-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\ngithub.');
  await expect(page.locator('.suggest-widget')).toContainText('search_issues');
  await page.keyboard.press('Escape');
  await diffTab.click();
  await page.getByRole('tab', { name: 'code' }).click();
  await expect(page.getByTestId('first-difference')).toContainText('First difference');
});

test('the timeline draws a 1,000-call run and shows details on hover', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: 'Snippets' }).click();
  await page.getByRole('button', { name: '+ New' }).click();
  await page.getByLabel('New snippet name').fill('thousand calls');
  await page.getByLabel('New snippet name').press('Enter');
  // The editor shows the new snippet (its starter text) before anything is typed into it.
  await expect(page.getByRole('button', { name: 'thousand calls' })).toHaveAttribute('aria-current', 'true');
  const editor = page.locator('.monaco-editor .view-lines').first();
  await expect(editor).toContainText('The last expression is the result.');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(
    'let found = 0;\nfor (let i = 0; i < 250; i++) {\n' +
      '  const batch = await Promise.all([1, 2, 3, 4].map((n) => github.get_issue({ number: n })));\n' +
      '  found += batch.length;\n}\nreturn found;',
  );
  await runAndWait(page);
  await expect(page.getByTestId('result-value')).toContainText('1000');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline-summary')).toContainText('1,000 calls · 1 provider');
  const canvas = page.getByRole('img', { name: 'Timeline of 1000 tool calls' });
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  let tooltip = false;
  // Sweep along the first row until the pointer is over a bar.
  for (let x = box.x + 115; x < box.x + box.width && !tooltip; x += 3) {
    await page.mouse.move(x, box.y + 18 + 9);
    tooltip = await page.getByRole('tooltip').isVisible();
  }
  await expect(page.getByRole('tooltip')).toContainText('github.get_issue');
});
