import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test('console search: plain text and /regex/, counts, next and previous', async ({ page, playground: _ }) => {
  await setProgram(page, "for (let i = 0; i < 60; i++) console.log(i === 42 ? 'the needle' : 'line ' + i);");
  await runProgram(page);
  await page.getByRole('tab', { name: 'Console' }).click();
  const search = page.getByRole('searchbox', { name: 'Search the console' });
  const count = page.getByTestId('console').getByTestId('search-count');

  await search.fill('NEEDLE');
  await expect(count).toHaveText('1 match');
  await search.press('Enter');
  await expect(count).toHaveText('1 of 1');
  await expect(page.locator('.console-row.current-match')).toContainText('the needle');

  await search.fill('/^line 1\\d$/');
  await expect(count).toHaveText('10 matches');
  await page.getByTestId('console').getByRole('button', { name: 'Next match' }).click();
  await page.getByTestId('console').getByRole('button', { name: 'Next match' }).click();
  await expect(count).toHaveText('2 of 10');
  await expect(page.locator('.console-row.current-match')).toContainText('line 11');
  await page.getByTestId('console').getByRole('button', { name: 'Previous match' }).click();
  await expect(page.locator('.console-row.current-match')).toContainText('line 10');
  await page.getByRole('checkbox', { name: 'only matching lines' }).check();
  await expect(page.getByTestId('console-line')).toHaveCount(10);
  await page.screenshot({ path: join(SCREENSHOTS, 'console-search.png') });

  await search.fill('/(unclosed/');
  await expect(page.getByTestId('console').getByRole('alert')).toContainText(/Unterminated group|Invalid/);
});
