import { access, constants } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../shared/protocol/limits';
import { RUNNER_TOKEN_ENV } from '../../engine/transports/runnerServerDefaults';
import type { RunnerRef } from '../../../shared/runnerRef';
import { createTapSession, type TapOutcome, type TapSession } from '../../programs/tap/createTapSession';
import type { TranscriptEntry } from '../../../shared/transcript';
import { appHoldPolicy } from '../../programs/tap/appHoldPolicy';
import { connectAppTap, type AppTap } from '../../programs/tap/connectAppTap';
import type { HoldPolicy } from '../../programs/tap/HoldPolicy';
import { formatFindings } from '../../programs/tap/formatFindings';
import { runStdioTap } from '../../programs/tap/runStdioTap';
import { startWebSocketTap } from '../../programs/tap/startWebSocketTap';
import { writeTapOutcome } from '../../programs/tap/writeTapOutcome';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { parseHostPort } from '../../system/parseHostPort';
import { parseIntegerFlag } from '../../system/parseIntegerFlag';
import { createScratchDir } from '../../system/createScratchDir';
import { printUsageError } from './commandLine';

const USAGE = `usage: execbox tap [--transcript OUT.jsonl] [--name NAME] [--app URL] -- RUNNER_CMD [ARGS…]
       execbox tap --listen [HOST:]PORT --to ws://HOST:PORT [--token T] [--transcript OUT.jsonl] [--name NAME] [--app URL]
  Sits between a host and a runner it did not write. Over stdio the host starts "execbox tap --
  its-runner" instead of its runner; every line passes through unchanged and in order, both ways,
  and the runner's stderr and exit code are its own. Each session is recorded, and where either side
  broke the protocol is printed on stderr when it ends.
  --transcript FILE      save the session as a transcript, its findings beside it as
                         FILE.findings.json (with --listen, session N is saved as FILE-N.jsonl)
  --name NAME            the session's name in the transcript
  --max-message-bytes N  the size cap messages are checked against (default 32 MiB, the protocol's);
                         over stdio longer lines still pass through untouched
  --listen [HOST:]PORT   WebSocket: listen as a runner server does and join each connection to the
  --to URL               runner at URL; the host's token is passed on unchanged
  --token T              the token a connection must present (or set ${RUNNER_TOKEN_ENV}); required
                         with --listen, as for execbox runner --listen
  --app URL              stream each session live into a running execbox serve (the URL it
                         prints, token in #token= or EXECBOX_TOKEN): a run with origin "tap" whose
                         breakpoints hold the runner's tool_call or the host's tool_result, and
                         what a person forwards, edits or drops there is what the programs get`;

interface TapFlags {
  transcript?: string;
  /** Where sessions longer than their tail are kept until saved (with --transcript). */
  spillFile?: (session: string) => string;
  name?: string;
  maxMessageBytes: number;
}

/** `execbox tap`: watch, record and check someone else's execbox session. */
export default async function tapCommand(args: string[]): Promise<number> {
  const split = args.indexOf('--');
  const own = split === -1 ? args : args.slice(0, split);
  const runner = split === -1 ? [] : args.slice(split + 1);
  let values;
  let flags: TapFlags;
  try {
    ({ values } = parseArgs({
      args: own,
      options: {
        transcript: { type: 'string' },
        name: { type: 'string' },
        'max-message-bytes': { type: 'string' },
        listen: { type: 'string' },
        to: { type: 'string' },
        token: { type: 'string' },
        app: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
    flags = {
      maxMessageBytes:
        parseIntegerFlag('max-message-bytes', values['max-message-bytes'], 1) ?? DEFAULT_MAX_MESSAGE_BYTES,
      ...(values.transcript !== undefined ? { transcript: path.resolve(values.transcript) } : {}),
      ...(values.name !== undefined ? { name: values.name } : {}),
    };
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (flags.transcript !== undefined) {
    const folder = path.dirname(flags.transcript);
    const writable = await access(folder, constants.W_OK).then(
      () => true,
      () => false,
    );
    if (!writable) return usageError(`--transcript: cannot write in ${folder}`);
  }
  if (values.listen !== undefined || values.to !== undefined) {
    if (runner.length > 0) return usageError('give either a runner command after -- or --listen and --to');
    if (values.listen === undefined || values.to === undefined)
      return usageError('--listen and --to go together');
    return withScratch(flags, (withSpill) =>
      listen(
        values.listen!,
        values.to!,
        values.token ?? process.env[RUNNER_TOKEN_ENV],
        withSpill,
        values.app,
      ),
    );
  }
  const [command, ...commandArgs] = runner;
  if (!command) return usageError('give the runner command after --');
  let signal: NodeJS.Signals | undefined;
  const code = await withScratch(flags, async (withSpill) => {
    const exit = await stdio(command, commandArgs, withSpill, values.app);
    signal = exit.signal;
    return exit.code;
  });
  // Die of the runner's signal, so the host sees what it would have seen without the tap.
  if (signal) process.kill(process.pid, signal);
  return code;
}

/** With --transcript, a private folder for the sessions' files until they are saved, removed after. */
async function withScratch(flags: TapFlags, run: (flags: TapFlags) => Promise<number>): Promise<number> {
  if (flags.transcript === undefined) return run(flags);
  const scratch = createScratchDir('execbox-tap-');
  try {
    return await run({ ...flags, spillFile: (session) => path.join(scratch.path(), `${session}.jsonl`) });
  } finally {
    scratch.remove();
  }
}

async function stdio(
  command: string,
  commandArgs: string[],
  flags: TapFlags,
  appUrl: string | undefined,
): Promise<{ code: number; signal?: NodeJS.Signals }> {
  let connection: AppConnection;
  try {
    connection = await openConnection(flags, appUrl, flags.name ?? path.basename(command), {
      kind: 'command',
      command,
      args: commandArgs,
      cwd: process.cwd(),
    });
  } catch (error) {
    process.stderr.write(`execbox tap: ${(error as Error).message}\n`);
    return { code: 2 };
  }
  const { session, app, hold } = connection;
  const exit = await runStdioTap({
    command,
    args: commandArgs,
    session,
    input: process.stdin,
    output: process.stdout,
    forwardSignals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
    ...(hold ? { hold } : {}),
  });
  const outcome = session.finish();
  await app?.close();
  await report(outcome, flags.transcript);
  if (exit.startError) {
    process.stderr.write(`execbox tap: could not start ${command}: ${exit.startError}\n`);
    return { code: 127 };
  }
  return { code: exit.code ?? 1, ...(exit.signal ? { signal: exit.signal } : {}) };
}

async function listen(
  address: string,
  to: string,
  token: string | undefined,
  flags: TapFlags,
  appUrl: string | undefined,
): Promise<number> {
  if (!token)
    return usageError(`refusing to listen without a token; pass --token T or set ${RUNNER_TOKEN_ENV}`);
  let target: URL;
  try {
    target = new URL(to);
  } catch {
    return usageError(`--to: '${to}' is not a URL; expected ws://HOST:PORT`);
  }
  if (target.protocol !== 'ws:' && target.protocol !== 'wss:')
    return usageError(`--to: '${to}' is not a ws:// or wss:// URL`);
  let listenOn;
  try {
    listenOn = parseHostPort(address);
  } catch (error) {
    return usageError(`--listen: ${(error as Error).message}`);
  }
  let sessions = 0;
  let connections = 0;
  const saving = new Set<Promise<void>>();
  const tap = await startWebSocketTap({
    ...listenOn,
    to: target.href,
    token,
    maxMessageBytes: flags.maxMessageBytes,
    newConnection: () => {
      connections += 1;
      return openConnection(flags, appUrl, `${flags.name ?? 'tap'} #${connections}`, {
        kind: 'remote',
        url: target.href,
      });
    },
    onSessionEnd: ({ session, app }) => {
      sessions += 1;
      const file = flags.transcript?.replace(/(\.jsonl)?$/i, `-${sessions}.jsonl`);
      const outcome = session.finish();
      const saved = Promise.all([app?.close(), report(outcome, file)])
        .then(() => undefined)
        .finally(() => saving.delete(saved));
      saving.add(saved);
    },
    log: (line) => process.stderr.write(`execbox tap: ${line}\n`),
  });
  if (!isLoopbackHost(listenOn.host))
    process.stderr.write(
      `\n  WARNING: the tap listens on ${listenOn.host}, reachable from other machines.\n` +
        '  Anyone with the token can run code through it; the connection is not encrypted (use a TLS proxy).\n\n',
    );
  process.stdout.write(`execbox tap listening on ${tap.url}, passing sessions to ${target.href}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await tap.close();
  await Promise.all(saving);
  return 0;
}

interface AppConnection {
  session: TapSession;
  app?: AppTap;
  hold?: HoldPolicy;
}

/**
 * A session to record, streamed into the app when there is one. The app's run starts its clock when
 * it opens, and the session's clock just after, so the two agree.
 */
async function openConnection(
  flags: TapFlags,
  appUrl: string | undefined,
  appName: string,
  runner: RunnerRef,
): Promise<AppConnection> {
  const app =
    appUrl === undefined
      ? undefined
      : await connectAppTap(appUrl, appName, process.env.EXECBOX_TOKEN, runner, (reason) =>
          process.stderr.write(
            `execbox tap: ${appName}: the app is gone (${reason}); the session goes on, no longer shown there\n`,
          ),
        );
  const spillFile = flags.spillFile;
  const session = createTapSession({
    runner,
    maxMessageBytes: flags.maxMessageBytes,
    ...(spillFile ? { spillFile: () => spillFile(randomUUID()) } : {}),
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    ...(app ? { onEntry: (entry: TranscriptEntry) => app.add(entry) } : {}),
  });
  return app ? { session, app, hold: appHoldPolicy(app, session) } : { session };
}

async function report(outcome: TapOutcome, transcript: string | undefined): Promise<void> {
  for (const line of formatFindings(outcome.findings, outcome.droppedFindings))
    process.stderr.write(`execbox tap: ${line}\n`);
  try {
    if (transcript !== undefined) await writeTapOutcome(outcome, transcript);
  } catch (error) {
    process.stderr.write(`execbox tap: could not save ${transcript}: ${(error as Error).message}\n`);
  } finally {
    outcome.dispose();
  }
}

function usageError(message: string): number {
  return printUsageError('tap', message, USAGE);
}
