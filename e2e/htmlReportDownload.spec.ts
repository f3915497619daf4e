import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import {
  allowAndWaitReady,
  expect,
  LEAKY_PROVIDER,
  runProgram,
  setProgram,
  storeSecret,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

const SECRET = 'e2e-report-Secret-7731';
const MASK = '«secret:LEAKY_TOKEN»';

// The leaky provider's `env` tool answers the stored secret LEAKY_TOKEN: the run's transcript holds it.
test.use({
  workspaceDocument: {
    ...TEST_WORKSPACE,
    providers: [...TEST_WORKSPACE.providers, LEAKY_PROVIDER],
    snippets: [{ id: 'leak', name: 'Leak', code: 'const env = await leaky.env({});\nenv' }],
    activeSnippetId: 'leak',
  },
});

/** Clicks an export button and takes the download it starts: its file name, link and text. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await (download as Download).path();
  return { download, text: await readFile(file, 'utf8') };
}

// Issue 28: browser mode streams the HTML report from the server as a download, never one string in the page.
test('the HTML report of a run and of a saved transcript downloads from the server, secrets masked', async ({
  page,
  playground,
}) => {
  await storeSecret(page, 'LEAKY_TOKEN', SECRET);
  await allowAndWaitReady(page, 'leaky');
  await runProgram(page);
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  const appUrl = page.url();

  await page.getByRole('tab', { name: 'Saved' }).click();
  const run = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Export run as HTML' }).click(),
  );
  expect(run.download.suggestedFilename()).toBe('run.html');
  const link = new URL(run.download.url());
  expect(link.pathname).toMatch(/^\/downloads\/[A-Za-z0-9_-]{36}$/);
  expect(link.search).toBe('');
  expect(run.download.url()).not.toContain(new URL(playground.url).hash.slice('#token='.length));
  for (const text of ['<!doctype html>', 'tool_call', 'tool_result', 'leaky', 'env', MASK])
    expect(run.text).toContain(text);
  expect(run.text).not.toContain(SECRET);
  expect(run.text.trimEnd().endsWith('</html>')).toBe(true);

  // The link was good once: fetched again, it is gone; the app page never left.
  const again = await page.request.get(run.download.url());
  expect(again.status()).toBe(404);
  expect(await again.text()).toMatch(/no such download/);
  expect(page.url()).toBe(appUrl);
  await expect(page.getByRole('button', { name: 'Export run as HTML' })).toBeEnabled();

  await page.getByLabel('Transcript name').fill('e2e report');
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  const saved = page.getByTestId('saved-transcript').filter({ hasText: 'e2e report' });
  await expect(saved).toHaveCount(1);
  const fromSaved = await downloadFrom(page, () => saved.getByRole('button', { name: 'HTML' }).click());
  expect(fromSaved.download.suggestedFilename()).toBe('e2e-report.html');
  for (const text of ['Transcript: e2e report', 'tool_call', 'leaky', MASK, 'secrets masked: LEAKY_TOKEN'])
    expect(fromSaved.text).toContain(text);
  expect(fromSaved.text).not.toContain(SECRET);
  expect(page.url()).toBe(appUrl);
});

// Issue 40: the report said "masked: 1 secret value" for a run that touched no secret (it counted the
// secrets known to the host). It names the secrets masked in this run, and none when there were none.
test('the HTML report of a run that touched no secret says nothing was masked', async ({
  page,
  playground: _,
}) => {
  test.setTimeout(120_000);
  await storeSecret(page, 'LEAKY_TOKEN', SECRET);
  await allowAndWaitReady(page, 'leaky');
  await setProgram(page, "const r = await demo.echo({ text: 'hi' });\nr");
  await runProgram(page);
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const report = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Export run as HTML' }).click(),
  );
  expect(report.text).toContain('demo');
  expect(report.text).not.toMatch(/secret value|secrets masked|LEAKY_TOKEN/);
});
