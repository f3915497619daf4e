import { randomUUID } from 'node:crypto';
import { looksLikeLogStreamMessage, parseLogStreamMessage } from '../../../shared/protocol/logStreamMessage';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../shared/protocol/limits';
import type { MessageDirection, ProtocolMessage } from '../../../shared/protocol/messages';
import { parseHostMessage, parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import { createProtocolChecker, type ProtocolFinding } from '../../../shared/protocol/createProtocolChecker';
import { DEFAULT_RUNTIME_OPTIONS } from '../../../shared/runtimeOptions';
import type { RunnerRef } from '../../../shared/runnerRef';
import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import {
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_FORMAT_VERSION,
  type TranscriptHeader,
} from '../../../shared/transcriptFile';
import { createTranscriptRecorder } from '../../engine/core/createTranscriptRecorder';

/** The executor name a tapped session's transcript carries. */
export const TAP_EXECUTOR = 'tap';

export interface TapSessionOptions {
  name?: string;
  /** The runner the tap sits in front of (its command, or the URL it passes sessions to). */
  runner?: RunnerRef;
  /** Largest message, as the protocol caps it (default 32 MiB). */
  maxMessageBytes?: number;
  /** Each entry as it is recorded, with the findings it adds (for a live view). */
  onEntry?(entry: TranscriptEntry, findings: readonly ProtocolFinding[]): void;
}

export interface TapOutcome {
  header: TranscriptHeader;
  entries: readonly TranscriptEntry[];
  findings: readonly ProtocolFinding[];
}

export interface TapSession {
  readonly runId: string;
  readonly maxMessageBytes: number;
  /** Records one whole line (its bytes, without `\n`); the message when it is a valid one. */
  line(direction: MessageDirection, bytes: Buffer): ProtocolMessage | undefined;
  /** A line over the size cap went by (forwarded untouched, never parsed). */
  tooLong(direction: MessageDirection, bytes: number): void;
  /** The stream ended with bytes after its last newline. */
  unterminated(direction: MessageDirection, bytes: Buffer): void;
  event(event: HostEvent): void;
  /** An event for the tap's own transcript only (not streamed): what a person decided in the app. */
  note(event: HostEvent): void;
  /** Ends the session: the transcript header, every entry and every finding. */
  finish(): TapOutcome;
}

/**
 * What a tap learns of one session between a host and a runner it did not write: every message in
 * the project's transcript format, what could not be read, and where either side broke the protocol.
 */
export function createTapSession(options: TapSessionOptions = {}): TapSession {
  const runId = randomUUID();
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const entries: TranscriptEntry[] = [];
  const recorder = createTranscriptRecorder(performance.now(), {
    get count() {
      return entries.length;
    },
    add: (entry) => void entries.push(entry),
  });
  const checker = createProtocolChecker();
  const findings: ProtocolFinding[] = [];
  let execute: Extract<ProtocolMessage, { type: 'execute' }> | undefined;

  const note = (entry: TranscriptEntry): void => {
    const found = checker.observe(entry);
    findings.push(...found);
    options.onEntry?.(entry, found);
  };
  const event = (hostEvent: HostEvent): void => note(recorder.recordEvent(hostEvent));

  const { runner } = options;
  event({ type: 'run_started', runId, executor: TAP_EXECUTOR, ...(runner ? { runner } : {}) });

  return {
    runId,
    maxMessageBytes,
    line(direction, bytes) {
      let end = bytes.length;
      if (end > 0 && bytes[end - 1] === 0x0d) end--;
      const text = bytes.toString('utf8', 0, end);
      if (text.trim() === '') return undefined;
      if (direction === 'runner_to_host' && looksLikeLogStreamMessage(text)) {
        const batch = parseLogStreamMessage(text);
        if (batch.ok) {
          const { lines, dropped } = batch.message;
          event({ type: 'guest_console', lines, ...(dropped ? { dropped } : {}) });
          return undefined;
        }
      }
      const parse = direction === 'host_to_runner' ? parseHostMessage : parseRunnerMessage;
      const parsed = parse(text, { maxBytes: maxMessageBytes });
      if (!parsed.ok) {
        event({ type: 'malformed_message', direction, reason: parsed.reason, problem: parsed.problem });
        return undefined;
      }
      if (parsed.message.type === 'execute') execute ??= parsed.message;
      note(recorder.recordMessage({ direction, message: parsed.message, at: performance.now() }));
      return parsed.message;
    },
    tooLong(direction, bytes) {
      event({
        type: 'malformed_message',
        direction,
        reason: `a line of ${bytes} bytes, over the protocol's ${maxMessageBytes}-byte limit, went by unread`,
        problem: 'too_large',
      });
    },
    unterminated(direction, bytes) {
      event({
        type: 'malformed_message',
        direction,
        reason: `the stream ended inside a line: ${bytes.length} bytes with no newline after them`,
        problem: 'invalid',
      });
    },
    event,
    note: (hostEvent) => void recorder.recordEvent(hostEvent),
    finish() {
      for (const finding of checker.finish(entries.length)) findings.push(finding);
      const header: TranscriptHeader = {
        format: TRANSCRIPT_FORMAT,
        version: TRANSCRIPT_FORMAT_VERSION,
        code: execute?.code ?? '',
        options: execute?.options ?? { ...DEFAULT_RUNTIME_OPTIONS },
        providers: execute?.providers ?? [],
        runId,
        executor: TAP_EXECUTOR,
        ...(runner ? { runner } : {}),
        ...(options.name ? { name: options.name } : {}),
      };
      return { header, entries, findings };
    },
  };
}
