import { join } from 'node:path';
import { expect, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test('a new snippet name is asked for without scolding before anything is typed', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('button', { name: /New/ }).click();
  const name = page.getByRole('textbox', { name: 'New snippet name' });
  await expect(name).toBeFocused();
  await expect(page.getByText('a name is needed')).toHaveCount(0);
  await name.fill('');
  await name.press('Enter');
  await expect(page.getByText('a name is needed')).toBeVisible();
  await name.fill('Mine');
  await expect(page.getByText('a name is needed')).toHaveCount(0);
  await name.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toContainText('Mine');
});

test('icons come from the codicon font, not emoji', async ({ page, playground: _ }) => {
  await page.getByRole('button', { name: 'First steps', exact: true }).hover();
  const remove = page.getByRole('button', { name: 'Delete First steps' });
  await expect(remove.locator('.icon')).toHaveCount(1);
  expect(await remove.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  const family = await remove
    .locator('.icon')
    .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontFamily);
  expect(family).toContain('codicon');
  await expect.poll(() => page.evaluate("document.fonts.check('16px codicon')")).toBe(true);
  await page.screenshot({ path: join(SCREENSHOTS, 'papercuts-start.png') });
  await page
    .getByRole('navigation', { name: 'Snippets' })
    .screenshot({ path: join(SCREENSHOTS, 'snippet-icons.png') });
});

test('Ctrl+Enter runs and closes the suggestion widget, so the result can be clicked', async ({
  page,
  playground: _,
}) => {
  await setProgram(page, "const r = await demo.echo({ text: 'hi' });\nr.");
  const suggest = page.locator('.suggest-widget.visible');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('run-state')).toHaveText(
    /Succeeded|Failed|Cancelled|Timed out|Ran out of memory/,
    { timeout: 30_000 },
  );
  await expect(suggest).toHaveCount(0);
});

test('a mock result that breaks its output schema is shown in the form, not at run time', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page
    .getByTestId('provider')
    .filter({ hasText: 'demo' })
    .getByRole('button', { name: 'edit' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const result = dialog.getByLabel('Result JSON').first();
  await result.fill('{ "greeting": 42 }');
  await expect(dialog.getByText(/the fixed result does not match the output schema/)).toBeVisible();
  await expect(dialog.getByText('result/greeting must be string')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Save/ })).toBeDisabled();
  await result.fill('{ "greeting": "hi" }');
  await expect(dialog.getByText(/does not match the output schema/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Save/ })).toBeEnabled();
});

test('counts read as words: one tool, two tools', async ({ page, playground: _ }) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  const demo = page.getByTestId('provider').filter({ hasText: 'demo' });
  await expect(demo).toContainText('2 tools');
  await demo.getByRole('button', { name: 'edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'remove' }).last().click();
  await dialog.getByRole('button', { name: /Test/ }).click();
  await expect(dialog.getByText('Connected: 1 tool.')).toBeVisible();
});
