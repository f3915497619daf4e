import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, setProgram, startServe, stop, test } from './playgroundFixture';

const require = createRequire(import.meta.url);
const packageMain = (name: string, file: string) =>
  join(dirname(require.resolve(`${name}/package.json`)), 'dist', file);
const EVERYTHING = packageMain('@modelcontextprotocol/server-everything', 'index.js');
const FILESYSTEM = packageMain('@modelcontextprotocol/server-filesystem', 'index.js');

// Issue 30.1: after switching workspaces twice, the editor's typings are the open workspace's.
test('typings follow the open workspace: switching away and back leaves no false problems', async ({
  page,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-typings-'));
  const first = join(dir, 'first.execbox.json');
  const second = join(dir, 'second.execbox.json');
  // One real type error, so the checker is known to have run: any other problem is a false one.
  const code = [
    "const a = await ev.echo({ message: 'hi' });",
    'const b = await fs.list_allowed_directories({});',
    'const wrong: string = 1;',
    'return [a, b, wrong];',
  ].join('\n');
  await writeFile(
    first,
    JSON.stringify({
      formatVersion: 1,
      name: 'Two MCP servers',
      providers: [
        {
          id: 'ev',
          name: 'ev',
          kind: 'mcp',
          transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] },
        },
        {
          id: 'fs',
          name: 'fs',
          kind: 'mcp',
          transport: { type: 'stdio', command: process.execPath, args: [FILESYSTEM, dir] },
        },
      ],
      snippets: [{ id: 's', name: 'Uses both', code }],
      activeSnippetId: 's',
    }),
  );
  await writeFile(
    second,
    JSON.stringify({
      formatVersion: 1,
      name: 'Only mocks',
      providers: [
        { id: 'm', name: 'other', kind: 'mock', tools: { ping: { response: { mode: 'fixed', result: 1 } } } },
      ],
      snippets: [{ id: 't', name: 'Mock', code: 'return await other.ping({});' }],
      activeSnippetId: 't',
    }),
  );
  const configDir = join(dir, 'config');
  const { url, child } = await startServe(configDir, first);
  try {
    await page.goto(url);
    await allowEachProvider(page, 2);
    const problems = page.getByRole('status', { name: 'Problems' });
    const onlyTheRealError = async () => {
      await expect(problems.locator('.problems-count')).toHaveText('1 problem', { timeout: 45_000 });
      await expect(problems).toContainText("Type 'number' is not assignable to type 'string'");
    };
    await onlyTheRealError();
    await openWorkspace(page, second);
    await expect(problems.locator('.problems-count')).toHaveText('No problems', { timeout: 30_000 });
    await openWorkspace(page, first);
    // The confirmation of the first switch goes when the second's shows: no notice names a workspace that is not open.
    await expect(page.locator('.notices .notice').filter({ hasText: 'first.execbox.json' })).toBeVisible();
    expect(await page.locator('.notices .notice').filter({ hasText: 'second.execbox.json' }).count()).toBe(0);
    await onlyTheRealError();
    expect(await monacoErrorCount(page)).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'truth-typings-after-two-switches.png') });
  } finally {
    await stop(child);
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Answers the trust question of each provider that starts a process (remembered for the file). An
 * answered question leaves the banner at once, so the next click cannot land on it a second time.
 */
async function allowEachProvider(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const question = page.locator('.trust-request').first();
    const provider = await question.locator('strong').textContent();
    await question.getByRole('button', { name: 'Allow', exact: true }).click();
    const same = page
      .locator('.trust-request')
      .filter({ has: page.locator('strong', { hasText: provider! }) });
    expect(await same.count()).toBe(0);
  }
}

async function openWorkspace(page: Page, file: string): Promise<void> {
  await page.locator('.app-header .workspace-name').click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(file);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('file-state')).toContainText(file.split('/').at(-1)!);
}

/** Error squiggles Monaco draws in the editor now (the Problems strip reads the same markers). */
async function monacoErrorCount(page: Page): Promise<number> {
  return page.getByTestId('program-editor').locator('.squiggly-error').count();
}

// Issue 30.1 (a second tab): typings that change while a tab's first load is on its way are not
// replaced by the older answer when the load completes.
test('a tab whose first load is slow keeps the newest typings', async ({ page, playground }) => {
  const other = await page.context().newPage();
  const slow = await holdAnswerTo(other, 'pendingServerRequests');
  await other.goto(playground.url);
  await expect.poll(() => slow.held(), { timeout: 15_000 }).toBe(true);

  // Meanwhile, in the first tab, a provider is added: its typings reach the second tab as an event.
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: '+ Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await dialog.getByLabel('Name (the namespace in your program)').fill('weather');
  await dialog.getByLabel('Tool name').fill('forecast');
  await dialog.getByLabel('Result JSON').fill('{ "tempC": 21 }');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByTestId('provider').filter({ hasText: 'weather' })).toContainText('ready');

  slow.release();
  await expect(other.getByRole('navigation', { name: 'Snippets' })).toBeVisible();
  await setProgram(
    other,
    'const w = await weather.forecast({});\nconst wrong: string = 1;\nreturn [w, wrong];',
  );
  const problems = other.getByRole('status', { name: 'Problems' });
  await expect(problems.locator('.problems-count')).toHaveText('1 problem', { timeout: 30_000 });
  await expect(problems).toContainText("Type 'number' is not assignable to type 'string'");
  await other.screenshot({ path: join(SCREENSHOTS, 'truth-typings-second-tab.png') });
});

/** Holds the host's answer to one API method on its way to the page until released. */
async function holdAnswerTo(page: Page, method: string) {
  let heldId: number | undefined;
  const queue: string[] = [];
  let holding = true;
  let client: { send(message: string): void } | undefined;
  await page.routeWebSocket(/\/api/, (ws) => {
    client = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = String(message);
      if (heldId === undefined && text.includes(`"method":"${method}"`))
        heldId = (JSON.parse(text) as { id: number }).id;
      server.send(message);
    });
    server.onMessage((message) => {
      const text = String(message);
      const parsed = JSON.parse(text) as { type: string; id?: number };
      if (holding && parsed.type === 'response' && parsed.id === heldId) queue.push(text);
      else ws.send(message);
    });
  });
  return {
    held: () => queue.length > 0,
    release: () => {
      holding = false;
      for (const message of queue.splice(0)) client?.send(message);
    },
  };
}
