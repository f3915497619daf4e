import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, LEAKY_PROVIDER, runProgram, SCREENSHOTS, storeSecret, test } from './playgroundFixture';

const TOKEN = 'e2e-leaky-Token-5521';
const MASK = '«secret:LEAKY_TOKEN»';

// Issue 13.4: a stored secret echoed by a tool is masked in the transcript and the result.
test('a stored secret echoed by a tool is masked in the transcript and result, and revealed on request', async ({
  page,
  playground,
}) => {
  const workspace = join(dirname(playground.workspaceFile), 'leaky.execbox.json');
  await writeFile(
    workspace,
    JSON.stringify({
      formatVersion: 1,
      name: 'Leaky',
      providers: [LEAKY_PROVIDER],
      snippets: [{ id: 's', name: 'Echo', code: 'const env = await leaky.env({});\nenv' }],
      activeSnippetId: 's',
    }),
  );

  await storeSecret(page, 'LEAKY_TOKEN', TOKEN);

  await page.getByRole('button', { name: /E2E workspace/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Workspace' });
  await dialog.getByLabel('Open a workspace file').fill(workspace);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(page.getByTestId('provider').filter({ hasText: 'leaky' })).toContainText('ready', {
    timeout: 30_000,
  });

  await runProgram(page);
  const result = page.getByTestId('result');
  await expect(result).toContainText(MASK);
  await expect(result).not.toContainText(TOKEN);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const transcript = page.getByRole('grid', { name: 'Transcript' });
  await transcript.getByTestId('transcript-row').filter({ hasText: 'tool_result' }).first().click();
  await expect(page.locator('body')).toContainText(MASK);
  await expect(page.locator('body')).not.toContainText(TOKEN);
  await page.screenshot({ path: join(SCREENSHOTS, 'secrets-masked.png') });

  // A reveal is per view: the result shows the value, the transcript stays masked.
  await result.getByRole('button', { name: 'Reveal secret LEAKY_TOKEN' }).click();
  await expect(result).toContainText(TOKEN);
  await expect(transcript).not.toContainText(TOKEN);
  await page.screenshot({ path: join(SCREENSHOTS, 'secrets-revealed.png') });
  await result.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(page.locator('body')).not.toContainText(TOKEN);

  // The paused call reveals what the provider answered, in that view only.
  await page.getByRole('tab', { name: 'Breakpoints' }).click();
  await page.getByLabel('Breakpoint provider').selectOption('leaky');
  await page.getByLabel('Breakpoint tool').selectOption('env');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const paused = page.getByTestId('paused-call');
  await expect(paused).toContainText('leaky.env');
  await paused.getByLabel(/hold the real result/).check();
  await paused.getByRole('button', { name: 'Send input' }).click();
  await expect(paused).toContainText('The provider answered');
  await expect(paused).toContainText(MASK);
  await expect(paused).not.toContainText(TOKEN);
  await paused.getByRole('button', { name: 'Reveal secret LEAKY_TOKEN' }).click();
  await expect(paused).toContainText(TOKEN);
  await expect(transcript).not.toContainText(TOKEN);
  await page.screenshot({ path: join(SCREENSHOTS, 'secrets-revealed-paused-call.png') });
  await paused.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(page.locator('body')).not.toContainText(TOKEN);

  // The diff of the two runs and the timeline reveal on request too.
  await paused.getByRole('button', { name: 'Send as is', exact: true }).click();
  await expect(page.getByTestId('run-state')).toHaveText(/Succeeded/);
  await page.getByRole('tab', { name: 'Diff' }).click();
  await page.getByRole('tab', { name: 'result', exact: true }).click();
  const diffPanel = page.locator('.diff-panel');
  const diff = page.getByTestId('diff-editor');
  await expect(diff).toContainText(MASK);
  await diffPanel.getByRole('button', { name: 'Reveal secret LEAKY_TOKEN' }).click();
  await expect(diff).toContainText(TOKEN);
  await diffPanel.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(diff).not.toContainText(TOKEN);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    page.locator('.timeline-panel').getByRole('button', { name: 'Reveal secret LEAKY_TOKEN' }),
  ).toBeVisible();
});
