import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CodeSyntaxError } from '../../shared/normalizeCode';
import {
  resolveRuntimeOptions,
  RuntimeOptionsError,
  type ExecutorRuntimeOptions,
} from '../../shared/runtimeOptions';
import type { TranscriptEntry } from '../../shared/transcript';
import {
  serializeTranscript,
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_FORMAT_VERSION,
} from '../../shared/transcriptFile';
import { toRunnerCode } from '../core/toRunnerCode';
import { extractProviderManifests } from '../core/extractProviderManifests';
import type { Executor, ResolvedToolProvider } from '../core/types';
import { createInProcessExecutor } from '../executors/createInProcessExecutor';
import { createProcessExecutor } from '../executors/createProcessExecutor';
import { createWorkerExecutor } from '../executors/createWorkerExecutor';
import { NO_SECRET_MASKER, type SecretMasker } from '../secrets/createSecretMasker';
import { withSecretMasking } from '../secrets/withSecretMasking';
import { terminalAsker } from '../workspace/askOnTerminal';
import { openWorkspaceForRun } from '../workspace/openWorkspaceForRun';
import { demoProviders } from './demoProviders';

const USAGE =
  'usage: execbox run FILE [--executor inprocess|worker|process] [--timeout MS] [--memory BYTES] ' +
  '[--max-log-lines N] [--max-log-chars N] [--transcript OUT.jsonl] [--workspace W.execbox.json [--trust]]';

const EXECUTORS = ['inprocess', 'worker', 'process'] as const;
type ExecutorName = (typeof EXECUTORS)[number];

const FLAG_OF_OPTION: Record<keyof ExecutorRuntimeOptions, string> = {
  timeoutMs: '--timeout',
  memoryLimitBytes: '--memory',
  maxLogLines: '--max-log-lines',
  maxLogChars: '--max-log-chars',
};

/** A bad command line: printed as one line, exit code 2. */
class UsageError extends Error {}

function wholeNumber(flag: string, text: string | undefined, scale = 1): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number (got '${text}')`);
  return Number(text) * scale;
}

/** `--memory 67108864`, or with a binary suffix: `64MiB`, `512KiB`, `1GiB` (also k/m/g). */
function byteSize(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\s*(k|kib|m|mib|g|gib|b)?$/i.exec(text);
  if (!match) throw new UsageError(`--memory must be a byte count such as 67108864 or 64MiB (got '${text}')`);
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const scale = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  return Number(match[1]) * scale;
}

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
  let workspace;
  try {
    workspace = await openWorkspaceForRun(values.workspace, {
      trust: values.trust ?? false,
      ask: terminalAsker(),
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  for (const warning of workspace.warnings) process.stderr.write(`execbox run: ${warning}\n`);
  return workspace;
}

function createExecutor(name: ExecutorName): Executor {
  if (name === 'worker') return createWorkerExecutor({ mode: 'ephemeral' });
  if (name === 'process') return createProcessExecutor({ mode: 'ephemeral' });
  return createInProcessExecutor();
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        executor: { type: 'string' },
        timeout: { type: 'string' },
        memory: { type: 'string' },
        'max-log-lines': { type: 'string' },
        'max-log-chars': { type: 'string' },
        transcript: { type: 'string' },
        workspace: { type: 'string' },
        trust: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
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
  let options: ExecutorRuntimeOptions;
  try {
    options = resolveRuntimeOptions({
      timeoutMs: wholeNumber('--timeout', values.timeout),
      memoryLimitBytes: byteSize(values.memory),
      maxLogLines: wholeNumber('--max-log-lines', values['max-log-lines']),
      maxLogChars: wholeNumber('--max-log-chars', values['max-log-chars']),
    });
  } catch (error) {
    if (error instanceof RuntimeOptionsError && error.option) {
      throw new UsageError(
        `${FLAG_OF_OPTION[error.option as keyof ExecutorRuntimeOptions] ?? error.option}: ${error.message}`,
      );
    }
    throw error;
  }

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
  const executor = withSecretMasking(createExecutor(executorName), loaded.masker);
  try {
    const result = await executor.execute(runnerCode, providers, {
      ...options,
      hooks: values.transcript
        ? {
            onMessage: ({ direction, message, at }) =>
              entries.push({ kind: 'message', seq: entries.length, at: at - startedAt, direction, message }),
            onHostEvent: (event, at) =>
              entries.push({ kind: 'event', seq: entries.length, at: at - startedAt, event }),
          }
        : undefined,
    });
    if (values.transcript) {
      const header = {
        format: TRANSCRIPT_FORMAT,
        version: TRANSCRIPT_FORMAT_VERSION,
        code,
        options,
        providers: extractProviderManifests(providers),
        executor: executorName,
        savedAt: new Date().toISOString(),
      } as const;
      await writeFile(values.transcript, serializeTranscript(loaded.masker().mask(header), entries));
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.ok ? 0 : 1;
  } finally {
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
  try {
    return await run(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`execbox run: ${error.message}\n`);
    return 2;
  }
}
