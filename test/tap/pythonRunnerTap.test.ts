import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { PYTHON_RUNNER_ARGV, pythonRunnerMissing } from '../support/pythonRunner';
import { buildTapCli, executeMessage, removeTapCli, startHost, tapArgv } from './tapHarness';

const missing = pythonRunnerMissing();

describe.skipIf(missing !== undefined)(
  missing ? `execbox tap with the Python runner (skipped: ${missing})` : 'execbox tap with the Python runner',
  () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'execbox-pytap-'));
      await buildTapCli();
    }, 120_000);
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
      await removeTapCli();
    });

    it('records a host session with tool calls, a trusted failure and a cancel with no findings', async () => {
      const transcript = join(dir, 'python.jsonl');
      const host = startHost(
        tapArgv(['--transcript', transcript, '--name', 'python runner'], PYTHON_RUNNER_ARGV),
      );

      host.send(
        executeMessage('py-1', 'console.log("asking"); const a = await tools.echo({ n: 1 }); a.n + 1'),
      );
      const call = await host.next((m) => m.type === 'tool_call');
      expect(call).toMatchObject({ providerName: 'tools', safeToolName: 'echo', input: { n: 1 } });
      host.send({ type: 'tool_result', callId: call.callId, ok: true, result: { n: 41 } });
      expect(await host.next((m) => m.type === 'done' && m.id === 'py-1')).toMatchObject({
        ok: true,
        result: 42,
        logs: ['asking'],
      });

      host.send(executeMessage('py-2', 'await tools.echo("x")'));
      const failing = await host.next((m) => m.type === 'tool_call' && m.input === 'x');
      host.send({
        type: 'tool_result',
        callId: failing.callId,
        ok: false,
        error: { code: 'tool_error', message: 'upstream said no' },
      });
      expect(await host.next((m) => m.type === 'done' && m.id === 'py-2')).toMatchObject({
        ok: false,
        error: { code: 'tool_error', message: 'upstream said no' },
      });

      host.send(executeMessage('py-3', 'while (true) {}'));
      await host.next((m) => m.type === 'started' && m.id === 'py-3');
      host.send({ type: 'cancel', id: 'py-3' });
      expect(await host.next((m) => m.type === 'done' && m.id === 'py-3')).toMatchObject({
        ok: false,
        error: { code: 'timeout' },
      });
      host.closeStdin();
      expect(await host.exited).toEqual({ code: 0, signal: null });

      const parsed = parseTranscript(await readFile(transcript, 'utf8'));
      expect(parsed.problems).toEqual([]);
      expect(parsed.header).toMatchObject({ name: 'python runner', executor: 'tap' });
      const messages = parsed.entries.flatMap((entry) =>
        entry.kind === 'message'
          ? [`${entry.direction === 'host_to_runner' ? '→' : '←'} ${entry.message.type}`]
          : [],
      );
      expect(messages).toEqual([
        '→ execute',
        '← started',
        '← tool_call',
        '→ tool_result',
        '← done',
        '→ execute',
        '← started',
        '← tool_call',
        '→ tool_result',
        '← done',
        '→ execute',
        '← started',
        '→ cancel',
        '← done',
      ]);
      const findings = JSON.parse(
        await readFile(transcript.replace(/\.jsonl$/, '.findings.json'), 'utf8'),
      ) as {
        findings: unknown[];
      };
      expect(findings.findings).toEqual([]);
      expect(host.stderr()).not.toContain('execbox tap:');
    }, 120_000);
  },
);
