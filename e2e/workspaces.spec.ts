import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, SCREENSHOTS, setProgram, startServe, stop, test, TEST_WORKSPACE } from './playgroundFixture';

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

/** A second tab on the playground whose outgoing API messages can be held, once its editor shows the snippet. */
async function openSecondTab(page: Page, url: string) {
  const other = await page.context().newPage();
  const socket = await holdableSocket(other);
  await other.goto(url);
  await expect(other.getByTestId('program-editor')).toContainText('demo.echo');
  return { other, socket };
}

test('two tabs on the same snippet see each other live, and a clash keeps both texts', async ({
  page,
  playground,
}) => {
  const { other, socket } = await openSecondTab(page, playground.url);

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

test("a snippet deleted in another tab keeps this tab's unsaved edits as a new snippet", async ({
  page,
  playground,
}) => {
  const { other, socket } = await openSecondTab(page, playground.url);

  // Tab B's save is on its way when tab A deletes the snippet (with an unsaved edit of its own).
  socket.hold();
  await appendLine(other, '// only in tab B');
  await expect(saveState(other)).toHaveText('Saving…');
  await appendLine(page, '// tab A, then deleted');
  const list = page.getByRole('navigation', { name: 'Snippets' });
  await list.getByRole('button', { name: 'First steps', exact: true }).hover();
  await list.getByRole('button', { name: 'Delete First steps' }).click();
  await list.getByRole('button', { name: 'Yes' }).click();
  socket.release();

  const kept = 'First steps (unsaved edits from this tab)';
  await expect(other.getByRole('navigation', { name: 'Snippets' })).toContainText(kept);
  await expect(
    other.getByText(/"First steps" was deleted elsewhere while this tab had unsaved edits/),
  ).toBeVisible();
  await expect(list).toContainText(kept);
  await expect(other.getByTestId('program-editor')).toContainText('// only in tab B');
  await expect(other.getByText('test.execbox.json · saved')).toBeVisible();
  await other.screenshot({ path: join(SCREENSHOTS, 'workspaces-deleted-elsewhere.png') });
  // Only tab B, which did not delete it, kept a copy; tab A's own edit went with its deletion.
  await expect
    .poll(async () => (await savedSnippets(playground.workspaceFile)).map((s) => s.name))
    .toEqual([kept]);
  const [copy] = await savedSnippets(playground.workspaceFile);
  expect(copy!.code).toContain('// only in tab B');
  expect(copy!.code).not.toContain('tab A');
  await other.close();
});

test("another tab opening a different workspace file keeps this tab's unsaved edits in the new one", async ({
  page,
  playground,
}) => {
  const otherFile = join(dirname(playground.workspaceFile), 'other.execbox.json');
  await writeFile(
    otherFile,
    JSON.stringify(
      {
        ...TEST_WORKSPACE,
        name: 'Other workspace',
        snippets: [{ id: 'elsewhere', name: 'Elsewhere', code: '// the other file' }],
        activeSnippetId: 'elsewhere',
      },
      null,
      2,
    ),
  );
  const { other, socket } = await openSecondTab(page, playground.url);

  // Tab B's save is on its way when tab A opens another workspace file.
  socket.hold();
  await appendLine(other, '// only in tab B');
  await expect(saveState(other)).toHaveText('Saving…');
  await page.locator('.app-header .workspace-name').click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(otherFile);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('file-state')).toHaveText('other.execbox.json · saved');
  await expect(other.getByTestId('file-state')).toContainText('other.execbox.json');
  socket.release();

  const kept = 'First steps (unsaved edits from test.execbox.json)';
  await expect(other.getByRole('navigation', { name: 'Snippets' })).toContainText(kept);
  await expect(
    other.getByText(/Another workspace file was opened while this tab had unsaved edits to "First steps"/),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toContainText(kept);
  // Tab A stays on what it opened.
  await expect(page.getByTestId('program-editor')).toContainText('// the other file');
  await expect
    .poll(async () => (await savedSnippets(otherFile)).map((s) => s.name))
    .toEqual(['Elsewhere', kept]);
  const copy = (await savedSnippets(otherFile)).find((s) => s.name === kept)!;
  expect(copy.code).toContain('// only in tab B');
  await other.screenshot({ path: join(SCREENSHOTS, 'workspaces-other-file-opened.png') });
  await other.close();
});

test('a page reconnects by itself to a host restarted with --token, and to a new link without F5', async ({
  page,
}) => {
  // Three host starts and two reconnects: on a loaded 2-core machine that alone can pass a minute.
  test.setTimeout(150_000);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-restart-'));
  const configDir = join(dir, 'config');
  const workspaceFile = join(dir, 'test.execbox.json');
  await writeFile(workspaceFile, JSON.stringify(TEST_WORKSPACE, null, 2));
  const token = 'stable-token-for-e2e-0123456789';
  let child: ChildProcess | undefined;
  try {
    const first = await startServe(configDir, workspaceFile, ['--token', token]);
    child = first.child;
    expect(first.url).toContain(`#token=${token}`);
    const port = new URL(first.url).port;
    await page.goto(first.url);
    const runButton = page.getByRole('button', { name: 'Run', exact: true });
    await expect(runButton).toBeEnabled();

    // A run in progress when the host dies ends as "the host stopped", not a clock that never stops.
    await setProgram(page, 'for (;;) {}');
    await runButton.click();
    await expect(page.getByTestId('run-state')).toContainText('Running');
    // "Running…" shows from the click on; the run is the host's once its runner has started it.
    await expect(page.getByTestId('transcript-row').filter({ hasText: 'started' }).first()).toBeVisible();
    child.kill('SIGKILL');
    await expect(page.getByTestId('run-state')).toHaveText('The host stopped before the run finished');
    await expect(page.getByRole('status').filter({ hasText: /Reconnecting|not answering/ })).toBeVisible();
    await expect(runButton).toBeDisabled();
    await page.screenshot({ path: join(SCREENSHOTS, 'workspaces-host-gone.png') });

    // The same link works again once the host is back: no F5.
    child = (await startServe(configDir, workspaceFile, ['--token', token, '--port', port])).child;
    await expect(page.getByRole('status').filter({ hasText: /Reconnecting|not answering/ })).toBeHidden({
      timeout: 30_000,
    });
    await expect(runButton).toBeEnabled();
    await expect(page.getByRole('navigation', { name: 'Snippets' })).toContainText('First steps');

    // A host restarted with a new token: pasting its link into the address bar reconnects.
    await stop(child);
    const second = await startServe(configDir, workspaceFile, ['--port', port]);
    child = second.child;
    await expect(page.getByRole('status').filter({ hasText: 'not answering' })).toBeVisible({
      timeout: 30_000,
    });
    // Only the fragment differs, so this is the same page: a hash change, no reload (the mark survives).
    await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
    await page.goto(second.url);
    await expect(page.getByRole('status').filter({ hasText: /Reconnecting|not answering/ })).toBeHidden({
      timeout: 30_000,
    });
    await expect(runButton).toBeEnabled();
    expect(await page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    if (child) await stop(child);
    await rm(dir, { recursive: true, force: true });
  }
});

test('"Save a copy" keeps the open workspace; the header names the open file', async ({
  page,
  playground,
}) => {
  await expect(page.getByTestId('file-state')).toHaveText('test.execbox.json · saved');
  const target = join(playground.configDir, '..', 'copy.execbox.json');
  await page.getByRole('button', { name: /E2E workspace/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Save a copy (this workspace stays open)').fill(target);
  await dialog.getByRole('button', { name: 'Save a copy', exact: true }).click();
  await expect(page.getByText(/Saved a copy at .*copy\.execbox\.json/)).toBeVisible();
  await expect(page.getByTestId('file-state')).toHaveText('test.execbox.json · saved');
  expect(JSON.parse(await readFile(target, 'utf8')).name).toBe('E2E workspace');
  // Saving the copy again asks before replacing it.
  await page.getByRole('button', { name: /E2E workspace/ }).click();
  await dialog.getByLabel('Save a copy (this workspace stays open)').fill(target);
  await dialog.getByRole('button', { name: 'Save a copy', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('exists already');
  await page.screenshot({ path: join(SCREENSHOTS, 'workspaces-replace.png') });
  await dialog.getByRole('button', { name: 'Replace it' }).click();
  await expect(dialog).toBeHidden();
});
