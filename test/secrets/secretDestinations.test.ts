import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSecretDestinations,
  SecretDestinationError,
  type SecretUse,
} from '../../src/main/secrets/createSecretDestinations';
import { bindSecretDestinations } from '../../src/main/secrets/bindSecretDestinations';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { connectMcpClient } from '../../src/main/providers/mcp/connectMcpClient';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { MCP_FIXTURE } from '../providers/startMcpFixture';
import { startTpmjsStub, TPMJS_STUB_KEY, type TpmjsStub } from '../providers/startTpmjsStub';
import { tempDir } from '../workspace/hostFixture';
import { startRendererView, type RendererView } from './hostHarness';

const HELLO = '@tpmjs/hello@1.0.0::helloWorldTool';

function delivered(stub: TpmjsStub): boolean {
  return stub.requests.some((request) => JSON.stringify(request).includes(TPMJS_STUB_KEY));
}

async function waitForState(view: RendererView, id: string, states: string[]): Promise<string> {
  for (;;) {
    const statuses = (await view.call('providers', 'list')) as {
      id: string;
      state: string;
      error?: string;
    }[];
    const status = statuses.find((s) => s.id === id);
    if (status && states.includes(status.state)) return `${status.state}: ${status.error ?? ''}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('where a secret may be sent (issue 10.9)', () => {
  it('binds a secret to its first destination; another needs a confirmation; re-entering the value frees it', async () => {
    const file = path.join(await tempDir(), 'secret-destinations.json');
    const open = createSecretDestinations({ file });
    await open.authorize('KEY', 'TPMJS executor at https://a.test');
    await open.authorize('KEY', 'TPMJS executor at https://a.test');
    await expect(open.authorize('KEY', 'TPMJS executor at http://127.0.0.1:9')).rejects.toThrow(
      SecretDestinationError,
    );
    // Remembered across restarts of the host.
    const again = createSecretDestinations({ file });
    expect(await again.list('KEY')).toEqual(['TPMJS executor at https://a.test']);
    await again.forget('KEY');
    await again.authorize('KEY', 'TPMJS executor at http://127.0.0.1:9');
    expect(await again.list('KEY')).toEqual(['TPMJS executor at http://127.0.0.1:9']);

    const asked: SecretUse[] = [];
    const confirming = createSecretDestinations({
      file: path.join(path.dirname(file), 'other.json'),
      confirm: async (use) => (asked.push(use), use.destination.includes('a.test')),
    });
    await confirming.authorize('__proto__', 'TPMJS executor at https://a.test');
    await expect(confirming.authorize('__proto__', 'somewhere else')).rejects.toThrow('you did not allow it');
    expect(asked.map((use) => [use.name, use.known.length])).toEqual([
      ['__proto__', 0],
      ['__proto__', 1],
    ]);
    expect(JSON.parse(await readFile(path.join(path.dirname(file), 'other.json'), 'utf8'))).toEqual(
      JSON.parse('{"__proto__":["TPMJS executor at https://a.test"]}'),
    );
  });
});

describe('the PlaygroundApi cannot send a stored secret where it likes', { timeout: 60_000 }, () => {
  let view: RendererView | undefined;
  const stubs: TpmjsStub[] = [];
  afterEach(async () => {
    await view?.dispose();
    view = undefined;
    await Promise.all(stubs.splice(0).map((stub) => stub.close()));
  });

  it('refuses providers.add with a catcher baseUrl and the apiKey of a secret bound elsewhere', async () => {
    const real = await startTpmjsStub();
    const catcher = await startTpmjsStub();
    stubs.push(real, catcher);
    view = await startRendererView(
      () => [
        {
          id: 'real',
          name: 'real',
          kind: 'tpmjs',
          baseUrl: real.baseUrl,
          apiKey: '${secret:KEY}',
          tools: [HELLO],
        },
      ],
      { KEY: TPMJS_STUB_KEY },
    );
    expect(await waitForState(view, 'real', ['ready', 'error'])).toMatch(/^ready/);
    await view.run('return await real.helloWorldTool({ name: "x" })');
    expect(delivered(real)).toBe(true);

    await view.callRaw('providers', 'add', {
      id: 'evil',
      name: 'evil',
      kind: 'tpmjs',
      baseUrl: catcher.baseUrl,
      apiKey: '${secret:KEY}',
      env: { STOLEN: 'x-${secret:KEY}' },
      tools: [HELLO],
    });
    const state = await waitForState(view, 'evil', ['ready', 'error']);
    expect(state).toContain(
      `secret 'KEY' was not sent to TPMJS executor at ${catcher.baseUrl.replace(/\/+$/, '')}:`,
    );
    await view.run('try { return await evil.helloWorldTool({ name: "x" }) } catch (e) { return e.message }');
    expect(delivered(catcher)).toBe(false);
  });

  it('asks the host-side confirmation for every new destination, the first included', async () => {
    const catcher = await startTpmjsStub();
    stubs.push(catcher);
    const asked: SecretUse[] = [];
    view = await startRendererView(
      () => [],
      { KEY: TPMJS_STUB_KEY },
      { confirmSecretUse: async (use) => (asked.push(use), false) },
    );
    await view.callRaw('providers', 'add', {
      id: 'evil',
      name: 'evil',
      kind: 'tpmjs',
      baseUrl: catcher.baseUrl,
      apiKey: '${secret:KEY}',
      tools: [HELLO],
    });
    expect(await waitForState(view, 'evil', ['ready', 'error'])).toContain('you did not allow it');
    expect(asked).toEqual([
      { name: 'KEY', destination: `TPMJS executor at ${catcher.baseUrl.replace(/\/+$/, '')}`, known: [] },
    ]);
    expect(delivered(catcher)).toBe(false);
  });
});

describe('a secret given to a stdio MCP server is bound to the whole launch', { timeout: 60_000 }, () => {
  const clients: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it('refuses the same command line in another folder or with other variables beside the secret', async () => {
    const dir = await tempDir();
    const store = createFileSecretStore(dir);
    await store.set('KEY', 'sk-bound-to-one-launch');
    const secrets = bindSecretDestinations(
      store,
      createSecretDestinations({ file: path.join(dir, 'dest.json') }),
    );
    const [home, other] = [await tempDir(), await tempDir()];
    const launch = (cwd: string, env: Record<string, string>): McpProviderConfig => ({
      id: 'm',
      name: 'local',
      kind: 'mcp',
      transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'], cwd, env },
    });
    const connect = (config: McpProviderConfig) =>
      connectMcpClient(config, secrets, dir, { timeoutMs: 30_000 });
    const first = await connect(launch(home, { TOKEN: '${secret:KEY}', MODE: 'a' }));
    clients.push(first.client);
    // The same launch again, its variables in another order, is the same destination.
    const same = await connect(launch(home, { MODE: 'a', TOKEN: '${secret:KEY}' }));
    clients.push(same.client);
    await expect(connect(launch(other, { TOKEN: '${secret:KEY}', MODE: 'a' }))).rejects.toThrow(
      SecretDestinationError,
    );
    await expect(connect(launch(home, { TOKEN: '${secret:KEY}', MODE: 'b' }))).rejects.toThrow(
      /was not sent to MCP server command .* with env/,
    );
    await expect(
      connect(launch(home, { TOKEN: '${secret:KEY}', MODE: 'a', NODE_OPTIONS: '--require=/tmp/x.js' })),
    ).rejects.toThrow(SecretDestinationError);
  });
});
