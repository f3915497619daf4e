import type { HostEvent, TranscriptEntry } from '../transcript';
import type { TranscriptRow } from '../transcriptRow';
import { describeRunOutcome } from '../format/describeRunOutcome';
import { formatDuration } from '../format/formatDuration';
import { grewFrom } from './grewFrom';

export type { TranscriptRow };

/** The "host event" pseudo-type used by the type filter. */
export const HOST_EVENT_TYPE = 'host event';
/** The type filter's name for guest console batches (host events of their own kind). */
export const CONSOLE_TYPE = 'console';

/** The type-filter chip a row belongs to. */
export function filterTypeOf(row: TranscriptRow): string {
  if (row.type === 'guest_console') return CONSOLE_TYPE;
  return row.isEvent ? HOST_EVENT_TYPE : row.type;
}

function consoleNote(
  lines: readonly { level: string; text: string }[],
  dropped: { lines: number; chars: number } | undefined,
): string {
  const first = lines[0];
  const head = first ? `${first.level}: ${first.text.slice(0, 120)}` : '';
  const more = lines.length > 1 ? ` (+${lines.length - 1} more)` : '';
  const lost = dropped ? ` [${dropped.lines} lines, ${dropped.chars} chars dropped so far]` : '';
  return `${head}${more}${lost}`.trim();
}

/** "progress 2/5: message", as the call's row shows it while the call runs. */
export function progressNote(progress: number, total?: number, message?: string): string {
  const amount = total === undefined ? String(progress) : `${progress}/${total}`;
  return `progress ${amount}${message ? `: ${message.slice(0, 120)}` : ''}`;
}

const ANSWER_VERBS = { accept: 'answered', decline: 'declined', cancel: 'cancelled' } as const;

/** `elicitation: "Please provide…"` or `sampling: "the first message's text"`. */
function serverRequestNote(kind: 'elicitation' | 'sampling', params: unknown): string {
  const record = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text =
    kind === 'elicitation'
      ? record(params).message
      : record(record((record(params).messages as unknown[] | undefined)?.[0]).content).text;
  return typeof text === 'string' ? `${kind}: ${JSON.stringify(text.slice(0, 120))}` : kind;
}

function outcomeOf(entry: TranscriptEntry): string | undefined {
  if (entry.kind === 'event') {
    const event = entry.event;
    if (event.type === 'run_finished' || event.type === 'tool_dispatch_finished') {
      return event.ok ? 'ok' : (event.errorCode ?? 'failed');
    }
    return undefined;
  }
  const message = entry.message;
  if (message.type === 'tool_result' || message.type === 'done')
    return message.ok ? 'ok' : message.error.code;
  return undefined;
}

/** How the run ended, in the one outcome wording (a cancel is never called a timeout). */
function runFinishedNote(event: Extract<HostEvent, { type: 'run_finished' }>): string {
  if (event.ok) return 'ok';
  const { failedCall, cancelReason, refusedOption } = event;
  const facts = {
    ...(failedCall ? { failedCall } : {}),
    ...(cancelReason ? { cancelReason } : {}),
    ...(refusedOption ? { refusedOption } : {}),
  };
  return describeRunOutcome(
    {
      ok: false,
      durationMs: event.durationMs,
      error: { code: event.errorCode ?? 'internal_error', message: '' },
    },
    facts,
  ).title;
}

function noteFor(entry: TranscriptEntry): string {
  if (entry.kind === 'event') {
    const event = entry.event;
    switch (event.type) {
      case 'run_started':
        return event.executor;
      case 'run_finished':
        return runFinishedNote(event);
      case 'host_deadline':
        return `the host enforces the run's limit of ${formatDuration(event.timeoutMs)} (time held at breakpoints and approvals not counted); the execute message's timeoutMs ${event.runnerTimeoutMs} is only the runner's ceiling`;
      case 'tool_dispatch_finished':
        return event.ok ? 'ok' : (event.errorCode ?? 'failed');
      case 'cancel_requested':
      case 'hard_kill':
      case 'transport_closed':
        return event.reason;
      case 'transport_error':
        return event.message;
      case 'malformed_message':
        return event.reason;
      case 'replay_diverged':
        return event.reason;
      case 'runner_process_started':
        return [event.command, ...event.args].join(' ').slice(0, 160);
      case 'runner_process_exited':
        return event.signal ? `ended by ${event.signal}` : `exit code ${event.code ?? 'unknown'}`;
      case 'guest_console':
        return consoleNote(event.lines, event.dropped);
      case 'tool_progress':
        return progressNote(event.progress, event.total, event.message);
      case 'server_request':
        return serverRequestNote(event.kind, event.params);
      case 'server_request_answered':
        return `${event.kind} ${ANSWER_VERBS[event.action]} by ${event.by === 'nobody' ? 'nobody' : `a ${event.by}`}${event.reason ? `: ${event.reason.slice(0, 160)}` : ''}`;
      default:
        return '';
    }
  }
  const message = entry.message;
  switch (message.type) {
    case 'tool_result':
      return message.ok ? 'ok' : message.error.code;
    case 'done':
      return message.ok ? 'ok' : message.error.code;
    default:
      return '';
  }
}

const NO_CALLS: ReadonlySet<string> = new Set();

/**
 * Turns transcript entries into table rows as they arrive, pairing each tool_call with its
 * tool_result; appending costs what was appended, so a 100,000-entry run followed live stays cheap.
 */
export class TranscriptRowsBuilder {
  private list: TranscriptRow[] = [];
  private readonly calls = new Map<string, { row: TranscriptRow; provider: string; tool: string }>();
  /** The provider's own time and the held time the host recorded per call (tool_dispatch_finished). */
  private readonly dispatched = new Map<string, { durationMs: number; heldMs?: number }>();
  private source: readonly TranscriptEntry[] = [];
  /** The call row that reported progress last. */
  private lastProgressed: TranscriptRow | undefined;
  /** Calls whose row shows progress: ended by their result, their dispatch's end or the run's. */
  private readonly progressing = new Set<TranscriptRow>();
  /** Why the host cancelled the run: what cut off its running calls, whatever code the done carries. */
  private cancelReason: string | undefined;
  private diverged: ReadonlySet<string> = NO_CALLS;

  /** Calls a replay flagged as differing from the recording (a new set when one is added). */
  divergedCalls(): ReadonlySet<string> {
    return this.diverged;
  }

  /** The running call that reported progress last, if it is still running. */
  runningProgress(): TranscriptRow | undefined {
    return this.lastProgressed?.progress ? this.lastProgressed : undefined;
  }

  /**
   * The rows for `entries`, reusing the work done for an earlier array that `entries` extends
   * (same first entries): then it is the same array, grown (no copy of 100,000 rows per batch);
   * another transcript gets a new array.
   */
  update(entries: readonly TranscriptEntry[]): TranscriptRow[] {
    const previous = this.source;
    if (!grewFrom(entries, previous.length, previous.at(-1))) return this.reset(entries);
    this.source = entries;
    for (let i = previous.length; i < entries.length; i++) this.list.push(this.describe(entries[i]!));
    return this.list;
  }

  private reset(entries: readonly TranscriptEntry[]): TranscriptRow[] {
    this.list = [];
    this.calls.clear();
    this.dispatched.clear();
    this.lastProgressed = undefined;
    this.progressing.clear();
    this.cancelReason = undefined;
    this.diverged = NO_CALLS;
    this.source = [];
    return this.update(entries);
  }

  private describe(entry: TranscriptEntry): TranscriptRow {
    const calls = this.calls;
    const row: TranscriptRow = {
      seq: entry.seq,
      at: entry.at,
      type: entry.kind === 'message' ? entry.message.type : entry.event.type,
      isEvent: entry.kind === 'event',
      note: noteFor(entry),
      entry,
    };
    const outcome = outcomeOf(entry);
    if (outcome !== undefined) row.outcome = outcome;
    if (entry.kind === 'message') {
      row.direction = entry.direction;
      const message = entry.message;
      if (message.type === 'tool_call') {
        row.callId = message.callId;
        row.provider = message.providerName;
        row.tool = message.safeToolName;
        calls.set(message.callId, { row, provider: message.providerName, tool: message.safeToolName });
      } else if (message.type === 'tool_result') {
        row.callId = message.callId;
        const call = calls.get(message.callId);
        if (call) {
          row.provider = call.provider;
          row.tool = call.tool;
          // What the call took is the provider's own time when the host recorded it, held time apart.
          const own = this.dispatched.get(message.callId);
          row.durationMs = own?.durationMs ?? Math.round((entry.at - call.row.at) * 100) / 100;
          if (own?.heldMs) row.heldMs = call.row.heldMs = own.heldMs;
          call.row.durationMs = row.durationMs;
          call.row.outcome = row.outcome;
          this.endProgress(call.row, undefined);
        }
      }
      if (message.type === 'done') this.endRunningCalls(row.outcome);
    } else {
      const event = entry.event;
      if ('callId' in event) {
        row.callId = event.callId;
        const call = calls.get(event.callId);
        if (call) {
          row.provider = call.provider;
          row.tool = call.tool;
        }
      }
      if ('providerName' in event) row.provider = event.providerName;
      if ('toolName' in event) row.tool = event.toolName;
      if (event.type === 'tool_progress') {
        // The call's own row shows its latest progress until the result arrives.
        const call = calls.get(event.callId);
        if (call && call.row.outcome === undefined) {
          call.row.note = row.note;
          call.row.progress = {
            progress: event.progress,
            ...(event.total === undefined ? {} : { total: event.total }),
          };
          this.lastProgressed = call.row;
          this.progressing.add(call.row);
        }
      }
      if (event.type === 'tool_dispatch_finished' && !event.ok) {
        const call = calls.get(event.callId);
        if (call) this.endProgress(call.row, row.outcome);
      }
      if (event.type === 'cancel_requested') this.cancelReason ??= event.reason;
      if (event.type === 'run_finished') this.endRunningCalls(row.outcome);
      if (event.type === 'replay_diverged') this.diverged = new Set(this.diverged).add(event.callId);
      if (event.type === 'tool_dispatch_finished') {
        row.durationMs = event.durationMs;
        if (event.heldMs) row.heldMs = event.heldMs;
        this.dispatched.set(event.callId, {
          durationMs: event.durationMs,
          ...(event.heldMs ? { heldMs: event.heldMs } : {}),
        });
      }
    }
    return row;
  }

  /** The call's row no longer shows progress; without its result, `ended` says how it ended. */
  private endProgress(call: TranscriptRow, ended: string | undefined): void {
    if (!call.progress) return;
    this.progressing.delete(call);
    if (ended === undefined) call.note = '';
    else {
      call.note = endedNote(call, ended);
      call.outcome ??= ended;
    }
    delete call.progress;
  }

  /** The run ended: a call still showing progress will never get its result. */
  private endRunningCalls(runOutcome: string | undefined): void {
    const ended = this.cancelReason
      ? this.cancelReason === 'timeout'
        ? 'timed out'
        : 'cancelled'
      : runOutcome === undefined || runOutcome === 'ok'
        ? 'ended without a result'
        : runOutcome;
    for (const call of [...this.progressing]) this.endProgress(call, ended);
  }
}

/**
 * A call row stops showing progress once it ended: the progress rows stay, and the call's row says
 * how it ended (`ended` when no result will say it, as for a call cut off by a cancel).
 */
function endedNote(row: TranscriptRow, ended: string): string {
  const { progress, total } = row.progress!;
  return `${ended} at progress ${total === undefined ? progress : `${progress}/${total}`}`;
}

/** Flattens a transcript into table rows, pairing each tool_call with its tool_result. */
export function describeEntries(entries: readonly TranscriptEntry[]): TranscriptRow[] {
  return new TranscriptRowsBuilder().update(entries);
}

export interface TranscriptFilter {
  /** Types to hide (message types and HOST_EVENT_TYPE). */
  hiddenTypes: ReadonlySet<string>;
  /** Only rows for this provider (rows without a provider are hidden too); null shows all. */
  provider: string | null;
}

export function filterRows(rows: readonly TranscriptRow[], filter: TranscriptFilter): TranscriptRow[] {
  return rows.filter(
    (row) =>
      !filter.hiddenTypes.has(filterTypeOf(row)) &&
      (filter.provider === null || row.provider === filter.provider),
  );
}
