import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../shared/protocol/limits';
import { parseIntegerFlag } from '../../system/parseIntegerFlag';
import { createTapSession, type TapOutcome } from '../../programs/tap/createTapSession';
import { formatFindings } from '../../programs/tap/formatFindings';
import { runStdioTap } from '../../programs/tap/runStdioTap';
import { writeTapOutcome } from '../../programs/tap/writeTapOutcome';

const USAGE = `usage: execbox tap [--transcript OUT.jsonl] [--name NAME] -- RUNNER_CMD [ARGS…]
  Sits between a host and a runner it did not write: the host starts "execbox tap -- its-runner"
  instead of its runner. Every line passes through unchanged and in order, both ways; the runner's
  stderr and exit code are its own. The session is recorded, and where either side broke the
  protocol is printed on stderr at the end.
  --transcript FILE  save the session as a transcript (and its findings as FILE.findings.json)
  --name NAME        the session's name in the transcript
  --max-message-bytes N  the size cap lines are checked against (default 32 MiB, the protocol's);
                     longer lines still pass through untouched`;

/** `execbox tap -- RUNNER_CMD`: watch, record and check someone else's execbox session. */
export default async function tapCommand(args: string[]): Promise<number> {
  const split = args.indexOf('--');
  const own = split === -1 ? args : args.slice(0, split);
  const runner = split === -1 ? [] : args.slice(split + 1);
  let values;
  try {
    ({ values } = parseArgs({
      args: own,
      options: {
        transcript: { type: 'string' },
        name: { type: 'string' },
        'max-message-bytes': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...commandArgs] = runner;
  if (!command) return usageError('give the runner command after --');

  if (values.transcript !== undefined) {
    const folder = path.dirname(path.resolve(values.transcript));
    const writable = await access(folder, constants.W_OK).then(
      () => true,
      () => false,
    );
    if (!writable) return usageError(`--transcript: cannot write in ${folder}`);
  }

  let maxMessageBytes: number;
  try {
    maxMessageBytes =
      parseIntegerFlag('max-message-bytes', values['max-message-bytes'], 1) ?? DEFAULT_MAX_MESSAGE_BYTES;
  } catch (error) {
    return usageError((error as Error).message);
  }
  const session = createTapSession({ maxMessageBytes, ...(values.name ? { name: values.name } : {}) });
  const exit = await runStdioTap({
    command,
    args: commandArgs,
    session,
    input: process.stdin,
    output: process.stdout,
    forwardSignals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
  });
  await report(session.finish(), values.transcript);
  if (exit.startError) {
    process.stderr.write(`execbox tap: could not start ${command}: ${exit.startError}\n`);
    return 127;
  }
  // Die of the runner's signal, so the host sees what it would have seen without the tap.
  if (exit.signal) process.kill(process.pid, exit.signal);
  return exit.code ?? 1;
}

async function report(outcome: TapOutcome, transcript: string | undefined): Promise<void> {
  for (const line of formatFindings(outcome.findings)) process.stderr.write(`execbox tap: ${line}\n`);
  if (transcript === undefined) return;
  try {
    await writeTapOutcome(outcome, path.resolve(transcript));
  } catch (error) {
    process.stderr.write(`execbox tap: could not save ${transcript}: ${(error as Error).message}\n`);
  }
}

function usageError(message: string): number {
  process.stderr.write(`execbox tap: ${message}\n${USAGE}\n`);
  return 2;
}
