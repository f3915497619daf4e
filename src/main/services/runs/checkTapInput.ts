import type { TapHeldMessage } from '../../../shared/api/runs';
import { parseHostMessage, parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TranscriptEntry } from '../../../shared/transcript';
import { runnerRefProblem, type RunnerRef } from '../../../shared/runnerRef';
import { checkTranscriptEntry } from '../../../shared/transcriptEntryCheck';

/** Entries one call may add; a tap sends what it saw since its last call. */
export const MAX_TAP_ENTRIES_PER_CALL = 10_000;
const MAX_TAP_NAME_CHARS = 200;

/** A tap's `{ name }`: a short, non-empty name for the run. */
export function checkTapName(info: unknown): string {
  const name = (info as { name?: unknown } | null)?.name;
  if (typeof info !== 'object' || info === null || typeof name !== 'string' || name.trim() === '')
    throw new InvalidArgumentError('openTap takes { name: string } with a non-empty name');
  if (name.length > MAX_TAP_NAME_CHARS)
    throw new InvalidArgumentError(`the tap's name is longer than ${MAX_TAP_NAME_CHARS} characters`);
  return name;
}

/** A tap's optional `runner`: the runner program or URL it sits in front of, for a replay to use. */
export function checkTapRunner(info: unknown): RunnerRef | undefined {
  const runner = (info as { runner?: unknown }).runner;
  if (runner === undefined) return undefined;
  const problem = runnerRefProblem(runner);
  if (problem) throw new InvalidArgumentError(`openTap's runner${problem}`);
  return runner as RunnerRef;
}

/** Transcript entries from a tap, each checked as a saved transcript's line is; the first bad one is named. */
export function checkTapEntries(value: unknown): TranscriptEntry[] {
  if (!Array.isArray(value)) throw new InvalidArgumentError('entries must be an array of transcript entries');
  if (value.length > MAX_TAP_ENTRIES_PER_CALL)
    throw new InvalidArgumentError(
      `${value.length} entries in one call is more than ${MAX_TAP_ENTRIES_PER_CALL}: send them in parts`,
    );
  return value.map((raw, index) => {
    const checked = checkTranscriptEntry(raw);
    if (!checked.ok) throw new InvalidArgumentError(`entries[${index}]: ${checked.reason}`);
    return checked.entry;
  });
}

/** A message a tap holds: a runner's tool_call or a host's tool_result, strictly parsed. */
export function checkTapHeld(value: unknown): TapHeldMessage {
  if (typeof value !== 'object' || value === null)
    throw new InvalidArgumentError('tapHold takes { direction, message }');
  const { direction, message } = value as { direction?: unknown; message?: unknown };
  if (direction !== 'runner_to_host' && direction !== 'host_to_runner')
    throw new InvalidArgumentError('direction must be "runner_to_host" or "host_to_runner"');
  const parsed = direction === 'runner_to_host' ? parseRunnerMessage(message) : parseHostMessage(message);
  if (!parsed.ok) throw new InvalidArgumentError(`message: ${parsed.reason}`);
  if (parsed.message.type !== 'tool_call' && parsed.message.type !== 'tool_result')
    throw new InvalidArgumentError(
      `a tap holds only tool_call and tool_result messages, not ${parsed.message.type}`,
    );
  return { direction, message: parsed.message };
}
