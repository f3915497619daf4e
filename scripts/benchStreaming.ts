import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createDefaultPlaygroundHost } from '../src/main/app/createDefaultPlaygroundHost';
import { resolveProvider } from '../src/main/engine/core/resolveProvider';
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

const loop = (calls: number, namespace: string) =>
  `for (let i = 0; i < ${calls}; i++) await ${namespace}.echo({ text: 'call ' + i })`;

export interface StreamingFigures {
  /** ms a call, a run through `serve` (host, transcript, streaming to one connected page). */
  serve: number[];
  /** ms a call, the same loop on the same kind of executor with no host around it. */
  bare: number[];
  /** WebSocket messages and bytes the page received per call. */
  messagesPerCall: number;
  bytesPerCall: number;
}

/**
 * The per-call cost of the streaming path: a sequential tool-call loop run through a real browser-mode
 * server (the default host, a mock provider, the pooled process executor, one WebSocket page that
 * only counts what it gets), beside the same loop on a bare pooled process executor; alternating rounds.
 */
export async function streamingPerCall(
  runnerEntryPath: string,
  calls: number,
  rounds: number,
): Promise<StreamingFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-bench-stream-'));
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
    } else if (waiting?.runId && text.includes('"type":"finished"') && text.includes(waiting.runId))
      waiting.resolve();
  });
  let nextId = 1;
  const call = (namespace: string, method: string, args: unknown[]) => {
    const id = nextId++;
    socket.send(JSON.stringify({ type: 'request', id, namespace, method, args, token: server.token }));
    return new Promise<unknown>((resolve) => responses.set(id, resolve));
  };
  const serveRun = async (n: number): Promise<number> => {
    const finished = new Promise<void>((resolve) => (waiting = { resolve }));
    const start = performance.now();
    const { runId } = (await call('runs', 'start', [{ code: loop(n, 'demo') }])) as { runId: string };
    waiting!.runId = runId;
    await finished;
    return (performance.now() - start) / n;
  };

  const bare = createProcessExecutor({ runnerEntryPath, maxSize: 1 });
  const providers = [resolveProvider({ name: 'demo', tools: { echo: { execute: () => ({ ok: true }) } } })];
  const bareRun = async (n: number): Promise<number> => {
    const start = performance.now();
    const result = await bare.execute(loop(n, 'demo'), providers, { timeoutMs: 600_000 });
    if (!result.ok) throw new Error(`bench run failed: ${result.error.message}`);
    return (performance.now() - start) / n;
  };

  const figures: StreamingFigures = { serve: [], bare: [], messagesPerCall: 0, bytesPerCall: 0 };
  try {
    await serveRun(2000);
    await bareRun(2000);
    for (let round = 0; round < rounds; round++) {
      const [messagesBefore, bytesBefore] = [messages, bytes];
      figures.serve.push(await serveRun(calls));
      figures.messagesPerCall = (messages - messagesBefore) / calls;
      figures.bytesPerCall = (bytes - bytesBefore) / calls;
      figures.bare.push(await bareRun(calls));
    }
  } finally {
    socket.close();
    await server.close();
    await Promise.all([host.dispose(), bare.dispose()]);
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
