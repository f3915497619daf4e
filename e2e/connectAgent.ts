import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from '@playwright/test';

/** An MCP client on the playground's agent endpoint, named `name`. */
export async function connectAgent(page: Page, configDir: string, name: string): Promise<Client> {
  await page.getByRole('tab', { name: 'Agents' }).click();
  const endpoint = (await page.locator('.agent-url code').textContent())!;
  const token = (await readFile(join(configDir, 'agent-token'), 'utf8')).trim();
  const client = new Client({ name, version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
