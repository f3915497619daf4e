import type { Page } from '@playwright/test';
import { SURROGATE_TEXTS } from '../test/support/surrogateTexts';
import { expect, runProgram, setProgram, test } from './playgroundFixture';

const texts = Object.values(SURROGATE_TEXTS);

/** The console's lines as the page holds them (as JSON text: what crosses to the test is then plain ASCII). */
const consoleTexts = async (page: Page): Promise<string[]> =>
  JSON.parse(
    await page
      .getByTestId('console-line')
      .locator('.console-text')
      .evaluateAll((elements) => JSON.stringify(elements.map((element) => element.textContent))),
  ) as string[];

test('console lines with lone surrogates reach the page as the guest wrote them, live, after a reload and saved', async ({
  page,
  playground: _,
}) => {
  // JSON.stringify writes each lone surrogate as its \u escape: the guest's code says exactly which it logs.
  await setProgram(page, `for (const text of ${JSON.stringify(texts)}) console.log(text);`);
  await runProgram(page);
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect.poll(() => consoleTexts(page)).toEqual(texts);
  await page.reload();
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect.poll(() => consoleTexts(page)).toEqual(texts);

  // Saved into the workspace and opened again: the step-through's logs at the last step.
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByLabel('Transcript name').fill('surrogates');
  await page.getByRole('button', { name: 'Save to workspace' }).click();
  await page
    .getByTestId('saved-transcript')
    .filter({ hasText: 'surrogates' })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByTestId('opened-transcript')).toContainText('surrogates');
  await page.getByRole('button', { name: 'Last step' }).click();
  const logs = page.locator('.step-panel pre.logs');
  await expect
    .poll(
      async () => JSON.parse(await logs.evaluate((element) => JSON.stringify(element.textContent))) as string,
    )
    .toBe(texts.join('\n'));
});
