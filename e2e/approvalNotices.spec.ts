import { expect, setProgram, test, TEST_WORKSPACE } from './playgroundFixture';

test.use({
  workspaceDocument: {
    ...TEST_WORKSPACE,
    providers: TEST_WORKSPACE.providers.map((provider) => ({ ...provider, askBeforeRunning: ['echo'] })),
  },
});

test('a call waiting for approval plays a tone (which can be turned off) and shows a desktop notice when the page is behind', async ({
  page,
  playground: _,
}) => {
  // The notices the page shows, recorded; the page counts as behind other windows.
  await page.addInitScript({
    content: `
      window.__notices = [];
      window.Notification = class {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title, options) { window.__notices.push({ title, body: options && options.body }); }
        close() {}
      };
      document.hasFocus = () => false;
    `,
  });
  await page.reload();
  await setProgram(page, "await demo.echo({ text: 'a' }); 'ok'");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('demo.echo', { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { __notices: unknown[] }).__notices))
    .toEqual([
      { title: 'A tool call waits for your approval', body: 'you · demo.echo (ask before running)' },
    ]);
  await expect
    .poll(() => page.evaluate(() => (globalThis as { __execboxTones?: number }).__execboxTones))
    .toBe(1);
  await paused.getByRole('button', { name: 'Run it' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Succeeded', { timeout: 30_000 });

  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByText('Ask before running').first().click();
  await expect(page.getByTestId('notice-permission')).toHaveText('desktop notices on');
  await page.getByRole('checkbox', { name: 'sound when a call waits' }).uncheck();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('paused-call')).toContainText('demo.echo', { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { __notices: unknown[] }).__notices.length))
    .toBe(2);
  expect(await page.evaluate(() => (globalThis as { __execboxTones?: number }).__execboxTones)).toBe(1);
});
