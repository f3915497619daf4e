import { expect, type Page } from '@playwright/test';

/**
 * Answers the trust question of each provider that starts a process (remembered for the file). An
 * answered question leaves the banner at once, so the next click cannot land on it a second time.
 */
export async function allowEachProvider(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const question = page.locator('.trust-request').first();
    const provider = await question.locator('strong').textContent();
    await question.getByRole('button', { name: 'Allow', exact: true }).click();
    const same = page
      .locator('.trust-request')
      .filter({ has: page.locator('strong', { hasText: new RegExp(`^${provider!}$`) }) });
    expect(await same.count()).toBe(0);
  }
}

/** Opens a workspace file through the workspace menu, as a person would. */
export async function openWorkspace(page: Page, file: string): Promise<void> {
  await page.locator('.app-header .workspace-name').click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(file);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('file-state')).toContainText(file.split('/').at(-1)!);
}

/** Adds a stdio MCP provider through the Add provider form. */
export async function addMcpProvider(
  page: Page,
  name: string,
  command: string,
  args: string[],
): Promise<void> {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByRole('radio', { name: /MCP server/ }).check();
  await dialog.getByLabel('Name (the namespace in your program)').fill(name);
  await dialog.getByRole('textbox', { name: /^Command/ }).fill(command);
  await dialog.getByLabel('Arguments (one per line)').fill(args.join('\n'));
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
}

/** Removes a provider through its row's remove link and the confirmation. */
export async function removeProvider(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Providers' }).click();
  const row = page
    .getByTestId('provider')
    .filter({ has: page.locator('.provider-name', { hasText: new RegExp(`^${name}$`) }) });
  await row.getByRole('button', { name: 'remove' }).click();
  await row.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
}

/** The provider's row in the Providers tab. */
export function providerRow(page: Page, name: string) {
  return page
    .getByTestId('provider')
    .filter({ has: page.locator('.provider-name', { hasText: new RegExp(`^${name}$`) }) });
}

/** A workspace of one mock provider, `other` (its tool `ping` answers 1), and one snippet of `code`. */
export function onlyMocksWorkspace(code: string) {
  return {
    formatVersion: 1,
    name: 'Only mocks',
    providers: [
      { id: 'm', name: 'other', kind: 'mock', tools: { ping: { response: { mode: 'fixed', result: 1 } } } },
    ],
    snippets: [{ id: 't', name: 'Mock', code }],
    activeSnippetId: 't',
  };
}
