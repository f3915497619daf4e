import { join } from 'node:path';
import {
  allowAndWaitReady,
  EVERYTHING_PROVIDER,
  expect,
  SCREENSHOTS,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

// Issue 40, "the raw traffic view", against a real server-everything over stdio.
test.describe.configure({ timeout: 180_000 });
test.use({
  viewport: { width: 1600, height: 900 },
  workspaceDocument: { ...TEST_WORKSPACE, providers: [...TEST_WORKSPACE.providers, EVERYTHING_PROVIDER] },
});

test('the traffic from the first message, responses paired with their request, filtered, kept open, and wide', async ({
  page,
  playground: _,
}) => {
  const provider = await allowAndWaitReady(page, 'everything');
  await provider.getByRole('button', { name: 'traffic' }).click();
  const traffic = provider.getByTestId('mcp-traffic');
  const rows = traffic.getByTestId('traffic-message');
  await expect(rows.nth(2)).toBeVisible();

  // The whole exchange from the first byte: initialize, its answer, then the client's initialized.
  await expect(rows.nth(0)).toHaveAttribute('data-direction', 'sent');
  await expect(rows.nth(0)).toContainText('request');
  await expect(rows.nth(0)).toContainText('initialize');
  await expect(rows.nth(1)).toHaveAttribute('data-direction', 'received');
  await expect(rows.nth(1)).toContainText('response');
  await expect(rows.nth(1)).toContainText('initialize');
  await expect(rows.nth(1)).toContainText('answers #0');
  await expect(rows.nth(2)).toHaveAttribute('data-direction', 'sent');
  await expect(rows.nth(2)).toContainText('notifications/initialized');
  await rows.nth(1).getByRole('button').first().click();
  const answer = rows.nth(1).getByTestId('value-viewer');
  for (const field of ['serverInfo', 'name', 'version', 'capabilities', 'protocolVersion'])
    await expect(answer).toContainText(field);

  // Switching side tabs does not collapse it.
  await page.getByRole('tab', { name: 'Snippets' }).click();
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(provider.getByTestId('mcp-traffic')).toBeVisible();

  // Filter by direction, by method, and by text.
  await traffic.getByLabel('Direction').selectOption('received');
  await expect(rows.first()).toHaveAttribute('data-direction', 'received');
  expect(
    await rows.evaluateAll((items) =>
      items.every((item) => item.getAttribute('data-direction') === 'received'),
    ),
  ).toBe(true);
  await traffic.getByLabel('Direction').selectOption('all');
  await traffic.getByLabel('Method').selectOption('tools/list');
  await expect(rows.first()).toContainText('tools/list');
  expect(
    await rows.evaluateAll((items) => items.every((item) => item.textContent!.includes('tools/list'))),
  ).toBe(true);
  await traffic.getByLabel('Method').selectOption('');
  await traffic.getByLabel('Search the traffic').fill('protocolVersion');
  await expect(traffic.getByTestId('traffic-count')).toContainText(/^2 of \d+ messages/);
  await traffic.getByLabel('Search the traffic').fill('');

  // Wide, beside the transcript: the list fills the pane instead of a 320 px box.
  await traffic.getByRole('button', { name: 'open wide' }).click();
  await expect(page.getByRole('tab', { name: 'MCP traffic' })).toHaveAttribute('aria-selected', 'true');
  const wide = page.getByTestId('mcp-traffic-wide');
  await expect(wide.getByTestId('traffic-message').first()).toContainText('initialize');
  const list = (await wide.locator('.mcp-traffic-list').boundingBox())!;
  expect(list.height).toBeGreaterThan(500);
  await page.screenshot({ path: join(SCREENSHOTS, 'newcomer-traffic-wide-1600.png') });
});

test('a subscription still shows as subscribed when the resources view is reopened', async ({
  page,
  playground: _,
}) => {
  const provider = await allowAndWaitReady(page, 'everything');
  await provider.getByRole('button', { name: 'resources & prompts' }).click();
  const view = provider.getByTestId('mcp-resources');
  const first = view.getByRole('list', { name: 'Resources', exact: true }).getByRole('listitem').first();
  await first.getByRole('button', { name: 'subscribe', exact: true }).click();
  await expect(first.getByRole('button', { name: 'unsubscribe', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('tab', { name: 'Snippets' }).click();
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(view).toBeVisible();
  await expect(first.getByRole('button', { name: 'unsubscribe', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await provider.getByRole('button', { name: /resources & prompts/ }).click();
  await provider.getByRole('button', { name: /resources & prompts/ }).click();
  await expect(first.getByRole('button', { name: 'unsubscribe', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
