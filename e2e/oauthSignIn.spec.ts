import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, runProgram, SCREENSHOTS, setProgram, test } from './playgroundFixture';
// @ts-expect-error: a plain ES module fixture
import { startOAuthMcpServer } from '../test/fixtures/oauth/oauthMcpServer.mjs';

interface OAuthFixture {
  url: string;
  tokens(): string[];
  revokeAll(): void;
  stop(): Promise<void>;
}

/** Every file under `dir` that holds one of `tokens`. */
async function filesHolding(dir: string, tokens: string[]): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const holding: string[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    if (tokens.some((token) => text.includes(token))) holding.push(entry.name);
  }
  return holding;
}

test('an HTTP MCP server behind OAuth: Sign in through the real redirect, a call with the token, revoked → Sign in', async ({
  page,
  playground,
}) => {
  test.setTimeout(180_000);
  const server = (await (startOAuthMcpServer as () => Promise<OAuthFixture>)()) as OAuthFixture;
  try {
    await page.getByRole('tab', { name: 'Providers' }).click();
    await page.getByRole('button', { name: '+ Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider' });
    await dialog.getByRole('radio', { name: /MCP server/ }).check();
    await dialog.getByLabel('Name (the namespace in your program)').fill('secure');
    await dialog.getByLabel('Transport').selectOption('http');
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(server.url);
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await expect(dialog).toBeHidden();

    const provider = page.getByTestId('provider').filter({ hasText: 'secure' });
    await expect(provider).toContainText('needs sign-in', { timeout: 30_000 });
    await expect(provider).toContainText('asks you to sign in (OAuth)');
    await page.screenshot({ path: join(SCREENSHOTS, 'oauth-needs-sign-in.png') });

    const popup = page.waitForEvent('popup');
    await provider.getByRole('button', { name: 'Sign in' }).click();
    const tab = await popup;
    await expect(tab.getByRole('status')).toHaveText(
      'Signed in to secure. You can close this tab and go back to the playground.',
      { timeout: 30_000 },
    );
    await tab.screenshot({ path: join(SCREENSHOTS, 'oauth-callback-page.png') });
    await tab.close();
    await expect(provider).toContainText('ready', { timeout: 30_000 });
    await expect(provider.getByRole('button', { name: 'sign out' })).toBeVisible();

    await page.getByRole('tab', { name: 'Snippets' }).click();
    await setProgram(page, 'const who = await secure.whoami({});\nwho');
    await runProgram(page);
    await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
    await expect(page.getByTestId('result')).toContainText('client ');

    // The flow and the HTTP behind the messages, in the provider's traffic.
    await page.getByRole('tab', { name: 'Providers' }).click();
    await provider.getByRole('button', { name: 'traffic' }).click();
    const traffic = provider.getByTestId('mcp-traffic');
    for (const step of [
      'resource metadata',
      'authorization server metadata',
      'registration',
      'authorization',
      'token',
    ])
      await expect(
        traffic.locator(`[data-testid="traffic-http"][data-step="${step}"]`).first(),
      ).toBeVisible();
    const call = traffic.getByTestId('traffic-http').filter({ hasText: 'tools/call' });
    await expect(call).toContainText('200');
    await expect(call).toContainText('SSE stream');
    await call.getByRole('button').first().click();
    await expect(call.getByRole('table', { name: 'Request headers' })).toContainText('Bearer «masked»');
    await expect(call.getByRole('table', { name: 'Request headers' })).toContainText('mcp-protocol-version');
    const token = traffic.locator('[data-testid="traffic-http"][data-step="token"]').first();
    await token.getByRole('button').first().click();
    await expect(token.getByTestId('value-viewer')).toContainText('«masked»');
    await page.screenshot({ path: join(SCREENSHOTS, 'oauth-traffic.png'), fullPage: true });

    const tokens = server.tokens();
    for (const t of tokens) await expect(page.locator('body')).not.toContainText(t);
    expect(await filesHolding(playground.configDir, tokens)).toEqual(['secrets.json']);
    expect(await readFile(playground.workspaceFile, 'utf8')).not.toMatch(/at-|rt-/);

    // Revoked at the server: the next call fails in words and the provider asks for sign-in again.
    server.revokeAll();
    await page.getByRole('tab', { name: 'Snippets' }).click();
    await runProgram(page);
    await expect(page.getByTestId('run-state')).toHaveText(/Failed/);
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(provider).toContainText('needs sign-in', { timeout: 30_000 });
    await expect(provider.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    await server.stop();
  }
});
