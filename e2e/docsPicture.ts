import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));

/**
 * With DOCS_PICTURES=1, writes the page as docs/<name> (the README's pictures) at 1400×1000, after
 * `arrange` (scrolling what the picture is about into view), then gives the test its viewport back;
 * otherwise does nothing, so a test run never changes docs/.
 */
export async function docsPicture(page: Page, name: string, arrange?: () => Promise<void>): Promise<void> {
  if (process.env.DOCS_PICTURES !== '1') return;
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await arrange?.();
  await page.screenshot({ path: `${DOCS}${name}` });
  if (viewport) await page.setViewportSize(viewport);
}
