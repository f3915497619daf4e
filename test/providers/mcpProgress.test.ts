import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/executors/createInProcessExecutor';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/host/createPlaygroundHost';
import { checkTranscriptEntry } from '../../src/shared/transcriptEntryCheck';
import { describeEntries } from '../../src/shared/view/describeEntries';
import { startHost, tempDir, writeWorkspace } from '../workspace/hostFixture';

const EVERYTHING = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

let host: PlaygroundHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

async function everythingHost(): Promise<PlaygroundHost> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'progress.execbox.json'), {
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] },
        requestTimeoutMs: 20_000,
      },
    ],
  });
  const { host: workspaceHost } = await startHost({ workspacePath: file, trustAll: true });
  host = createPlaygroundHost({ workspaceHost, createExecutor: () => createInProcessExecutor() });
  return host;
}

describe(
  'MCP progress notifications in the run transcript (server-everything over stdio)',
  { timeout: 90_000 },
  () => {
    it('records each progress notification of trigger-long-running-operation as a tool_progress event', async () => {
      const h = await everythingHost();
      const finished = new Promise<unknown>((resolve) =>
        h.onEvent((event) => event.channel === 'runs' && event.type === 'finished' && resolve(event.result)),
      );
      const { runId } = await h.services.runs.start({
        code: 'const r = await everything.trigger_long_running_operation({ duration: 3, steps: 3 }); return "done";',
        limits: { timeoutMs: 60_000 },
      });
      expect(await finished).toMatchObject({ ok: true, result: 'done' });

      const entries = await h.services.runs.transcript(runId);
      const call = entries.find((entry) => entry.kind === 'message' && entry.message.type === 'tool_call');
      const callId = call?.kind === 'message' && call.message.type === 'tool_call' ? call.message.callId : '';
      const progress = entries.flatMap((entry) =>
        entry.kind === 'event' && entry.event.type === 'tool_progress' ? [entry.event] : [],
      );
      // The SDK drops a progress notification that reaches the client together with the call's
      // response (its handler runs after the response removed the call), so the last may be missing.
      expect(progress.slice(0, 2)).toEqual([
        { type: 'tool_progress', callId, progress: 1, total: 3 },
        { type: 'tool_progress', callId, progress: 2, total: 3 },
      ]);
      expect(progress.length).toBeLessThanOrEqual(3);
      // Recorded progress survives a save and load, and reads as a note on its row.
      for (const entry of entries)
        expect(checkTranscriptEntry(JSON.parse(JSON.stringify(entry))).ok).toBe(true);
      const rows = describeEntries(entries);
      expect(rows.filter((row) => row.type === 'tool_progress').map((row) => row.note)).toContain(
        'progress 2/3',
      );
    });
  },
);

describe('tool_progress transcript entries', () => {
  const entry = (event: Record<string, unknown>) => ({ kind: 'event', seq: 1, at: 2, event });

  it('are rejected when the call or the amount is missing or of the wrong type', () => {
    expect(
      checkTranscriptEntry(entry({ type: 'tool_progress', callId: 'c', progress: 1, total: 2 })).ok,
    ).toBe(true);
    for (const bad of [
      { type: 'tool_progress', callId: 'c' },
      { type: 'tool_progress', callId: 'c', progress: '1' },
      { type: 'tool_progress', progress: 1 },
    ]) {
      const checked = checkTranscriptEntry(entry(bad));
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.reason).toMatch(/entry\.event\.(progress|callId)/);
    }
  });

  it('show the latest progress on the call row until its result arrives', () => {
    const call = {
      kind: 'message' as const,
      seq: 0,
      at: 0,
      direction: 'runner_to_host' as const,
      message: {
        type: 'tool_call' as const,
        id: 'e',
        callId: 'c',
        providerName: 'p',
        safeToolName: 't',
        input: {},
      },
    };
    const progress = (n: number, message?: string) => ({
      kind: 'event' as const,
      seq: n,
      at: n,
      event: { type: 'tool_progress' as const, callId: 'c', progress: n, ...(message ? { message } : {}) },
    });
    const rows = describeEntries([call, progress(1), progress(2, 'halfway')]);
    expect(rows[0]!.note).toBe('progress 2: halfway');
  });
});
