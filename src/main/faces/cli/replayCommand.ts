import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { plural } from '../../../shared/format/plural';
import { CodeSyntaxError } from '../../../shared/normalizeCode';
import { toRunnerCode } from '../../engine/core/toRunnerCode';
import { parseTranscript } from '../../../shared/transcriptFile';
import type { Executor } from '../../engine/core/types';
import { replayRecording } from '../../services/debug/replayRecording';
import { createInProcessExecutor } from '../../engine/executors/createInProcessExecutor';
import { createProcessExecutor } from '../../engine/executors/createProcessExecutor';
import { createWorkerExecutor } from '../../engine/executors/createWorkerExecutor';
import { RUNNER_TOKEN_ENV } from '../../engine/transports/runnerServerDefaults';
import type { RunnerRef } from '../../../shared/runnerRef';
import { terminalAsker } from '../../system/askOnTerminal';
import { createRunnerExecutor, describeRunnerForOutput, parseRunnerFlag } from './runnerFlag';
import { printUsageError } from './commandLine';

const USAGE = `usage: execbox replay FILE.jsonl [--code CODE.js] [--executor inprocess|worker|process | --runner R [--token T]] [--trust] [--json]
  Re-runs a saved transcript with every tool call answered from the recording (no providers needed).
  With --code, runs that code instead of the recorded code against the recorded answers: a
  regression test that the changed program makes the same calls and gets the same result.
  Exit 0: every call and the result matched. Exit 1: the first difference is printed.
  Exit 2: a file or the arguments could not be used (a syntax error in CODE.js included).
  --code      the program to replay against the recording (default: the recorded code)
  --executor  where the guest runs (default: the runner the transcript names, else inprocess)
  --runner    "COMMAND ARGS" or ws://HOST:PORT: replay on this runner instead (token: --token or ${RUNNER_TOKEN_ENV})
  --trust     start the runner command the transcript names without asking (it is asked at a terminal)
  --json      print the outcome as one JSON object on stdout
A transcript recorded by a tap or on a runner command names its runner; the replay runs there, and
the output says which runner it used.`;

const EXECUTORS: Record<string, () => Executor> = {
  inprocess: () => createInProcessExecutor(),
  worker: () => createWorkerExecutor({ mode: 'ephemeral' }),
  process: () => createProcessExecutor({ mode: 'ephemeral' }),
};

/** `execbox replay FILE.jsonl`: a recorded transcript as a regression test. */
export default async function replayCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        executor: { type: 'string' },
        runner: { type: 'string' },
        token: { type: 'string' },
        trust: { type: 'boolean', default: false },
        code: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError('give exactly one transcript file');
  const makeExecutor = EXECUTORS[values.executor ?? 'inprocess'];
  if (!makeExecutor)
    return usageError(`--executor must be inprocess, worker or process (got ${values.executor})`);
  if (values.executor !== undefined && values.runner !== undefined)
    return usageError('give either --executor or --runner');
  let given: RunnerRef | undefined;
  try {
    given = values.runner === undefined ? undefined : parseRunnerFlag(values.runner);
  } catch (error) {
    return usageError((error as Error).message);
  }
  const file = path.resolve(positionals[0]!);

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return usageError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  const transcript = parseTranscript(text, file);
  if (!transcript.header) {
    const problem = transcript.problems[0];
    return usageError(`${file}:${problem?.line ?? 1}: ${problem?.reason ?? 'no transcript header'}`);
  }
  for (const problem of transcript.problems)
    process.stderr.write(
      `execbox replay: warning: ${file}:${problem.line}: ${problem.reason}; replaying the ${transcript.entries.length} entries before it\n`,
    );

  let code = transcript.header.code;
  if (values.code !== undefined) {
    const codeFile = path.resolve(values.code);
    const read = await readCodeFile(codeFile);
    if (!read.ok) return usageError(read.reason);
    code = read.code;
  }

  const recorded = values.executor === undefined ? transcript.header.runner : undefined;
  const runner = given ?? recorded;
  if (runner && !given) {
    const refusal = await recordedRunnerRefusal(runner, values.trust);
    if (refusal) return usageError(refusal);
  }
  const token = values.token ?? (given ? process.env[RUNNER_TOKEN_ENV] : undefined);
  const executor = runner ? await createRunnerExecutor(runner, token) : makeExecutor();
  const on = runner
    ? `${describeRunnerForOutput(runner)}${given ? '' : ', the one the transcript names'}`
    : `the ${values.executor ?? 'inprocess'} executor`;
  try {
    const report = await replayRecording(transcript.header, transcript.entries, executor, code);
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ matched: report.matched, divergence: report.divergence, answeredCalls: report.answeredCalls, result: report.result, ranOn: on, ...(runner ? { runner } : {}) })}\n`,
      );
    } else if (report.matched) {
      process.stdout.write(
        `replay matched on ${on}: ${plural(report.answeredCalls, 'tool call')} answered from the recording, same ${report.result.ok ? 'result' : `${report.result.error.code} error`}\n`,
      );
    } else {
      process.stdout.write(`replay diverged on ${on}: ${report.divergence}\n`);
    }
    return report.matched ? 0 : 1;
  } finally {
    await executor.dispose();
  }
}

/**
 * Why the runner a transcript names may not start, or undefined: a transcript file comes from
 * anyone, so its command starts only with --trust or a yes at the terminal, in a folder that exists.
 */
async function recordedRunnerRefusal(runner: RunnerRef, trust: boolean): Promise<string | undefined> {
  if (runner.kind !== 'command') return undefined;
  const named = describeRunnerForOutput(runner);
  if (runner.cwd && !(await isFolder(runner.cwd)))
    return `the transcript was recorded on ${named}, but that folder is not here; pass --runner "COMMAND ARGS" or --executor`;
  if (trust) return undefined;
  const ask = terminalAsker();
  if (ask && (await ask(`The transcript was recorded on ${named}. Start that command to replay on it?`)))
    return undefined;
  return `the transcript was recorded on ${named}; pass --trust to start that command, or choose with --runner or --executor`;
}

async function isFolder(folder: string): Promise<boolean> {
  return stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/** The code file's text, syntax-checked so a broken file is named with its 1-based line and column. */
async function readCodeFile(
  file: string,
): Promise<{ ok: true; code: string } | { ok: false; reason: string }> {
  let code: string;
  try {
    code = await readFile(file, 'utf8');
  } catch (error) {
    const errno = (error as { code?: unknown }).code;
    return {
      ok: false,
      reason: `cannot read ${file}: ${errno === 'ENOENT' ? 'no such file' : String(error)}`,
    };
  }
  try {
    await toRunnerCode(code);
  } catch (error) {
    if (error instanceof CodeSyntaxError)
      return { ok: false, reason: `${file}:${error.line}:${error.column}: ${error.message}` };
    throw error;
  }
  return { ok: true, code };
}

function usageError(message: string): number {
  return printUsageError('replay', message, USAGE);
}
