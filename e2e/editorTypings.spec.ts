import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  EVERYTHING_PROVIDER,
  expect,
  runProgram,
  SCREENSHOTS,
  setProgram,
  startServe,
  stop,
  test,
} from './playgroundFixture';
import {
  addMcpProvider,
  allowEachProvider,
  openWorkspace,
  providerRow,
  removeProvider,
  onlyMocksWorkspace,
} from './workspaceSteps';

const resolve = createRequire(import.meta.url).resolve;
const EVERYTHING = resolve('@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const FIXTURE = fileURLToPath(new URL('../test/fixtures/mcp/fixtureServer.mjs', import.meta.url));

// The one real error of each program. Its explanation points into the providers' declarations
// ("The expected type comes from property 'message' which is declared here"), as many do.
const REAL_ERROR = "Type 'number' is not assignable to type 'string'";
const realError = 'const echoed = await everything.echo({ message: 1 });';

const everything = (id: string, name: string) => ({ ...EVERYTHING_PROVIDER, id, name });
const mcp = (id: string, name: string, args: string[]) => ({
  id,
  name,
  kind: 'mcp',
  transport: { type: 'stdio', command: process.execPath, args },
});

/**
 * The problems strip lists exactly these problems (each given by a part of its text) and Monaco
 * draws exactly as many error squiggles: what the editor's markers say, not what the store holds.
 */
async function expectProblems(page: Page, expected: string[]): Promise<void> {
  const items = page.getByRole('status', { name: 'Problems' }).locator('.problem');
  await expect
    .poll(
      async () =>
        (await items.allTextContents())
          .map((text) => expected.find((part) => text.includes(part)) ?? text)
          .sort(),
      // A tab's first check waits for the TypeScript worker to start: 15 s on a loaded 2-core machine.
      { timeout: 60_000 },
    )
    .toEqual([...expected].sort());
  await expect(page.getByTestId('program-editor').locator('.squiggly-error')).toHaveCount(expected.length);
}

/** Waits until the provider is ready, as the Providers tab says. */
async function ready(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(providerRow(page, name)).toContainText('ready', { timeout: 30_000 });
}

/**
 * Types `prefix` on a new last line, asks for completions and their details, and returns the list's
 * labels and the details shown for the first one.
 */
async function completionsAfter(page: Page, prefix: string): Promise<{ labels: string[]; details: string }> {
  await page.getByTestId('program-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(prefix);
  await page.keyboard.press('ControlOrMeta+Space');
  const widget = page.locator('.suggest-widget');
  await expect(widget).toBeVisible();
  const labels = await widget.locator('.monaco-list-row .label-name').allTextContents();
  // Asked again while the list is open, the suggestion widget shows the focused entry's documentation.
  await page.keyboard.press('ControlOrMeta+Space');
  const details = page.locator('.suggest-details');
  await expect(details).toBeVisible();
  return { labels, details: (await details.textContent()) ?? '' };
}

const callsLate = [
  realError,
  'const dirs = await late.list_allowed_directories({});',
  'return [echoed, dirs];',
].join('\n');

test.describe('the editor types every ready provider', () => {
  test.setTimeout(240_000);

  test.use({
    workspaceDocument: {
      formatVersion: 1,
      name: 'Typings',
      providers: [EVERYTHING_PROVIDER],
      snippets: [
        {
          id: 's',
          name: 'Calls late',
          code: callsLate,
        },
      ],
      activeSnippetId: 's',
    },
  });

  // Issue 41, route 1: a provider added while code that calls it is open is typed at once; so is
  // one removed and added again under the same name, one whose tool list grows, and one that is not
  // ready says why in the editor's words.
  test('a provider added, removed and added again, its tools changed, or not ready', async ({
    page,
    playground: _served,
  }) => {
    const folder = await mkdtemp(join(tmpdir(), 'execbox-e2e-late-'));
    try {
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await ready(page, 'everything');
      await expectProblems(page, [REAL_ERROR, "Cannot find name 'late'"]);

      await addMcpProvider(page, 'late', process.execPath, [FILESYSTEM, folder]);
      await ready(page, 'late');
      await expectProblems(page, [REAL_ERROR]);
      await page.screenshot({ path: join(SCREENSHOTS, 'editor-typings-added.png') });

      const completions = await completionsAfter(page, 'late.list_allowed');
      expect(completions.labels).toContain('list_allowed_directories');
      expect(completions.details).toContain(
        'Returns the list of directories that this server is allowed to access',
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'editor-typings-completion.png') });
      await page.keyboard.press('Escape');
      await setProgram(page, callsLate);

      await removeProvider(page, 'late');
      await expectProblems(page, [REAL_ERROR, "Cannot find name 'late'"]);

      await addMcpProvider(page, 'late', process.execPath, [FILESYSTEM, folder]);
      await ready(page, 'late');
      await expectProblems(page, [REAL_ERROR]);

      // Reconnected, then renamed: the new name is typed, the old one is not.
      await providerRow(page, 'late').getByRole('button', { name: 'reconnect' }).click();
      await ready(page, 'late');
      await expectProblems(page, [REAL_ERROR]);
      await providerRow(page, 'late').getByRole('button', { name: 'edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit provider late' });
      await edit.getByLabel('Name (the namespace in your program)').fill('later');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await ready(page, 'later');
      await expectProblems(page, [REAL_ERROR, "Cannot find name 'late'"]);
      await setProgram(page, callsLate.replace('late.', 'later.'));
      await expectProblems(page, [REAL_ERROR]);

      // A provider that cannot start: the editor says so in its own words.
      await addMcpProvider(page, 'broken', join(folder, 'no-such-command'), []);
      await expect(providerRow(page, 'broken')).toContainText('ENOENT', { timeout: 30_000 });
      await setProgram(
        page,
        [realError, 'const b = await broken.anything({});', 'return [echoed, b];'].join('\n'),
      );
      await expectProblems(page, [REAL_ERROR, 'provider `broken` failed:']);
      await expect(page.getByRole('status', { name: 'Problems' })).toContainText('ENOENT');
      await page.screenshot({ path: join(SCREENSHOTS, 'editor-typings-not-ready.png') });

      // list_changed: the fixture server adds a tool when asked; the editor knows it without an edit.
      await addMcpProvider(page, 'fx', process.execPath, [FIXTURE, '--stdio']);
      await ready(page, 'fx');
      await setProgram(
        page,
        [
          "await fx.add_tool({ name: 'extra' });",
          'const later = () => fx.extra({});',
          realError,
          'return [later, echoed];',
        ].join('\n'),
      );
      await expectProblems(page, [REAL_ERROR, "Property 'extra' does not exist"]);
      await runProgram(page);
      await expectProblems(page, [REAL_ERROR]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

// Issue 41, route 2: a workspace switched away from and back, a provider added then, a second tab
// and a host restarted on the same port and token: every step shows exactly the real problems.
test('typings after a workspace switched away and back, a second tab and a host restart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-e2e-route2-'));
  const first = join(dir, 'first.execbox.json');
  const second = join(dir, 'second.execbox.json');
  const calls = (names: string[]) =>
    [
      'const mock = await m.ping({});',
      ...names.map((name, i) => `const r${i} = await ${name};`),
      realError,
      `return [mock, ${names.map((_, i) => `r${i}`).join(', ')}, echoed];`,
    ].join('\n');
  const three = [
    "everything.echo({ message: 'a' })",
    'files.list_allowed_directories({})',
    "everything2.echo({ message: 'b' })",
  ];
  await writeFile(
    first,
    JSON.stringify({
      formatVersion: 1,
      name: 'Three servers',
      providers: [
        { id: 'm', name: 'm', kind: 'mock', tools: { ping: { response: { mode: 'fixed', result: 1 } } } },
        everything('e1', 'everything'),
        mcp('f', 'files', [FILESYSTEM, dir]),
        everything('e2', 'everything2'),
      ],
      snippets: [{ id: 's', name: 'Uses three', code: calls(three) }],
      activeSnippetId: 's',
    }),
  );
  await writeFile(
    second,
    JSON.stringify(
      onlyMocksWorkspace('const o = await other.ping({});\nconst wrong: string = 1;\nreturn [o, wrong];'),
    ),
  );

  let serve = await startServe(join(dir, 'config'), first);
  try {
    await page.goto(serve.url);
    await allowEachProvider(page, 3);
    for (const name of ['everything', 'files', 'everything2']) await ready(page, name);
    await expectProblems(page, [REAL_ERROR]);

    await openWorkspace(page, second);
    await expectProblems(page, [REAL_ERROR]);
    await expect(page.getByRole('status', { name: 'Problems' })).toContainText('2:7');

    await openWorkspace(page, first);
    for (const name of ['everything', 'files', 'everything2']) await ready(page, name);
    await expectProblems(page, [REAL_ERROR]);
    await page.screenshot({ path: join(SCREENSHOTS, 'editor-typings-switched-back.png') });

    await addMcpProvider(page, 'sluggish', process.execPath, [EVERYTHING, 'stdio']);
    await ready(page, 'sluggish');
    await setProgram(page, calls([...three, "sluggish.echo({ message: 'c' })"]));
    await expectProblems(page, [REAL_ERROR]);

    const other = await page.context().newPage();
    await other.goto(serve.url);
    await expectProblems(other, [REAL_ERROR]);

    // The host restarts on the same port and token; both tabs reconnect and are typed again.
    const [, port, token] = /:(\d+)\/#token=(\S+)/.exec(serve.url)!;
    await stop(serve.child);
    serve = await startServe(join(dir, 'config'), first, ['--port', port!, '--token', token!]);
    for (const tab of [page, other]) {
      for (const name of ['everything', 'files', 'everything2', 'sluggish']) await ready(tab, name);
      await expectProblems(tab, [REAL_ERROR]);
    }
    await other.screenshot({ path: join(SCREENSHOTS, 'editor-typings-after-restart.png') });
  } finally {
    await stop(serve.child);
    await rm(dir, { recursive: true, force: true });
  }
});
