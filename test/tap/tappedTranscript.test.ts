import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import replayCommand from '../../src/main/faces/cli/replayCommand';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { diffTranscripts } from '../../src/shared/transcriptDiff';
import { parseTranscript, type ParsedTranscript } from '../../src/shared/transcriptFile';
import { renderTranscriptHtml } from '../../src/shared/transcriptHtml';
import { withDoneValue } from '../../src/shared/view/withDoneValue';
import { captureOutput } from '../debug/captureOutput';
import { createDebugHostHarness, SECRET } from '../debug/debugHostHarness';
import { buildTapCli, OWN_RUNNER, removeTapCli, startHost, tapArgv } from './tapHarness';

const CODE = 'const a = await demo.echo({ q: 1 });\nconsole.log("one call");\nreturn a.echoed;';
const DEMO = [{ name: 'demo', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }];

let file: string;
let tapped: ParsedTranscript;

/** A host written in the test runs CODE through the tap against the project's runner. */
beforeAll(async () => {
  await buildTapCli();
  file = join(tmpdir(), `execbox-tapped-${process.pid}.jsonl`);
  const host = startHost(tapArgv(['--transcript', file, '--name', 'tapped <demo>'], OWN_RUNNER));
  host.send({
    type: 'execute',
    id: 'exec-1',
    code: CODE,
    options: { timeoutMs: 60000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 },
    providers: DEMO,
  });
  const call = await host.next((m) => m.type === 'tool_call');
  host.send({
    type: 'tool_result',
    callId: call.callId,
    ok: true,
    result: { echoed: call.input, key: SECRET },
  });
  await host.next((m) => m.type === 'done');
  host.closeStdin();
  await host.exited;
  tapped = parseTranscript(await readFile(file, 'utf8'));
}, 120_000);
afterAll(async () => {
  await rm(file, { force: true });
  await removeTapCli();
  await rm(file.replace(/\.jsonl$/, '.findings.json'), { force: true });
});

describe('a tapped transcript is a normal transcript', () => {
  it('names the runner it tapped in its header', () => {
    expect(tapped.header?.runner).toEqual({
      kind: 'command',
      command: OWN_RUNNER[0],
      args: OWN_RUNNER.slice(1),
      cwd: process.cwd(),
    });
  });

  it('replays with execbox replay on the runner it tapped, against its recorded answers, and says so', async () => {
    const out = await captureOutput(() => replayCommand([file, '--trust']));
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe(
      `replay matched on runner ${OWN_RUNNER.join(' ')} (in ${process.cwd()}), the one the transcript names: 1 tool call answered from the recording, same result\n`,
    );
    expect(out.code).toBe(0);
  });

  it('does not start the runner a transcript names without --trust (nobody to ask here)', async () => {
    const out = await captureOutput(() => replayCommand([file]));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(
      `the transcript was recorded on runner ${OWN_RUNNER.join(' ')} (in ${process.cwd()}); pass --trust to start that command, or choose with --runner or --executor`,
    );
    const inProcess = await captureOutput(() => replayCommand([file, '--executor', 'inprocess']));
    expect(inProcess.stdout).toBe(
      'replay matched on the inprocess executor: 1 tool call answered from the recording, same result\n',
    );
  });

  it('diffs against a run the app made of the same code: the same calls and result', async () => {
    const harness = await createDebugHostHarness(createInProcessExecutor());
    try {
      const { runId } = await harness.runs.start({ code: CODE });
      const result = await harness.finished(runId);
      const appRun = withDoneValue(await harness.runs.transcript(runId), result);
      const diff = diffTranscripts(tapped.entries, appRun);
      expect(diff.left.code).toBe(diff.right.code);
      expect(diff.left.result).toBe(diff.right.result);
      // Only the timeout differs: the app's host sends the runner a ceiling and keeps time itself.
      expect(diff.rows.map((row) => [row.key, row.same])).toEqual([
        ['execute', false],
        ['call:call-1', true],
        ['done', true],
      ]);
    } finally {
      await harness.dispose();
    }
  });

  it('renders as an HTML report, with the tap and its runner process named and every string escaped', () => {
    const html = renderTranscriptHtml(tapped.header, tapped.entries, tapped.problems);
    expect(html).toContain('<title>Transcript: tapped &lt;demo&gt;</title>');
    expect(html).toContain('executor tap');
    expect(html).toContain('runner_process_started');
    expect(html).toContain('runner_process_exited');
    expect(html).not.toContain('<demo>');
  });
});
