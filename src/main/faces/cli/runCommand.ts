import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { CodeSyntaxError } from '../../../shared/normalizeCode';
import { describeRunOutcome } from '../../../shared/format/describeRunOutcome';
import type { CancelReason } from '../../../shared/runOutcome';
import type { SessionFacts } from '../../engine/core/types';
import { runFacts, runFinishedEvent } from '../../services/runs/runFacts';
import { resolveRuntimeOptions, type ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { TranscriptEntry } from '../../../shared/transcript';
import {
  serializeTranscript,
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_FORMAT_VERSION,
} from '../../../shared/transcriptFile';
import { toRunnerCode } from '../../engine/core/toRunnerCode';
import { extractProviderManifests } from '../../engine/core/extractProviderManifests';
import type { Executor, ResolvedToolProvider } from '../../engine/core/types';
import { NO_SECRET_MASKER, type SecretMasker } from '../../secrets/createSecretMasker';
import { withSecretMasking } from '../../secrets/withSecretMasking';
import { CLI_CODE_CACHE_OUT_ENV } from './cliBundleFiles';
import { demoProviders } from './demoProviders';
import { writeFileAtomic } from '../../system/writeFileAtomic';
import { createRunnerExecutor, parseRunnerFlag, RUNNER_FLAG_USAGE } from './runnerFlag';
import type { RunnerRef } from '../../../shared/runnerRef';
import { RUNNER_TOKEN_ENV } from '../../engine/transports/runnerServerDefaults';
import { parseRuntimeLimitFlags, RUNTIME_LIMIT_OPTIONS, RUNTIME_LIMIT_USAGE } from './runtimeLimitFlags';
import { asUsageAsync, parseCommandLine, runCommandLine, UsageError } from './commandLine';

const USAGE =
  'usage: execbox run FILE [--executor inprocess|worker|process | --runner "COMMAND ARGS"|ws://HOST:PORT [--token T]] ' +
  RUNTIME_LIMIT_USAGE +
  ` [--transcript OUT.jsonl] [--workspace W.execbox.json [--trust]]\n  ${RUNNER_FLAG_USAGE}`;

const EXECUTORS = ['inprocess', 'worker', 'process'] as const;
type ExecutorName = (typeof EXECUTORS)[number];

/**
 * The tool providers a run offers: the workspace's with `--workspace` (what it would start needs
 * `--trust` or a yes at the terminal prompt), else the demo set.
 */
async function loadRunProviders(values: {
  workspace?: string;
  trust?: boolean;
}): Promise<{ providers: ResolvedToolProvider[]; masker(): SecretMasker; dispose(): Promise<void> }> {
  if (!values.workspace)
    return { providers: demoProviders(), masker: () => NO_SECRET_MASKER, dispose: async () => undefined };
  // The workspace layer (providers of every kind, their SDKs) loads only for a workspace run.
  const [{ openWorkspaceForRun }, { terminalAsker, questionOnTerminal }] = await Promise.all([
    import('../../services/workspace/openWorkspaceForRun'),
    import('../../system/askOnTerminal'),
  ]);
  const file = values.workspace;
  const workspace = await asUsageAsync(() =>
    openWorkspaceForRun(file, {
      trust: values.trust ?? false,
      ask: terminalAsker(),
      // A person at the terminal answers MCP servers' elicitation and sampling requests; piped, they are declined.
      ...(process.stdin.isTTY
        ? {
            serverRequestPrompt: {
              ask: questionOnTerminal,
              say: (text: string) => process.stderr.write(text),
            },
          }
        : {}),
    }),
  );
  for (const warning of workspace.warnings) process.stderr.write(`execbox run: ${warning}\n`);
  return workspace;
}

/** Only the chosen executor's code (and its Node built-ins) is loaded. */
async function createExecutor(name: ExecutorName): Promise<Executor> {
  if (name === 'worker')
    return (await import('../../engine/executors/createWorkerExecutor')).createWorkerExecutor({
      mode: 'ephemeral',
    });
  if (name === 'process')
    return (await import('../../engine/executors/createProcessExecutor')).createProcessExecutor({
      mode: 'ephemeral',
    });
  // One execution, then exit: V8's optimizing tier for the QuickJS WebAssembly would compile in
  // background threads that the process waits for at exit (about a second here) and never pays off.
  // Not while the build writes the CLI's code cache, which must match a start with no V8 flag set.
  if (process.env[CLI_CODE_CACHE_OUT_ENV] === undefined) setFlagsFromString('--liftoff-only');
  return (await import('../../engine/executors/createInProcessExecutor')).createInProcessExecutor();
}

function parse(args: string[]) {
  return parseCommandLine(args, {
    executor: { type: 'string' },
    runner: { type: 'string' },
    token: { type: 'string' },
    ...RUNTIME_LIMIT_OPTIONS,
    transcript: { type: 'string' },
    workspace: { type: 'string' },
    trust: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
}

async function run(args: string[]): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'missing FILE' : `one FILE only (got ${positionals.length})`,
    );
  const file = positionals[0]!;
  const executorName = (values.executor ?? 'inprocess') as ExecutorName;
  if (!EXECUTORS.includes(executorName)) {
    throw new UsageError(`--executor must be one of ${EXECUTORS.join(', ')} (got '${values.executor}')`);
  }
  if (values.runner !== undefined && values.executor !== undefined)
    throw new UsageError('give either --executor or --runner');
  if (values.token !== undefined && values.runner === undefined)
    throw new UsageError('--token goes with --runner ws://HOST:PORT');
  let runner: RunnerRef | undefined;
  try {
    runner = values.runner === undefined ? undefined : parseRunnerFlag(values.runner);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const options: ExecutorRuntimeOptions = resolveRuntimeOptions(parseRuntimeLimitFlags(values));

  let code: string;
  try {
    code = await readFile(file, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${reason}`);
  }
  let runnerCode: string;
  try {
    runnerCode = await toRunnerCode(code);
  } catch (error) {
    if (error instanceof CodeSyntaxError)
      throw new UsageError(`${file}:${error.line}:${error.column}: ${error.message}`);
    throw error;
  }

  if (values.trust && !values.workspace) throw new UsageError('--trust needs --workspace');
  const loaded = await loadRunProviders(values);
  const providers = loaded.providers;
  const entries: TranscriptEntry[] = [];
  const startedAt = performance.now();
  // Masked: the tool answers the guest gets, the transcript entries and the printed result.
  const executor = withSecretMasking(
    runner
      ? await createRunnerExecutor(runner, values.token ?? process.env[RUNNER_TOKEN_ENV])
      : await createExecutor(executorName),
    loaded.masker,
  );
  // Ctrl+C cancels the run as the user's (the wire code stays timeout; the outcome says Cancelled).
  const controller = new AbortController();
  const onInterrupt = () => controller.abort('user' satisfies CancelReason);
  process.once('SIGINT', onInterrupt);
  let session: SessionFacts | undefined;
  try {
    const result = await executor.execute(runnerCode, providers, {
      ...options,
      signal: controller.signal,
      hooks: {
        onSettled: (facts) => {
          session = facts;
        },
        ...(values.transcript
          ? {
              onMessage: ({ direction, message, at }) =>
                entries.push({
                  kind: 'message',
                  seq: entries.length,
                  at: at - startedAt,
                  direction,
                  message,
                }),
              onHostEvent: (event, at) =>
                entries.push({ kind: 'event', seq: entries.length, at: at - startedAt, event }),
            }
          : {}),
      },
    });
    process.removeListener('SIGINT', onInterrupt);
    const facts = runFacts(result, performance.now() - startedAt, session, controller.signal, options);
    if (values.transcript)
      entries.push({
        kind: 'event',
        seq: entries.length,
        at: facts.wallMs,
        event: runFinishedEvent(result, facts),
      });
    if (values.transcript) {
      const header = {
        format: TRANSCRIPT_FORMAT,
        version: TRANSCRIPT_FORMAT_VERSION,
        code,
        options,
        providers: extractProviderManifests(providers),
        executor: runner ? runner.kind : executorName,
        ...(runner ? { runner } : {}),
        savedAt: new Date().toISOString(),
      } as const;
      await writeFileAtomic(values.transcript, serializeTranscript(loaded.masker().mask(header), entries));
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (!result.ok) process.stderr.write(`execbox run: ${describeRunOutcome(result, facts).sentence}\n`);
    return result.ok ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    await executor.dispose();
    await loaded.dispose();
  }
}

/**
 * `execbox run FILE`: runs guest code (JavaScript or TypeScript, fenced or not) against the demo providers and prints the ExecuteResult as
 * JSON. Exit code 0 when the run succeeded, 1 when it failed, 2 for a bad command line, an
 * unreadable file or a syntax error (one line on stderr).
 */
export default async function runCommand(args: string[]): Promise<number> {
  return runCommandLine('run', () => run(args));
}
