import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const saveState = (page: Page) => page.getByRole('status', { name: 'Problems' }).locator('.save-state');

test('workspaces you can find: new empty, rename, colour, the recent list', async ({ page, playground }) => {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /E2E workspace/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Workspace' });
  // Browser mode has no native picker: the path fields stay, without a Browse button.
  await expect(dialog.getByRole('button', { name: 'Browse…' })).toHaveCount(0);
  const scratch = join(dirname(playground.workspaceFile), 'scratch.execbox.json');
  await dialog.getByLabel('New empty workspace at').fill(scratch);
  await dialog.getByRole('button', { name: 'Create empty' }).click();
  await expect(header.getByRole('button', { name: /scratch/ })).toBeVisible();

  await header.getByRole('button', { name: /scratch/ }).click();
  dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Name', { exact: true }).fill('Scratch pad');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await dialog.getByLabel('Colour').fill('#e05a2b');
  const recent = dialog.getByTestId('recent-workspace');
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText('Scratch pad');
  await expect(recent.nth(1)).toContainText('E2E workspace');
  await expect(header.locator('.workspace-swatch')).toHaveCSS('background-color', 'rgb(224, 90, 43)');
  await page.screenshot({ path: join(SCREENSHOTS, 'workspace-recent.png') });
  expect(JSON.parse(await readFile(scratch, 'utf8'))).toMatchObject({
    name: 'Scratch pad',
    color: '#e05a2b',
  });

  await recent.nth(1).getByRole('button', { name: 'E2E workspace' }).click();
  await expect(header.getByRole('button', { name: /E2E workspace/ })).toBeVisible();
});

test('snippet history: versions diffed against the current text, restored; a deleted snippet comes back', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, 'return "second"');
  await expect(saveState(page)).toHaveText('Saved');
  await setProgram(page, 'return "third"');
  await expect(saveState(page)).toHaveText('Saved');

  const list = page.getByRole('navigation', { name: 'Snippets' });
  await list.getByRole('button', { name: 'First steps', exact: true }).hover();
  await list.getByRole('button', { name: 'History of First steps' }).click();
  const dialog = page.getByRole('dialog', { name: 'History of First steps' });
  const versions = dialog.getByTestId('snippet-version');
  // Newest first, down to the demo's own code from before the first edit. How many saves lie
  // between depends on when the typing paused, so the "second" version is found by its length.
  await expect(versions.first()).toContainText('latest save');
  await expect(versions.last()).toContainText('as it was before the first edit');
  await versions
    .filter({ hasText: /\b15 characters/ })
    .last()
    .getByRole('button')
    .click();
  await expect(dialog.getByTestId('diff-editor')).toContainText('second');
  await expect(dialog.getByTestId('diff-editor')).toContainText('third');
  await page.screenshot({ path: join(SCREENSHOTS, 'snippet-history.png') });
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByTestId('program-editor')).toContainText('return "second"');

  await list.getByRole('button', { name: 'First steps', exact: true }).hover();
  await list.getByRole('button', { name: 'Delete First steps' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(list.getByRole('button', { name: 'First steps', exact: true })).toHaveCount(0);
  await page.getByText('Deleted (1)').click();
  await page.getByRole('list', { name: 'Deleted snippets' }).getByRole('button', { name: 'restore' }).click();
  await expect(list.getByRole('button', { name: 'First steps', exact: true })).toBeVisible();
  await expect(page.getByTestId('program-editor')).toContainText('return "second"');
});
