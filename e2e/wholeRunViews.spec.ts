import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

const CALLS = 10_000;
const LONG_RUN = `for (let i = 0; i < ${CALLS}; i++) await demo.echo({ text: 'call ' + i });\n'done'`;

test('the Timeline of a 10,000-call run is laid out on the host: the page holds a bar per pixel column, not a call each', async ({
  page,
  playground: _,
}) => {
  test.setTimeout(120_000);
  await setProgram(page, LONG_RUN);
  await runProgram(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline-summary')).toContainText('10,000 calls · 1 provider');
  const canvas = page.getByTestId('timeline-canvas');
  const held = async () => Number(await canvas.getAttribute('data-bars-held'));
  const width = (await canvas.boundingBox())!.width;
  expect(await held()).toBeGreaterThan(0);
  expect(await held()).toBeLessThanOrEqual(width);
  await page.screenshot({ path: join(SCREENSHOTS, 'whole-run-timeline.png') });

  // Zoomed all the way in, the host sends the detail of the window shown: still bounded.
  await page.getByRole('slider').first().fill('50');
  await expect.poll(held).not.toBe(0);
  expect(await held()).toBeLessThanOrEqual(width);
  const box = (await canvas.boundingBox())!;
  let tooltip = false;
  for (let x = box.x + 115; x < box.x + box.width && !tooltip; x += 2) {
    await page.mouse.move(x, box.y + 18 + 9);
    tooltip = await page.getByTestId('timeline-tooltip').isVisible();
  }
  await expect(page.getByTestId('timeline-tooltip')).toContainText('demo.echo');
  await page.screenshot({ path: join(SCREENSHOTS, 'whole-run-timeline-zoomed.png') });
});
