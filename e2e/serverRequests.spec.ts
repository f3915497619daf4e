import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, SCREENSHOTS, setProgram, test, TEST_WORKSPACE } from './playgroundFixture';

const EVERYTHING = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

test.use({
  workspaceDocument: {
    ...TEST_WORKSPACE,
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] },
        requestTimeoutMs: 120_000,
      },
    ],
    snippets: [
      {
        id: 'ask',
        name: 'Ask me',
        code: 'const answer = await everything.trigger_elicitation_request({});\nanswer',
      },
    ],
    activeSnippetId: 'ask',
  },
});

test('an MCP server asks for input during a call: the person fills the form and the tool sees the answer', async ({
  page,
  playground: _,
}) => {
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  // The run waits for the person, so it does not end here (runProgram waits for the end).
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await run.click();

  const dialog = page.getByRole('dialog', {
    name: 'everything.trigger_elicitation_request asks for your input',
  });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByLabel("The server's message")).toHaveText(
    'Please provide inputs for the following fields:',
  );
  // The form is the server's requested schema: required fields and checks as you type.
  await expect(dialog.getByLabel('Answer problems')).toContainText('"name"');
  await expect(dialog.getByRole('button', { name: 'Send answer' })).toBeDisabled();
  await dialog.getByLabel('name *').fill('Ada Lovelace');
  const integer = dialog.getByLabel('integer', { exact: true });
  await integer.fill('500');
  await expect(dialog.getByLabel('Answer problems')).toContainText('/integer');
  await integer.fill('7');
  await expect(dialog.getByText("The answer fits the server's form.")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'elicitation-dialog.png') });
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded|Finished/, { timeout: 60_000 });
  await expect(page.getByTestId('result-value')).toContainText('Name: Ada Lovelace');
  await expect(page.getByTestId('result-value')).toContainText('Favorite Integer: 7');
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const rows = page.getByTestId('transcript-row');
  await expect(rows.filter({ hasText: 'server_request_answered' })).toContainText(
    'elicitation answered by a person',
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'elicitation-answered.png') });

  // A sampling request the person declines: the tool reports it, in words.
  await setProgram(
    page,
    'const reply = await everything.trigger_sampling_request({ prompt: "Name a colour" });\nreply',
  );
  await run.click();
  const sampling = page.getByRole('dialog', {
    name: 'everything.trigger_sampling_request asks for a model completion',
  });
  await expect(sampling).toBeVisible({ timeout: 60_000 });
  await expect(sampling.getByLabel('Messages to complete')).toContainText('Name a colour');
  await page.screenshot({ path: join(SCREENSHOTS, 'sampling-dialog.png') });
  await sampling.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('error-message')).toContainText('The user declined the sampling request', {
    timeout: 60_000,
  });
});
