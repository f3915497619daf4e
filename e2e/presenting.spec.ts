import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, test } from './playgroundFixture';

test.use({ viewport: { width: 1024, height: 700 } });

test('at 1024×700 the theme switch and presenter mode keep Run, the editor and the transcript in view', async ({
  page,
  playground: _,
}) => {
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const editor = page.getByTestId('program-editor');
  const html = page.locator('html');
  const inView = async () => {
    await expect(run).toBeInViewport();
    await expect(editor).toBeInViewport();
    await expect(page.getByTestId('transcript-row').first()).toBeInViewport();
  };
  await runProgram(page);
  await inView();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-normal.png') });

  const theme = page.getByRole('combobox', { name: 'Theme' });
  await theme.selectOption('dark');
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await expect(editor.locator('.monaco-editor.vs-dark')).toBeVisible();
  await theme.selectOption('light');
  await expect(html).toHaveAttribute('data-scheme', 'light');
  await expect(editor.locator('.monaco-editor.vs-dark')).toHaveCount(0);
  await theme.selectOption('dark');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await runProgram(page);
  await inView();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-dark.png') });

  const fontSize = () =>
    editor.locator('.view-lines').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const normalSize = await fontSize();
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(html).toHaveClass(/presenting/);
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toHaveCount(0);
  await expect.poll(fontSize).toBeGreaterThan(normalSize);
  await inView();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-presenter.png') });

  await page.keyboard.press('ControlOrMeta+Alt+KeyP');
  await expect(html).not.toHaveClass(/presenting/);
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
  await expect.poll(fontSize).toBe(normalSize);
});
