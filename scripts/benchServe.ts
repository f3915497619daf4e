import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createDefaultPlaygroundHost } from '../src/main/app/createDefaultPlaygroundHost';
import { createProcessExecutor } from '../src/main/engine/executors/createProcessExecutor';
import { API_PATH, startPlaygroundServer } from '../src/main/faces/browserServer/startPlaygroundServer';
import { createFileSecretStore } from '../src/main/secrets/createFileSecretStore';

const WORKSPACE = {
  formatVersion: 1,
  name: 'bench',
  providers: [
    {
      id: 'demo',
      name: 'demo',
      kind: 'mock',
      tools: { echo: { inputSchema: { type: 'object' }, response: { mode: 'fixed', result: { ok: true } } } },
    },
  ],
  snippets: [{ id: 'bench', name: 'bench', code: '1' }],
  activeSnippetId: 'bench',
  runtime: { limits: { timeoutMs: 600_000 }, executor: { kind: 'process', mode: 'pooled' } },
};

export const echoLoop = (calls: number, namespace: string) =>
  `for (let i = 0; i < ${calls}; i++) await ${namespace}.echo({ text: 'call ' + i })`;

export interface BenchServe {
  /** Runs a sequential echo loop of `calls` through `serve`; resolves once the page saw it finish. */
  run(calls: number): Promise<void>;
  /** WebSocket messages and bytes the page received so far. */
  received(): { messages: number; bytes: number };
  close(): Promise<void>;
}

/**
 * A real browser-mode server around the default host (a mock provider, the pooled process
 * executor) and one WebSocket page that only counts what it gets and waits for each run's end.
 */
export async function startBenchServe(runnerEntryPath: string): Promise<BenchServe> {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-bench-serve-'));
  const workspacePath = join(dir, 'bench.execbox.json');
  await writeFile(workspacePath, JSON.stringify(WORKSPACE));
  const host = await createDefaultPlaygroundHost({
    configDir: join(dir, 'config'),
    workspacePath,
    secretStore: createFileSecretStore(join(dir, 'config')),
    createExecutor: () => createProcessExecutor({ runnerEntryPath, maxSize: 1 }),
  });
  const server = await startPlaygroundServer({ host, rendererDir: dir });
  const origin = `http://127.0.0.1:${server.port}`;
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${API_PATH}?token=${server.token}`, { origin });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let messages = 0;
  let bytes = 0;
  let waiting: { runId?: string; resolve(): void } | undefined;
  const responses = new Map<number, (value: unknown) => void>();
  socket.on('message', (data: Buffer) => {
    messages += 1;
    bytes += data.length;
    const text = data.toString();
    if (text.startsWith('{"type":"response"')) {
      const response = JSON.parse(text) as { id: number; ok: boolean; value?: unknown; error?: unknown };
      if (!response.ok) throw new Error(`bench call failed: ${JSON.stringify(response.error)}`);
      responses.get(response.id)?.(response.value);
      responses.delete(response.id);
    } else if (waiting?.runId && text.includes('"finished"') && text.includes(waiting.runId))
      waiting.resolve();
  });
  let nextId = 1;
  const call = (namespace: string, method: string, args: unknown[]) => {
    const id = nextId++;
    socket.send(JSON.stringify({ type: 'request', id, namespace, method, args, token: server.token }));
    return new Promise<unknown>((resolve) => responses.set(id, resolve));
  };
  return {
    async run(calls) {
      const finished = new Promise<void>((resolve) => (waiting = { resolve }));
      const { runId } = (await call('runs', 'start', [{ code: echoLoop(calls, 'demo') }])) as {
        runId: string;
      };
      waiting!.runId = runId;
      await finished;
    },
    received: () => ({ messages, bytes }),
    async close() {
      socket.close();
      await server.close();
      await host.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
