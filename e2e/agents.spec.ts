import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, SCREENSHOTS, test } from './playgroundFixture';

test('an agent connects to the running playground; its run shows live in the Agents panel', async ({
  page,
  playground,
}) => {
  await page.getByRole('tab', { name: 'Agents' }).click();
  const config = page.getByLabel('Claude Code configuration');
  await expect(config).toContainText('"execbox-playground"');
  await expect(config).toContainText('Bearer ••••');
  const endpoint = (await page.locator('.agent-url code').textContent())!;
  const token = (await readFile(join(playground.configDir, 'agent-token'), 'utf8')).trim();
  await expect(config).not.toContainText(token);
  await page.getByRole('button', { name: 'Show token' }).click();
  await expect(config).toContainText(token);

  const client = new Client({ name: 'e2e-agent', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'const r = await demo.echo({ text: "from an agent" });\nreturn r.greeting;' },
    });
    expect(result.structuredContent).toMatchObject({ ok: true, result: 'hello' });
  } finally {
    await client.close();
  }
  const runs = page.getByRole('list', { name: 'Agent runs' });
  await expect(runs).toContainText('e2e-agent');
  await expect(runs).toContainText('Succeeded');
  // An agent's run does not take over the person's panes unless they follow agents' runs.
  await expect(page.getByTestId('run-state')).toHaveText('Ready');
  await page.screenshot({ path: join(SCREENSHOTS, 'agents-panel.png') });
});
