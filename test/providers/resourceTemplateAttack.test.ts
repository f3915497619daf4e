import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startRendererView, type RendererView } from '../secrets/hostHarness';

const TEMPLATES = fileURLToPath(new URL('../fixtures/mcp/templateServer.mjs', import.meta.url));

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

const templateServer = () =>
  startRendererView(
    () => [
      {
        id: 'logs',
        name: 'logs',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [TEMPLATES] },
      },
    ],
    {},
  );

// Each of these URIs kept the old matcher (the SDK's regular expression) backtracking on the
// host's main thread for seconds to hours: the test never got its answers and timed out.
describe(
  'guest $readResource against templates that made the old matcher backtrack',
  { timeout: 90_000 },
  () => {
    it('refuses the attack URIs promptly, answers an unrelated request meanwhile, and still reads a matching URI', async () => {
      view = await templateServer();
      const run = view.run(`
      const refusals = [];
      const attacks = ['logs://' + '-'.repeat(3000) + '/', 'grid://' + 'a'.repeat(59) + '/'];
      for (const uri of attacks) {
        try { await logs.$readResource({ uri }); refusals.push('read'); } catch (e) { refusals.push(e.code); }
      }
      const day = await logs.$readResource({ uri: 'logs://2024-05-17' });
      const grid = await logs.$readResource({ uri: 'grid://' + 'a'.repeat(12) });
      return { refusals, day: day.contents[0].text, grid: grid.contents[0].text };
    `);
      const workspace = (await view.call('workspace', 'get')) as { name: string; pendingTrust: unknown[] };
      expect(workspace.pendingTrust).toEqual([]);
      const { result } = await run;
      expect(result).toEqual(
        expect.objectContaining({
          ok: true,
          result: {
            refusals: ['validation_error', 'validation_error'],
            day: 'read logs://2024-05-17',
            grid: 'read grid://aaaaaaaaaaaa',
          },
        }),
      );
    });
  },
);
