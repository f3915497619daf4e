import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVERYTHING_PROVIDER, expect, SCREENSHOTS, test } from './playgroundFixture';

const TOKEN = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';

test('servers imported from a Claude Desktop file: a preview, the token moved, the command asked about', async ({
  page,
  playground,
}) => {
  test.setTimeout(180_000);
  const config = {
    mcpServers: {
      'everything-server': { ...EVERYTHING_PROVIDER.transport, env: { GITHUB_TOKEN: TOKEN } },
      broken: { args: ['no command'] },
    },
  };
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  await page
    .getByRole('dialog', { name: 'Add a provider' })
    .getByRole('button', { name: 'Import servers…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Import MCP servers' });
  await dialog.getByLabel('Configuration file').setInputFiles({
    name: 'claude_desktop_config.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(config, null, 2)),
  });
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('Read as Claude Desktop: 1 server to add');
  await expect(dialog.getByTestId('import-server')).toContainText('everything_server');
  await expect(dialog.getByTestId('import-server')).toContainText(
    'secret EVERYTHING_SERVER_GITHUB_TOKEN ← line 11:25',
  );
  await expect(dialog.getByTestId('import-problem')).toHaveText(
    'line 14:15 ($.mcpServers.broken): has neither "command" nor "url"',
  );
  await expect(dialog).not.toContainText(TOKEN);
  await page.screenshot({ path: join(SCREENSHOTS, 'import-servers-preview.png') });

  await dialog.getByRole('button', { name: 'Import 1 server' }).click();
  await expect(dialog).toBeHidden();
  const provider = page.getByTestId('provider').filter({ hasText: 'everything_server' });
  await expect(provider).toContainText('waiting for your OK');
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(provider).toContainText('ready', { timeout: 90_000 });

  const saved = await readFile(playground.workspaceFile, 'utf8');
  expect(saved).toContain('${secret:EVERYTHING_SERVER_GITHUB_TOKEN}');
  expect(saved).not.toContain(TOKEN);
  expect(await readFile(join(playground.configDir, 'secrets.json'), 'utf8').catch(() => '')).toBeDefined();
});
