import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProviderConfig } from '../../src/shared/api/providers';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { RpcResponse } from '../../src/shared/rpc/envelope';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import {
  createDefaultPlaygroundHost,
  type DefaultPlaygroundHostOptions,
} from '../../src/main/app/createDefaultPlaygroundHost';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import type { SecretStore } from '../../src/main/secrets/SecretStore';
import { tempDir, writeWorkspace } from '../workspace/hostFixture';

export const LEAKY_SERVER = fileURLToPath(new URL('../fixtures/mcp/leakyServer.mjs', import.meta.url));

/**
 * A real default host (the app's and browser mode's) seen from the renderer's side: every RPC
 * answer and every event it would receive is kept as text, to search for leaked values.
 */
export interface RendererView {
  host: PlaygroundHost;
  store: SecretStore;
  dir: string;
  /** Every answer and event the renderer received so far, as JSON text. */
  received: string[];
  call(namespace: string, method: string, ...args: unknown[]): Promise<unknown>;
  callRaw(namespace: string, method: string, ...args: unknown[]): Promise<RpcResponse>;
  run(code: string): Promise<{ runId: string; result: ExecuteResult }>;
  dispose(): Promise<void>;
}

export async function startRendererView(
  providers: (dir: string) => ProviderConfig[] | Promise<ProviderConfig[]>,
  secrets: Record<string, string>,
  hostOptions: Partial<DefaultPlaygroundHostOptions> = {},
): Promise<RendererView> {
  const dir = await tempDir('execbox-secrets-');
  const configDir = path.join(dir, 'config');
  const fileStore = createFileSecretStore(configDir);
  for (const [name, value] of Object.entries(secrets)) await fileStore.set(name, value);
  const workspacePath = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
    providers: await providers(dir),
  });
  const host = await createDefaultPlaygroundHost({
    configDir,
    workspacePath,
    secretStore: fileStore,
    createExecutor: () => createInProcessExecutor(),
    ...hostOptions,
  });
  const received: string[] = [];
  const events: PlaygroundEvent[] = [];
  host.onEvent((event) => {
    events.push(event);
    received.push(JSON.stringify(event));
  });
  let nextId = 1;
  const callRaw = async (namespace: string, method: string, ...args: unknown[]) => {
    const response = await host.handle({ type: 'request', id: nextId++, namespace, method, args });
    received.push(JSON.stringify(response));
    return response;
  };
  const call = async (namespace: string, method: string, ...args: unknown[]) => {
    const response = await callRaw(namespace, method, ...args);
    if (!response.ok) throw new Error(`${namespace}.${method}: ${response.error.message}`);
    return response.value;
  };
  const view: RendererView = {
    host,
    store: fileStore,
    dir,
    received,
    call,
    callRaw,
    async run(code) {
      const { runId } = (await call('runs', 'start', { code })) as { runId: string };
      for (;;) {
        const finished = events.find(
          (event) => event.channel === 'runs' && event.type === 'finished' && event.runId === runId,
        );
        if (finished && finished.channel === 'runs' && finished.type === 'finished')
          return { runId, result: finished.result };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    dispose: () => host.dispose(),
  };
  // Allow what the workspace starts (browser mode: the renderer's answer decides).
  const workspace = (await call('workspace', 'get')) as { pendingTrust: { id: string }[] };
  for (const request of workspace.pendingTrust) await call('workspace', 'answerTrust', request.id, true);
  return view;
}

/**
 * A trusted module provider `sink.keep(input)` that appends every input it receives to a file:
 * what guest code passes on, seen from outside the host's masking.
 */
export async function writeSinkModule(
  dir: string,
): Promise<{ config: ProviderConfig; contents(): Promise<string> }> {
  const file = path.join(dir, 'sink.jsonl');
  await writeFile(file, '');
  await writeFile(
    path.join(dir, 'sink.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport const tools = [{ name: 'keep', execute: (input) => { appendFileSync(${JSON.stringify(file)}, JSON.stringify(input) + '\\n'); return 'kept'; } }];\n`,
  );
  return {
    config: { id: 'sink', name: 'sink', kind: 'module', path: './sink.mjs' },
    contents: () => readFile(file, 'utf8'),
  };
}
