import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  LEAKY_PROVIDER,
  runProgram,
  SCREENSHOTS,
  startServe,
  stop,
  storeSecret,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

const TOKEN = 'e2e-bundle-Token-8812';

async function workspaceDialog(page: Page) {
  await page.locator('.app-header .workspace-name').click();
  return page.getByRole('dialog', { name: 'Workspace' });
}

async function saveTranscript(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByLabel('Transcript name').fill(name);
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  await expect(page.getByTestId('saved-transcript').filter({ hasText: name })).toBeVisible();
}

async function openSavedTranscript(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Saved' }).click();
  const row = page.getByTestId('saved-transcript').filter({ hasText: name });
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('opened-transcript')).toContainText(new RegExp(`${name}.*, \\d+ entries`));
}

// Issue 13.1: a copy keeps the open workspace, and opens later with its transcripts.
test('"Save a copy" keeps the open workspace, and the copy opens with its saved transcripts', async ({
  page,
  playground,
}) => {
  await runProgram(page);
  await saveTranscript(page, 'baseline');
  const folder = join(dirname(playground.workspaceFile), 'elsewhere');
  await mkdir(folder);
  const copy = join(folder, 'copy.execbox.json');

  let dialog = await workspaceDialog(page);
  await dialog.getByLabel('Save a copy (this workspace stays open)').fill(copy);
  await dialog.getByRole('button', { name: 'Save a copy', exact: true }).click();
  await expect(
    page.getByText(/Saved a copy at .*copy\.execbox\.json, with its saved transcripts/),
  ).toBeVisible();
  await expect(page.getByTestId('file-state')).toHaveText('test.execbox.json · saved');
  const copied = JSON.parse(await readFile(copy, 'utf8')) as { transcripts: { file: string }[] };
  expect(copied.transcripts).toHaveLength(1);
  // The copy's transcript lives beside the copy, so the copy travels on its own.
  await expect(readFile(join(folder, copied.transcripts[0]!.file), 'utf8')).resolves.toContain('tool_call');

  dialog = await workspaceDialog(page);
  await dialog.getByLabel('Open a workspace file').fill(copy);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('file-state')).toHaveText('copy.execbox.json · saved');
  await openSavedTranscript(page, 'baseline');
  await page.screenshot({ path: join(SCREENSHOTS, 'copies-copy-opened.png') });
});

test.describe('bundles', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      name: 'Shared tools',
      providers: [...TEST_WORKSPACE.providers, LEAKY_PROVIDER],
      snippets: [{ id: 's', name: 'Echo', code: 'const env = await leaky.env({});\nenv' }],
      activeSnippetId: 's',
    },
  });

  // Issue 13.1: an export bundle opens in a second config folder: trust is asked, missing secrets are named.
  test('an exported bundle round-trips to a second config folder without the secret value', async ({
    page,
    playground,
  }) => {
    await storeSecret(page, 'LEAKY_TOKEN', TOKEN);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(page.getByTestId('provider').filter({ hasText: 'leaky' })).toContainText('ready', {
      timeout: 30_000,
    });
    await runProgram(page);
    await expect(page.getByTestId('result')).toContainText('Succeeded');
    await saveTranscript(page, 'leaky run');

    const bundle = join(dirname(playground.workspaceFile), 'shared.execbox-bundle.json');
    const dialog = await workspaceDialog(page);
    await dialog.getByLabel(/Export a bundle/).fill(bundle);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(
      page.getByText(/Exported .*shared\.execbox-bundle\.json\. Whoever opens it must set: LEAKY_TOKEN/),
    ).toBeVisible();
    const bundleText = await readFile(bundle, 'utf8');
    expect(bundleText).toContain('LEAKY_TOKEN');
    expect(bundleText).not.toContain(TOKEN);

    // A colleague: another config folder (no secrets, nothing trusted), another host, another page.
    const colleague = await mkdtemp(join(tmpdir(), 'execbox-e2e-colleague-'));
    const start = join(colleague, 'start.execbox.json');
    await writeFile(start, JSON.stringify(TEST_WORKSPACE));
    const host = await startServe(join(colleague, 'config'), start);
    const other = await page.context().newPage();
    try {
      await other.goto(host.url);
      const theirs = join(colleague, 'from-bundle.execbox.json');
      const open = await workspaceDialog(other);
      await open.getByLabel('Open a bundle').fill(bundle);
      await open.getByLabel('as the workspace file').fill(theirs);
      await open.getByRole('button', { name: 'Open bundle' }).click();
      await expect(
        other.getByText(
          /Opened the bundle as .*from-bundle\.execbox\.json\. Set these secrets \(Providers, Secrets\): LEAKY_TOKEN/,
        ),
      ).toBeVisible();
      await expect(other.getByTestId('file-state')).toHaveText('from-bundle.execbox.json · saved');
      await expect(
        other.getByRole('alert').filter({ hasText: 'Provider leaky wants to run the command' }),
      ).toBeVisible();
      await other.screenshot({ path: join(SCREENSHOTS, 'copies-bundle-opened.png') });
      await openSavedTranscript(other, 'leaky run');
      await expect(other.locator('body')).not.toContainText(TOKEN);
    } finally {
      await other.close();
      await stop(host.child);
      await rm(colleague, { recursive: true, force: true });
    }
  });
});
