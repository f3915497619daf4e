import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './playgroundFixture';

async function appendLine(page: Page, text: string): Promise<void> {
  await page.getByTestId('program-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n${text}`);
}

const saveState = (page: Page) => page.getByRole('status', { name: 'Problems' }).locator('.save-state');

async function savedSnippets(file: string): Promise<{ name: string; code: string }[]> {
  return (JSON.parse(await readFile(file, 'utf8')) as { snippets: { name: string; code: string }[] })
    .snippets;
}

/** Forwards a page's API socket to the host, holding what the page sends while `held` is true. */
async function holdableSocket(page: Page) {
  const control = {
    held: false,
    queue: [] as (string | Buffer)[],
    server: undefined as WebSocketRoute | undefined,
  };
  await page.routeWebSocket(/\/api/, (ws) => {
    const server = ws.connectToServer();
    control.server = server;
    ws.onMessage((message) => {
      if (control.held) control.queue.push(message);
      else server.send(message);
    });
  });
  return {
    hold: () => {
      control.held = true;
    },
    release: () => {
      control.held = false;
      for (const message of control.queue.splice(0)) control.server!.send(message);
    },
  };
}

test('two tabs on the same snippet see each other live, and a clash keeps both texts', async ({
  page,
  playground,
}) => {
  const other = await page.context().newPage();
  const socket = await holdableSocket(other);
  await other.goto(playground.url);
  await expect(other.getByRole('navigation', { name: 'Snippets' })).toBeVisible();

  // Live: a line typed in the first tab appears in the second without a reload.
  await appendLine(page, '// typed in tab A');
  await expect(saveState(page)).toHaveText('Saved');
  await expect(other.getByTestId('program-editor')).toContainText('// typed in tab A');
  await expect(saveState(other)).toHaveText('Saved');

  // A clash: tab B's save is on its way while tab A saves another change to the same snippet.
  socket.hold();
  await appendLine(other, '// typed in tab B');
  await expect(saveState(other)).toHaveText('Saving…');
  await appendLine(page, '// typed in tab A again');
  await expect(saveState(page)).toHaveText('Saved');
  const conflict = other.getByRole('alert', { name: 'Edit conflict' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('conflict-mine')).toContainText('// typed in tab B');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('// typed in tab A again');
  socket.release();
  await expect(saveState(other)).toHaveText('Not saved: changed elsewhere too');
  await other.screenshot({ path: join(SCREENSHOTS, 'workspaces-conflict.png') });
  // The stale write was refused: the file holds tab A's text.
  expect((await savedSnippets(playground.workspaceFile))[0]!.code).toContain('// typed in tab A again');
  expect((await savedSnippets(playground.workspaceFile))[0]!.code).not.toContain('tab B');

  await conflict.getByRole('button', { name: /Keep both/ }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toContainText("(this tab's version)");
  const snippets = await savedSnippets(playground.workspaceFile);
  expect(snippets.map((s) => s.code).join('\n')).toContain('// typed in tab B');
  expect(snippets[0]!.code).toContain('// typed in tab A again');
  await expect(other.getByTestId('program-editor')).toContainText('// typed in tab A again');
  await expect(saveState(other)).toHaveText('Saved');
  await other.close();
});
