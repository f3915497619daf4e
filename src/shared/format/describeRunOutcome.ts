import type { RunOrigin } from '../api/runs';
import type { ExecuteError } from '../errors';
import type { RunEnd, RunFacts } from '../runOutcome';
import { describeExecuteError } from './describeExecuteError';
import { formatBytes } from './formatBytes';
import { formatDuration } from './formatDuration';

/**
 * What ended a run, told apart by what the host recorded: the run's own limit, a tool's or its
 * provider's limit, a cancel (the person's or the agent's), the host stopping, the program's own
 * error, a tool's error, the sandbox failing, or a setting the host refused.
 */
export type RunOutcomeKind =
  | 'succeeded'
  | 'cancelled'
  | 'stopped'
  | 'timed_out'
  | 'tool_timed_out'
  | 'out_of_memory'
  | 'guest_error'
  | 'tool_failed'
  | 'sandbox_failed'
  | 'refused';

export interface RunOutcomeText {
  kind: RunOutcomeKind;
  /** One or two words for a badge or a list: "Succeeded", "Cancelled", "Tool timed out". */
  title: string;
  /** The whole outcome in one sentence: "Cancelled after 1.02 s". */
  sentence: string;
  /** The sentence without the error's code and message, for views that show those apart (`error`). */
  headline: string;
  /** What it means for the person, in a sentence: "A tool did not answer within its own limit; …". */
  explanation: string;
  /** The error to show beside the headline, when the outcome is a failure with a message worth reading. */
  error?: ExecuteError;
  /** Where the time went, when there is more to say than the sentence: "guest 218 ms · held 27.1 s". */
  timing?: string;
}

function timingOf(facts: Partial<RunFacts> | undefined): string | undefined {
  if (!facts || facts.guestMs === undefined) return undefined;
  const parts = [`guest ${formatDuration(facts.guestMs)}`];
  if (facts.heldMs) parts.push(`held ${formatDuration(facts.heldMs)}`);
  return parts.join(' · ');
}

type Described = Omit<RunOutcomeText, 'timing' | 'headline'> & { headline?: string };

const GUEST_ERROR_WORDS: Partial<Record<ExecuteError['code'], string>> = {
  runtime_error: 'The program threw an error and did not catch it.',
  serialization_error: 'A value could not cross the sandbox boundary (only JSON-like values can).',
};

/** The outcome of a failed run that nobody cancelled, from the error and the facts the host recorded. */
function describeFailure(error: ExecuteError, facts: Partial<RunFacts> | undefined, wall: string): Described {
  const call = facts?.failedCall;
  const toolName = call ? `${call.providerName}.${call.toolName}` : error.tool;
  const withError = (kind: RunOutcomeKind, title: string, headline: string, explanation: string) => ({
    kind,
    title,
    headline,
    // The headline names a failed tool already: its message follows without the name again.
    sentence:
      kind === 'tool_failed'
        ? `${headline} with ${error.code}: ${error.message}`
        : `${headline} (${error.code}: ${describeExecuteError(error)})`,
    explanation,
    error,
  });
  if (facts?.refusedOption)
    return {
      kind: 'refused',
      title: 'Refused',
      headline: 'Not run: the host refused a setting',
      sentence: `Not run: ${error.message}`,
      explanation: 'Nothing ran. Change the setting in the run bar and run again.',
      error,
    };
  if (error.code === 'internal_error')
    return withError(
      'sandbox_failed',
      'Sandbox failed',
      `The sandbox failed after ${wall}`,
      'The sandbox or its connection failed (not your program).',
    );
  // A tool's error reaches done unchanged only when the guest did not catch it (runner specification).
  if (toolName || error.code === 'tool_error' || error.code === 'validation_error')
    return withError(
      'tool_failed',
      'Tool failed',
      `Failed after ${wall}: ${toolName ? `${toolName} failed` : 'a tool failed'}`,
      error.code === 'validation_error'
        ? "A tool's input or output did not match its schema, and the program did not catch the error."
        : 'A tool failed while answering, and the program did not catch the error.',
    );
  // Only the runner's reading of the code gives a column: a SyntaxError the guest throws has none.
  if (error.code === 'runtime_error' && error.name === 'SyntaxError' && error.column !== undefined)
    return withError(
      'guest_error',
      'Failed',
      'Not run: the code has a syntax error',
      `The code could not be read, so none of it ran: fix line ${error.line ?? 1}, column ${error.column}.`,
    );
  return withError(
    'guest_error',
    'Failed',
    `Failed after ${wall}: the program threw an error`,
    GUEST_ERROR_WORDS[error.code] ?? 'The program failed.',
  );
}

function describeEnd(
  result: Extract<RunEnd, { ok: false }>,
  facts: Partial<RunFacts> | undefined,
  origin: RunOrigin | undefined,
  wall: string,
): Described {
  const { code } = result.error;
  const reason = facts?.cancelReason;
  if (code === 'timeout' && (reason === 'user' || reason === 'agent')) {
    const agent = reason === 'agent' && origin?.kind === 'agent' ? origin.clientName : undefined;
    return {
      kind: 'cancelled',
      title: 'Cancelled',
      sentence:
        reason === 'agent' ? `Cancelled by ${agent ?? 'the agent'} after ${wall}` : `Cancelled after ${wall}`,
      explanation:
        reason === 'agent'
          ? `${agent ?? 'The agent'} cancelled its run (or went away).`
          : 'You cancelled the run.',
    };
  }
  if (code === 'timeout' && reason === 'host_stopping')
    return {
      kind: 'stopped',
      title: 'Stopped',
      sentence: `Stopped after ${wall}: the host was stopping`,
      explanation: 'The host stopped, and the run with it.',
    };
  const call = facts?.failedCall;
  if (code === 'timeout' && reason === undefined && call) {
    const limit = call.toolLimitMs !== undefined ? ` (its limit is ${formatDuration(call.toolLimitMs)})` : '';
    const headline = `Tool ${call.providerName}.${call.toolName} did not answer in time${limit}`;
    return {
      kind: 'tool_timed_out',
      title: 'Tool timed out',
      headline,
      sentence: `${headline}; the run ended after ${wall}`,
      explanation:
        "A tool did not answer within its provider's own limit, not the run's. The program could catch this error with try/catch; it did not.",
      error: result.error,
    };
  }
  if (code === 'timeout') {
    const spent = facts?.guestMs ?? result.durationMs;
    const limit = facts?.timeoutMs !== undefined ? ` (limit ${formatDuration(facts.timeoutMs)})` : '';
    return {
      kind: 'timed_out',
      title: 'Timed out',
      sentence: `Timed out after ${formatDuration(spent)}${limit}`,
      explanation: "The program ran out of time: it reached the run's time limit.",
    };
  }
  if (code === 'memory_limit') {
    const limit =
      facts?.memoryLimitBytes !== undefined ? ` (limit ${formatBytes(facts.memoryLimitBytes)})` : '';
    return {
      kind: 'out_of_memory',
      title: 'Out of memory',
      sentence: `Ran out of memory${limit}`,
      explanation: 'The program used more memory than its limit allows.',
    };
  }
  return describeFailure(result.error, facts, wall);
}

/**
 * The outcome of a run in words: the one wording every view uses (run bar, result pane, every list
 * of runs, the exported page, the command line). From the runner's result, what the host recorded
 * (`facts`, partial or absent for transcripts saved before the host recorded them) and who started
 * the run (`origin`, to name the agent that cancelled). A cancel is never called a timeout, although
 * the wire code of both is `timeout`; a tool's own timeout is never called the run's.
 */
export function describeRunOutcome(
  result: RunEnd,
  facts?: Partial<RunFacts>,
  origin?: RunOrigin,
): RunOutcomeText {
  const wall = formatDuration(facts?.wallMs ?? result.durationMs);
  const timing = timingOf(facts);
  const text: Described = result.ok
    ? {
        kind: 'succeeded',
        title: 'Succeeded',
        sentence: `Succeeded in ${wall}`,
        explanation: 'The program finished and returned its value.',
      }
    : describeEnd(result, facts, origin, wall);
  return { ...text, headline: text.headline ?? text.sentence, ...(timing ? { timing } : {}) };
}
