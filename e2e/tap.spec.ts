import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docsPicture } from './docsPicture';
import { expect, SCREENSHOTS, test } from './playgroundFixture';
import { startTappedHost } from './tappedHost';

test('a tapped session streams in live; a held tool_result is edited before the real runner gets it', async ({
  page,
  playground,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-tap-e2e-'));
  const received = join(dir, 'received.jsonl');
  try {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.getByRole('tab', { name: 'Breakpoints' }).click();
    await page.getByLabel('Breakpoint provider').selectOption('demo');
    await page.getByLabel('Breakpoint tool').selectOption('echo');
    await page.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(page.getByTestId('breakpoint')).toHaveCount(1);

    const host = startTappedHost(playground.url, received);
    host.send({
      type: 'execute',
      id: 'tapped-1',
      code: "const r = await demo.echo({ text: 'hi' });\nreturn r;",
      options: { timeoutMs: 60000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 },
      providers: [{ name: 'demo', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }],
    });

    await expect(page.getByTestId('run-origin')).toHaveText('tap: foreign host');
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
    const held = page.getByTestId('paused-call');
    await expect(held).toContainText('tool_call from the runner');
    await expect(held.getByTestId('tap-warning')).toContainText('changes what the real host sees');
    await held.getByLabel('hold the host’s answer too').check();
    await held.getByRole('button', { name: 'Forward as is' }).click();

    const call = await host.next('tool_call');
    host.send({
      type: 'tool_result',
      callId: call.callId,
      ok: true,
      result: { greeting: 'from the real host' },
    });
    await expect(held).toContainText('tool_result from the host');
    await expect(held.getByTestId('tap-warning')).toContainText('changes what the real runner sees');
    const edited = {
      type: 'tool_result',
      callId: call.callId,
      ok: true,
      result: { greeting: 'edited in the app' },
    };
    await held.getByTestId('tap-message-json').fill(JSON.stringify(edited, null, 2));

    await page.getByRole('tab', { name: 'Tap' }).click();
    await expect(page.getByRole('list', { name: 'Tapped sessions' })).toContainText('foreign host');
    await expect(page.getByRole('list', { name: 'Tapped sessions' })).toContainText(
      'holding a message for you',
    );
    await held.getByTestId('tap-warning').scrollIntoViewIfNeeded();
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'tap-held-result.png') });
    await docsPicture(page, 'tap-session.png', () =>
      held.locator('header').evaluate((el) => el.scrollIntoView({ block: 'start' })),
    );

    await held.getByRole('button', { name: 'Forward edited message' }).click();
    await host.next('done');
    host.end();
    expect(await host.exited).toBe(0);
    const sent = await readFile(received, 'utf8');
    expect(sent).toContain('edited in the app');
    expect(sent).not.toContain('from the real host');
    await expect(page.getByRole('list', { name: 'Tapped sessions' })).toContainText('ended');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
