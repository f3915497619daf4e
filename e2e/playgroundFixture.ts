import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startServe, stop } from './startServe';

export { startServe, stop };
export { openWorkspace } from './workspaceSteps';

/** A workspace every test starts from: offline mock tools that succeed, fail and hang. */
export const TEST_WORKSPACE = {
  formatVersion: 1,
  name: 'E2E workspace',
  providers: [
    {
      id: 'demo',
      name: 'demo',
      kind: 'mock',
      description: 'Tools for the tests',
      tools: {
        echo: {
          description: 'Says hello back.',
          inputSchema: {
            type: 'object',
            properties: { text: { type: 'string', description: 'What to say' } },
            required: ['text'],
            additionalProperties: false,
          },
          outputSchema: {
            type: 'object',
            properties: { greeting: { type: 'string' } },
            required: ['greeting'],
          },
          response: { mode: 'fixed', result: { greeting: 'hello' } },
        },
        fail: {
          description: 'Always fails.',
          inputSchema: { type: 'object' },
          response: {
            mode: 'rules',
            rules: [],
            otherwise: { error: { code: 'tool_error', message: 'the weather service is down' } },
          },
        },
      },
    },
  ],
  snippets: [
    { id: 'first', name: 'First steps', code: "const r = await demo.echo({ text: 'hi' });\nr.greeting" },
  ],
  activeSnippetId: 'first',
  runtime: { limits: { timeoutMs: 60_000 }, executor: { kind: 'process', mode: 'pooled' } },
};

export interface Playground {
  url: string;
  workspaceFile: string;
  configDir: string;
}

/** Each test: a fresh config dir and workspace file, `execbox serve --port 0` from the built output. */
export const test = base.extend<{ playground: Playground; workspaceDocument: object }>({
  /** The workspace the test starts from (`test.use({ workspaceDocument })` to change it). */
  workspaceDocument: [TEST_WORKSPACE, { option: true }],
  playground: async ({ page, workspaceDocument }, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-'));
    const configDir = join(dir, 'config');
    const workspaceFile = join(dir, 'test.execbox.json');
    await writeFile(workspaceFile, JSON.stringify(workspaceDocument, null, 2));
    const { url, child } = await startServe(configDir, workspaceFile);
    try {
      await page.goto(url);
      await expect(page.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
      await use({ url, workspaceFile, configDir });
    } finally {
      await stop(child);
      await rm(dir, { recursive: true, force: true });
    }
  },
});

export { expect };

/** Replaces the editor's program (insertText avoids Monaco's auto-closing brackets). */
export async function setProgram(page: Page, code: string): Promise<void> {
  const editor = page.getByTestId('program-editor');
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

export async function runProgram(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-state')).toHaveText(
    /Succeeded|Failed|Cancelled|Stopped|Timed out|did not answer in time|Ran out of memory|sandbox failed|Not run/,
    { timeout: 30_000 },
  );
}

export const SCREENSHOTS = fileURLToPath(new URL('./output/screenshots/', import.meta.url));

const LEAKY_SERVER = fileURLToPath(new URL('../test/fixtures/mcp/leakyServer.mjs', import.meta.url));

/** An MCP stdio provider that echoes the stored secret LEAKY_TOKEN back in its `env` tool's result. */
export const LEAKY_PROVIDER = {
  id: 'leaky',
  name: 'leaky',
  kind: 'mcp',
  transport: {
    type: 'stdio',
    command: process.execPath,
    args: [LEAKY_SERVER],
    env: { LEAKY_TOKEN: '${secret:LEAKY_TOKEN}' },
  },
};

/** Stores a secret through the Providers tab's Secrets dialog. */
export async function storeSecret(page: Page, name: string, value: string): Promise<void> {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Secrets' }).click();
  const secrets = page.getByRole('dialog', { name: 'Secrets' });
  await secrets.getByLabel('Name').fill(name);
  await secrets.getByLabel('Value (write-only)').fill(value);
  await secrets.getByRole('button', { name: 'Save secret' }).click();
  await expect(secrets).toContainText(name);
  await secrets.getByRole('button', { name: 'Close' }).click();
}

/** The real MCP server-everything over stdio, as a workspace provider named `everything`. */
export const EVERYTHING_PROVIDER = {
  id: 'everything',
  name: 'everything',
  kind: 'mcp',
  transport: {
    type: 'stdio',
    command: process.execPath,
    args: [
      createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js'),
      'stdio',
    ],
  },
};

/** Allows what the workspace starts, opens the Providers tab and waits for `name` to be ready. */
export async function allowAndWaitReady(page: Page, name: string) {
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.getByRole('tab', { name: 'Providers' }).click();
  const provider = page.getByTestId('provider').filter({ hasText: name });
  await expect(provider).toContainText('ready', { timeout: 30_000 });
  return provider;
}
