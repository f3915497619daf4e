import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test('the console shows a warn line while the run is still going', async ({ page, playground: _ }) => {
  await setProgram(
    page,
    "console.log('starting'); await demo.echo({ text: 'x' }); console.warn('still going');\nwhile (true) {}",
  );
  await page.getByRole('tab', { name: 'Console' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const warn = page.getByTestId('console-line').filter({ hasText: 'still going' });
  await expect(warn).toHaveAttribute('data-level', 'warn', { timeout: 30_000 });
  await expect(page.getByTestId('run-state')).toContainText('Running');
  await page.getByRole('checkbox', { name: /^warn/ }).uncheck();
  await expect(page.getByTestId('console-line')).toHaveText([/starting/]);
  await page.screenshot({ path: join(SCREENSHOTS, 'console-live-light.png') });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('run-state')).toContainText(/Cancelled after/, { timeout: 30_000 });
});

test('the dropped-lines notice says how much the log limits cut', async ({ page, playground: _ }) => {
  await setProgram(
    page,
    "for (let i = 0; i < 500; i++) console.log('line ' + i);\nconsole.error('the error'); console.warn('the warning');",
  );
  await runProgram(page);
  const notice = page.getByTestId('result').getByTestId('logs-dropped');
  await expect(notice).toContainText('402 lines and 3,220 characters were dropped');
  await expect(notice).toContainText('among them 1 error and 1 warning');
  await page.getByRole('button', { name: /All 100 lines/ }).click();
  await expect(page.getByTestId('console').getByTestId('logs-dropped')).toBeVisible();
  await expect(page.getByTestId('console-line').first()).toContainText('line 0');
});
