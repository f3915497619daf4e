import { expect, setProgram, test } from './playgroundFixture';

const TWO_CALLS =
  "const a = await demo.echo({ text: 'one' });\nconst b = await demo.echo({ text: 'two' });\n[a, b]";

test("DevTools' debugger keys: F9 sets a breakpoint, F10 steps, F8 resumes, Shift+F8 cancels, all in the sheet", async ({
  page,
  playground: _,
}) => {
  await setProgram(page, TWO_CALLS);
  const editor = page.getByTestId('program-editor');
  await editor.locator('.view-line').first().click();
  await page.keyboard.press('F9');
  await expect(editor.locator('.breakpoint-glyph')).toHaveCount(2);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('one', { timeout: 30_000 });
  await page.keyboard.press('F10');
  await expect(page.getByTestId('paused-call')).toContainText('two', { timeout: 30_000 });
  await page.keyboard.press('F8');
  await expect(page.getByTestId('run-state')).toContainText('Succeeded', { timeout: 30_000 });

  await editor.locator('.view-line').first().click();
  await page.keyboard.press('F9');
  await expect(editor.locator('.breakpoint-glyph')).toHaveCount(0);

  await setProgram(page, 'while (true) {}');
  // Pressed at once, while the host has not yet named the run, the cancel waits for the run and is not lost.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.keyboard.press('Shift+F8');
  await expect(page.getByTestId('run-state')).toContainText(/Cancelled/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-state')).toContainText('Running');
  await page.keyboard.press('Shift+F8');
  await expect(page.getByTestId('run-state')).toContainText(/Cancelled/, { timeout: 30_000 });

  // Mod+Shift+F finds the transcript's search from inside the editor; Mod+F stays the editor's own.
  await editor.locator('.view-line').first().click();
  await page.keyboard.press('ControlOrMeta+Shift+F');
  await expect(page.getByRole('searchbox', { name: 'Search the transcript' })).toBeFocused();

  await page.keyboard.press('F1');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const key of ['F8', 'F9', 'F10', 'Shift+F8', 'Ctrl+Shift+F']) await expect(sheet).toContainText(key);
  await expect(sheet).not.toContainText('Mod');
});
