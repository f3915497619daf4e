import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';

test('"Ask before running" stays open while ticking tools, and has "all tools"', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('tab', { name: 'Providers' }).click();
  const provider = page.getByTestId('provider').filter({ hasText: 'demo' });
  await provider.getByText('Ask before running').click();
  // The boxes show the workspace's state: each click is saved by the host, then shown.
  await provider.getByRole('checkbox', { name: 'echo' }).click();
  await expect(provider.getByText('Ask before running (1)')).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'fail' })).toBeVisible();
  await provider.getByRole('checkbox', { name: 'fail' }).click();
  await expect(provider.getByText('Ask before running (2)')).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'all tools' })).toBeChecked();
  await provider.getByRole('checkbox', { name: 'all tools' }).click();
  await expect(provider.getByText('Ask before running', { exact: true })).toBeVisible();
  await expect(provider.getByRole('checkbox', { name: 'echo' })).not.toBeChecked();
});

test('the tab for executors and runners says so, Cancel is no checkbox, the timeline reads in the dark theme', async ({
  page,
  playground: _,
}) => {
  await expect(page.getByRole('tab', { name: 'Executors & runners' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true }).locator('.icon')).toHaveAttribute(
    'data-icon',
    'circle-slash',
  );
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await setProgram(page, "await demo.echo({ text: 'a' }); await demo.echo({ text: 'b' }); 1");
  await runProgram(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.screenshot({ path: join(SCREENSHOTS, 'timeline-dark.png') });
});
