import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test.use({ viewport: { width: 1400, height: 860 } });

test('panes: visible handles, collapse and come back, a wide entry, status and duration in view at 1400 px', async ({
  page,
  playground: _,
}) => {
  await setProgram(
    page,
    "const r = await demo.echo({ text: 'hi' });\nawait demo.fail({}).catch(() => 0);\nr",
  );
  await runProgram(page);

  // Status (note) and duration (took) are inside the transcript pane, not scrolled away.
  const pane = await page
    .getByRole('tabpanel')
    .filter({ has: page.getByTestId('transcript-row').first() })
    .boundingBox();
  for (const column of ['took', 'note']) {
    const cell = await page.locator(`.transcript-header [data-column="${column}"]`).boundingBox();
    // The column starts well inside the pane (the last, note, may run on with a long note).
    expect(cell!.x + Math.min(cell!.width, 60)).toBeLessThanOrEqual(pane!.x + pane!.width);
  }

  // The handles are separators the keyboard reaches and moves.
  const handle = page.getByRole('separator', { name: 'Resize the transcript pane' });
  await handle.focus();
  const before = await page.getByRole('separator', { name: 'Resize the transcript pane' }).boundingBox();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await handle.boundingBox())!.x).toBeLessThan(before!.x);
  await page.screenshot({ path: join(SCREENSHOTS, 'panes-1400.png') });

  // Each pane collapses and comes back.
  const toggles = page.getByRole('group', { name: 'Panes' });
  const sideHandle = page.getByRole('separator', { name: 'Resize the side pane' });
  const handleX = async (separator: typeof handle) => (await separator.boundingBox())!.x;
  await toggles.getByRole('button', { name: 'Side pane' }).click();
  await expect(toggles.getByRole('button', { name: 'Side pane' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => handleX(sideHandle)).toBeLessThan(10);
  await toggles.getByRole('button', { name: 'Transcript pane' }).click();
  await expect.poll(() => handleX(handle)).toBeGreaterThan(1390);
  await page.screenshot({ path: join(SCREENSHOTS, 'panes-collapsed.png') });
  await toggles.getByRole('button', { name: 'Side pane' }).click();
  await toggles.getByRole('button', { name: 'Transcript pane' }).click();
  await expect.poll(() => handleX(sideHandle)).toBeGreaterThan(100);
  await expect.poll(() => handleX(handle)).toBeLessThan(1100);
  await expect(toggles.getByRole('button', { name: 'Side pane' })).toHaveAttribute('aria-pressed', 'true');

  // A transcript entry opens wide.
  await page.locator('[data-testid="transcript-row"][data-type="tool_call"]').first().click();
  await page.getByRole('button', { name: 'Open wide' }).click();
  const wide = page.getByRole('dialog', { name: /tool_call/ });
  await expect(wide.getByTestId('value-viewer')).toContainText('echo');
});
