import { join } from 'node:path';
import {
  allowAndWaitReady,
  EVERYTHING_PROVIDER,
  expect,
  runProgram,
  SCREENSHOTS,
  setProgram,
  test,
  TEST_WORKSPACE,
} from './playgroundFixture';

test.describe('the MCP inspector views, against server-everything', () => {
  test.use({
    workspaceDocument: {
      ...TEST_WORKSPACE,
      providers: [...TEST_WORKSPACE.providers, EVERYTHING_PROVIDER],
    },
  });

  test('from a tool_call to its raw JSON-RPC request and response, and back', async ({
    page,
    playground: _,
  }) => {
    test.setTimeout(120_000);
    const provider = await allowAndWaitReady(page, 'everything');

    await setProgram(page, "const r = await everything.echo({ message: 'raw please' });\nr");
    await page.getByRole('tab', { name: 'Transcript' }).click();
    await runProgram(page);
    await page.locator('[data-testid="transcript-row"][data-type="tool_call"]').click();
    await page.getByRole('button', { name: /Raw MCP request #\d+/ }).click();

    const traffic = provider.getByTestId('mcp-traffic');
    await expect(traffic).toBeVisible();
    const linked = traffic.locator('.traffic-row.linked');
    await expect(linked).toHaveCount(2);
    await expect(linked.first()).toContainText('tools/call');
    await expect(linked.first()).toHaveAttribute('data-direction', 'sent');
    await expect(linked.nth(1)).toHaveAttribute('data-direction', 'received');
    await expect(linked.first().getByTestId('value-viewer')).toContainText('raw please');
    await expect(
      traffic.getByTestId('traffic-message').filter({ hasText: 'initialize' }).first(),
    ).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'mcp-traffic.png') });

    await linked
      .first()
      .getByRole('button', { name: /in the transcript/ })
      .click();
    await expect(page.locator('[data-testid="transcript-row"][data-type="tool_call"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('resources, templates and prompts: read, subscribe, get a prompt with its arguments', async ({
    page,
    playground: _,
  }) => {
    test.setTimeout(120_000);
    const provider = await allowAndWaitReady(page, 'everything');
    await provider.getByRole('button', { name: 'resources & prompts' }).click();
    const view = provider.getByTestId('mcp-resources');
    await expect(view.getByTestId('mcp-server-info')).toContainText(/protocol \d{4}-\d{2}-\d{2}/);

    const resources = view.getByRole('list', { name: 'Resources', exact: true });
    await resources.getByRole('listitem').first().getByRole('button').first().click();
    await expect(view.getByTestId('resource-content')).toBeVisible();

    await view.getByRole('list', { name: 'Resource templates' }).getByRole('button').first().click();
    await view.getByLabel('URI').fill('demo://resource/dynamic/text/5');
    await view.getByRole('button', { name: 'Read', exact: true }).click();
    await expect(view.getByTestId('resource-content')).toContainText('Resource 5');

    await view.getByLabel('URI').fill('file:///etc/passwd');
    await view.getByRole('button', { name: 'Read', exact: true }).click();
    await expect(page.getByText(/does not offer the resource "file:\/\/\/etc\/passwd"/)).toBeVisible();

    await view.getByRole('button', { name: 'Arguments Prompt' }).click();
    const form = view.getByRole('form', { name: 'Prompt args-prompt' });
    await form.getByLabel(/^city/).fill('Oslo');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    await expect(view.getByTestId('value-viewer').last()).toContainText("What's weather in Oslo?");
    await page.screenshot({ path: join(SCREENSHOTS, 'mcp-resources.png') });
  });
});
