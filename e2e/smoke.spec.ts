import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './staticServer';

test('the built renderer loads in Chromium', async ({ page }) => {
  const { url, server } = await startStaticServer(fileURLToPath(new URL('../out/renderer', import.meta.url)));
  try {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Execbox Playground' })).toBeVisible();
  } finally {
    server.close();
  }
});
