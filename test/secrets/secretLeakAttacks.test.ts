import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { LEAKY_SERVER, startRendererView, writeSinkModule, type RendererView } from './hostHarness';

// Issue 10.5 and 10.8, issue 13.4: a provider that echoes its credential must not get it on screen,
// into the guest (which could pass it to another tool), into a saved transcript or an HTML export.
const TOKEN = 'lk-3f9a7Qz8+very/secret';
const MASK = secretMaskToken('LEAKY_TOKEN');
const leakyEnv = { LEAKY_TOKEN: '${secret:LEAKY_TOKEN}' };

function expectNoLeak(text: string) {
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(encodeURIComponent(TOKEN));
  expect(text).not.toContain(JSON.stringify(TOKEN).slice(1, -1).replace('/', '\\/'));
}

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

describe('a provider that leaks its secret', { timeout: 60_000 }, () => {
  it('never reaches the renderer, the guest, the next tool, a saved transcript or the HTML export', async () => {
    let sink: Awaited<ReturnType<typeof writeSinkModule>> | undefined;
    view = await startRendererView(
      async (dir) => {
        sink = await writeSinkModule(dir);
        return [
          {
            id: 'leaky',
            name: 'leaky',
            kind: 'mcp',
            transport: { type: 'stdio', command: process.execPath, args: [LEAKY_SERVER], env: leakyEnv },
          },
          sink.config,
        ];
      },
      { LEAKY_TOKEN: TOKEN },
    );
    const { runId, result } = await view.run(
      [
        'const out = { env: await leaky.env({}) };',
        'await sink.keep({ env: out.env });',
        'try { await leaky.fails({}) } catch (e) { out.fails = e.message; await sink.keep({ fails: e.message }) }',
        'try { await leaky.crash({}) } catch (e) { out.crash = e.message; await sink.keep({ crash: e.message }) }',
        'return out;',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    const kept = await sink!.contents();
    // The guest got the tool's answers, with the secret masked: it has nothing to pass on.
    expectNoLeak(kept);
    expect(kept.split(MASK).length).toBeGreaterThan(4);
    expect(kept).toContain('as a key');
    expect(kept).toContain('rejected'); // the crash's stderr excerpt reached the guest, masked

    const saved = (await view.call('debug', 'saveTranscript', runId, { name: 'leak' })) as { file: string };
    expectNoLeak(await readFile(saved.file, 'utf8'));
    const { html } = (await view.call('debug', 'exportHtml', { runId })) as { html: string };
    expectNoLeak(html);
    expect(html).toContain(MASK.replace('»', ''));
    await view.call('runs', 'transcript', runId);
    await view.call('providers', 'list');
    expectNoLeak(view.received.join('\n'));
    expect(view.received.join('\n')).toContain(MASK);
  });

  it('masks the stderr excerpt of a server that fails to start in the provider status', async () => {
    view = await startRendererView(
      () => [
        {
          id: 'dies',
          name: 'dies',
          kind: 'mcp',
          transport: {
            type: 'stdio',
            command: process.execPath,
            args: [LEAKY_SERVER, '--die'],
            env: leakyEnv,
          },
        },
      ],
      { LEAKY_TOKEN: TOKEN },
    );
    let statuses = '';
    while (!statuses.includes('"state":"error"')) {
      statuses = JSON.stringify(await view.call('providers', 'list'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statuses).toContain('expired');
    expect(statuses).toContain(MASK);
    expectNoLeak(view.received.join('\n'));
  });

  it('masks a secret set while the host runs, and keeps masking it after it is deleted', async () => {
    view = await startRendererView(() => [], {});
    await view.call('workspace', 'setSecret', 'LATE', 'late-secret-value');
    const { result } = await view.run('throw new Error("oops late-secret-value")');
    expect(JSON.stringify(result)).toContain(secretMaskToken('LATE'));
    await view.call('workspace', 'deleteSecret', 'LATE');
    const again = await view.run('return "still late-secret-value"');
    expect(JSON.stringify(again.result)).not.toContain('late-secret-value');
    expect(view.received.join('\n')).not.toContain('late-secret-value');
  });
});
