import type { Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { expect, SCREENSHOTS, storeSecret, test } from './playgroundFixture';

const KEY = 'sk-e2e-5d4c3b2a1f0e9d8c7b6a';
const WRONG = "const r = await demo.echo({ text: 'hi' });\nthrow new Error('no field ' + r.greting);";
const RIGHT = "const r = await demo.echo({ text: 'hi' });\nreturn r.greeting;";
const call = (id: string, code: string) => ({ id, arguments: JSON.stringify({ code }) });

let servers: FakeModelServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function addModel(page: Page, name: string, server: FakeModelServer, api: 'openai' | 'anthropic') {
  await page.getByRole('button', { name: 'Models…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Models' });
  const add = dialog.getByRole('button', { name: 'Add a model' });
  // With no model yet the dialog opens on the form; otherwise on the list.
  await expect(dialog.getByRole('textbox', { name: /^Name/ }).or(add)).toBeVisible();
  if (await add.isVisible()) await add.click();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('combobox', { name: /^API/ }).selectOption(api);
  await dialog.getByRole('textbox', { name: /^Base URL/ }).fill(server.baseUrl);
  await dialog.getByRole('textbox', { name: /^Model/ }).fill('fake-model');
  await dialog.getByRole('combobox', { name: /^Key secret/ }).selectOption('MODEL_KEY');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('list', { name: 'Models' })).toContainText(name);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('Ask: a model’s conversation streams in, each turn’s code and run one click away', async ({
  page,
  playground: _playground,
}) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  const server = await startFakeModelServer('openai', [
    { text: `Let me greet the tool (my key is ${KEY}).`, toolCalls: [call('c1', WRONG)] },
    { text: 'A typo: the field is greeting.', toolCalls: [call('c2', RIGHT)] },
    { text: 'The tool says “hello”.' },
  ]);
  servers.push(server);
  await storeSecret(page, 'MODEL_KEY', KEY);
  await page.getByRole('tab', { name: 'Ask' }).click();
  await expect(page.getByText('No model yet')).toBeVisible();
  await addModel(page, 'fake gpt', server, 'openai');

  await page.getByLabel('Task').fill('What does demo.echo say to hi?');
  await page.getByLabel('Task').press('Control+Enter');
  const conversation = page.getByRole('region', { name: 'Conversation with fake gpt' });
  await expect(conversation).toHaveAttribute('data-state', 'answered');
  await expect(conversation.getByLabel('Answer')).toHaveText('The tool says “hello”.');
  await expect(conversation.getByRole('listitem')).toHaveCount(3);
  const [first, second] = [conversation.getByLabel('Turn 1'), conversation.getByLabel('Turn 2')];
  await expect(first).toContainText('my key is «secret:MODEL_KEY»');
  await expect(first).toContainText('runtime_error: no field undefined');
  await expect(first).toContainText(/\d+ in · \d+ out tokens/);
  await expect(second).toContainText(/OK in .* · 1 tool call/);
  // The editor's own marks: the tool-call line, and the run's error on line 2.
  // Ctrl+Enter in the task box asked the model; it did not also run the open snippet.
  await expect(page.getByTestId('run-state')).toHaveText('Ready');
  await expect(first.getByTestId('ask-code')).toHaveAttribute('data-call-lines', '1');
  await expect(first.locator('.ask-call-glyph')).toHaveCount(1);
  await expect(first.locator('.squiggly-error').first()).toBeAttached();
  expect(await page.content()).not.toContain(KEY);
  await page.screenshot({ path: `${SCREENSHOTS}ask-conversation.png` });

  // Its run, one click away: the panes show it, labelled with the model as its origin.
  await second.getByRole('button', { name: 'Show run' }).click();
  await expect(page.getByTestId('run-context').first()).toContainText('by model: fake gpt');
  // "Open as snippet": the code lands in the workspace and in the editor.
  await second.getByRole('button', { name: 'Open as snippet' }).click();
  await page.getByRole('tab', { name: 'Snippets' }).click();
  await expect(page.getByRole('navigation', { name: 'Snippets' })).toContainText('fake gpt, turn 2');
  await expect(page.getByTestId('program-editor')).toContainText('return r.greeting;');
  // The server got the key; the page never did.
  expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
});

test('Ask: a breakpoint holds the model’s call; Stop ends a model still thinking', async ({
  page,
  playground: _playground,
}) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  const server = await startFakeModelServer('anthropic', [
    { toolCalls: [call('c1', RIGHT)] },
    { text: 'It said hello.' },
  ]);
  const thinking = await startFakeModelServer('openai', [{ hang: true }]);
  servers.push(server, thinking);
  await storeSecret(page, 'MODEL_KEY', KEY);
  await page.getByRole('tab', { name: 'Breakpoints' }).click();
  await page.getByLabel('Breakpoint provider').selectOption('demo');
  await page.getByLabel('Breakpoint tool').selectOption('echo');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await page.getByRole('tab', { name: 'Ask' }).click();
  await addModel(page, 'claude-ish', server, 'anthropic');
  await page.getByLabel('Task').fill('Greet');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with claude-ish' });
  await expect(conversation.getByLabel('Turn 1')).toContainText('running its code');
  const held = page.getByTestId('paused-call');
  await expect(held).toBeVisible();
  await expect(conversation).toHaveAttribute('data-state', 'running');
  await held.getByRole('button', { name: 'Send input' }).click();
  await expect(conversation).toHaveAttribute('data-state', 'answered');

  await addModel(page, 'slow', thinking, 'openai');
  await page.getByLabel('Model', { exact: true }).selectOption('slow');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const slow = page.getByRole('region', { name: 'Conversation with slow' });
  await expect(slow.getByLabel('Turn 1')).toContainText('the model is answering');
  await slow.getByRole('button', { name: 'Stop' }).click();
  await expect(slow).toHaveAttribute('data-state', 'stopped');
});

test('Compare: the same task to two models side by side, with the Diff of their last runs', async ({
  page,
  playground: _playground,
}) => {
  await page.setViewportSize({ width: 1600, height: 1100 });
  const a = await startFakeModelServer('openai', [
    { toolCalls: [call('a1', RIGHT)] },
    { text: 'hello, says A' },
  ]);
  const b = await startFakeModelServer('anthropic', [
    { toolCalls: [call('b1', WRONG)] },
    { toolCalls: [call('b2', RIGHT)] },
    { text: 'hello, says B' },
  ]);
  servers.push(a, b);
  await storeSecret(page, 'MODEL_KEY', KEY);
  await page.getByRole('tab', { name: 'Ask' }).click();
  await addModel(page, 'model A', a, 'openai');
  await addModel(page, 'model B', b, 'anthropic');
  await page.getByLabel('Model', { exact: true }).selectOption('model A');
  await page.getByLabel('Compare with').check();
  await page.getByLabel('Second model').selectOption('model B');
  await page.getByLabel('Task').fill('What does demo.echo say?');
  await page.getByRole('button', { name: 'Ask both' }).click();
  await expect(page.getByRole('region', { name: 'Conversation with model A' })).toHaveAttribute(
    'data-state',
    'answered',
  );
  await expect(page.getByRole('region', { name: 'Conversation with model B' })).toHaveAttribute(
    'data-state',
    'answered',
  );
  const table = page.getByRole('table', { name: 'Comparison' });
  // The sides are in the order the two conversations started: read each row by its column.
  const heads = await table.locator('thead th').allTextContents();
  const column = (name: string) => heads.indexOf(name);
  for (const [row, a1, b1] of [
    ['Turns', '2', '3'],
    ['Runs', '1', '2'],
    ['Tool calls', '1', '2'],
    ['Errors', '0', '1'],
  ] as const) {
    const cells = await table
      .getByRole('row', { name: new RegExp(`^${row}`) })
      .locator('th, td')
      .allTextContents();
    expect([cells[column('model A')], cells[column('model B')]]).toEqual([a1, b1]);
  }
  await page.screenshot({ path: `${SCREENSHOTS}ask-compare.png` });
  await page.getByRole('button', { name: 'Diff their last runs' }).click();
  await expect(page.getByRole('tab', { name: 'Diff' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('diff-editor')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}ask-compare-diff.png` });
});
