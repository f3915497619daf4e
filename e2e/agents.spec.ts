import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, SCREENSHOTS, startServe, stop, test, TEST_WORKSPACE } from './playgroundFixture';

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
  await expect(runs).toContainText('done');
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded|Finished/);
  await page.screenshot({ path: join(SCREENSHOTS, 'agents-panel.png') });
});

test('the Agents panel warns when the endpoint is not on its kept port', async ({ page }) => {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-port-'));
  const configDir = join(dir, 'config');
  const workspaceFile = join(dir, 'test.execbox.json');
  await writeFile(workspaceFile, JSON.stringify(TEST_WORKSPACE, null, 2));
  // Another program holds the port pasted configurations name.
  const squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  const { port } = squatter.address() as AddressInfo;
  await mkdir(configDir, { recursive: true });
  await writeFile(join(configDir, 'agent-port'), `${port}\n`);
  const { url, child, output } = await startServe(configDir, workspaceFile);
  try {
    // The panel asks for the endpoint once: open it after serve announced the endpoint.
    await expect.poll(output).toContain('Agents (MCP):');
    await page.goto(url);
    await page.getByRole('tab', { name: 'Agents' }).click();
    const warning = page.locator('.agent-port-warning');
    await expect(warning).toContainText(`Port ${port} was taken`);
    await expect(warning).toContainText('configurations pasted earlier');
  } finally {
    await stop(child);
    squatter.close();
    await rm(dir, { recursive: true, force: true });
  }
});
