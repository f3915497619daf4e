import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, runProgram, SCREENSHOTS, test } from './playgroundFixture';

test.use({ viewport: { width: 1024, height: 700 } });

const fontSizeOf = (locator: Locator) => () =>
  locator.evaluate((el) => parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize));

test('at 1024×700 the theme switch and presenter mode keep Run, the editor and the transcript in view', async ({
  page,
  playground: _,
}) => {
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const editor = page.getByTestId('program-editor');
  const html = page.locator('html');
  // The transcript follows its tail (and keeps following when the zoom changes the rows' height).
  const lastRow = page.getByTestId('transcript-row').last();
  const inView = async () => {
    await expect(run).toBeInViewport();
    await expect(editor).toBeInViewport();
    await expect(lastRow).toBeInViewport();
  };
  await runProgram(page);
  await inView();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-normal.png') });
  // The narrow workspace pane wraps a provider's actions rather than cutting the last one off.
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(
    page.getByTestId('provider').first().getByRole('button', { name: 'remove', exact: true }),
  ).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: '+ Add provider' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-providers.png') });
  await page.getByRole('tab', { name: 'Snippets' }).click();

  // Columns that do not fit are reached by scrolling the transcript sideways, not cut off.
  const grid = page.getByRole('grid', { name: 'Transcript' });
  expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect(lastRow.locator('.col-note')).toBeInViewport();
  await grid.evaluate((el) => (el.scrollLeft = 0));

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

  const editorFont = fontSizeOf(editor.locator('.view-lines'));
  const rowFont = fontSizeOf(lastRow);
  const tabFont = fontSizeOf(page.getByRole('tab', { name: 'Transcript' }));
  const rowHeight = async () => (await lastRow.boundingBox())!.height;
  const normal = {
    editor: await editorFont(),
    row: await rowFont(),
    tab: await tabFont(),
    height: await rowHeight(),
  };
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(html).toHaveClass(/presenting/);
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toHaveCount(0);
  await expect(page.getByTestId('presenter-zoom')).toHaveText('130%');
  // Everything grows together: the editor, the transcript's type and rows, the tabs.
  await expect.poll(editorFont).toBeGreaterThan(normal.editor);
  await expect.poll(rowFont).toBeCloseTo(normal.row * 1.3, 0);
  await expect.poll(tabFont).toBeGreaterThan(normal.tab);
  await expect.poll(rowHeight).toBeGreaterThan(normal.height);
  await inView();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-presenter.png') });

  // The zoom keys zoom the app while presenting, and the layout follows.
  await page.getByTestId('transcript-count').click();
  await page.keyboard.press('ControlOrMeta+Equal');
  await page.keyboard.press('ControlOrMeta+Equal');
  await expect(page.getByTestId('presenter-zoom')).toHaveText('150%');
  await expect.poll(rowFont).toBeCloseTo(normal.row * 1.5, 0);
  await inView();
  // The header wraps rather than pushing its last controls out of the window.
  await expect(page.getByRole('button', { name: 'Stop presenting' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /Shortcuts/ })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-presenter-150.png') });
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(page.getByTestId('presenter-zoom')).toHaveText('140%');
  await page.keyboard.press('ControlOrMeta+Digit0');
  await expect(page.getByTestId('presenter-zoom')).toHaveText('130%');

  await page.keyboard.press('ControlOrMeta+Alt+KeyP');
  await expect(html).not.toHaveClass(/presenting/);
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
  await expect(page.getByTestId('presenter-zoom')).toHaveCount(0);
  await expect.poll(editorFont).toBe(normal.editor);
  await expect.poll(rowFont).toBe(normal.row);
});

/** Whether the point at the middle of the element (and a quarter in) shows the element itself, not something over it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [0.25, 0.5, 0.75].every((at) =>
      el.contains(el.ownerDocument.elementFromPoint(box.x + box.width * at, box.y + box.height * at)),
    );
  });

// Issue 27.9: presenting to a room at 1024×700, the code and the protocol are what the room reads.
test('presenting at 1024×700 leaves the editor and the transcript most of the height, uncovered', async ({
  page,
  playground: _,
}) => {
  await runProgram(page);
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.getByTestId('presenter-zoom')).toHaveText('130%');
  const editor = page.getByTestId('program-editor');
  const rows = page.getByRole('grid', { name: 'Transcript' });
  await expect(page.getByTestId('transcript-row').last()).toBeInViewport();
  const height = page.viewportSize()!.height;
  const share = async (locator: Locator) => (await locator.boundingBox())!.height / height;
  // The header and run bar take one line each; the editor and the transcript's rows over half the height each.
  expect((await page.locator('.app-main').boundingBox())!.y / height).toBeLessThanOrEqual(0.15);
  expect(await share(editor)).toBeGreaterThanOrEqual(0.55);
  expect(await share(rows)).toBeGreaterThanOrEqual(0.55);
  expect(await uncovered(editor)).toBe(true);
  expect(await uncovered(rows)).toBe(true);
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-height.png') });

  // A notice takes its own place above the panes: it pushes them down, never covers them.
  await page.getByRole('button', { name: 'Copy as JSON' }).click();
  const notice = page.locator('.notice').first();
  await expect(notice).toBeVisible();
  const noticeBottom = await notice.evaluate((el) => el.getBoundingClientRect().bottom);
  expect((await editor.boundingBox())!.y).toBeGreaterThanOrEqual(noticeBottom);
  expect((await rows.boundingBox())!.y).toBeGreaterThanOrEqual(noticeBottom);
  expect(await uncovered(editor)).toBe(true);
  expect(await uncovered(rows)).toBe(true);

  // What was folded away to make room is a click (or Enter) away.
  const settings = page.getByRole('button', { name: 'Run settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Executor' })).toBeVisible();
  await expect(page.getByLabel('Timeout')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-settings.png') });
  await settings.click();
  await expect(page.getByLabel('Timeout')).toHaveCount(0);
  await page.getByRole('button', { name: 'Types (all)' }).click();
  await page.getByRole('checkbox', { name: 'host event' }).uncheck();
  await expect(page.getByRole('button', { name: 'Types (7 of 8)' })).toBeVisible();
  await page.getByRole('button', { name: 'Types (7 of 8)' }).click();
  await expect(page.getByRole('checkbox', { name: 'host event' })).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'presenting-1024-folded.png') });
});
