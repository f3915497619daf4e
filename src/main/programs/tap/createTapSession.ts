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
import { createLineFile, type LineFile } from '../../system/createLineFile';

/** The executor name a tapped session's transcript carries. */
export const TAP_EXECUTOR = 'tap';
/** Entries a session holds as objects (as a run of the app's does); older ones are only in its file. */
export const TAP_TAIL_ENTRIES = 2000;
/** Findings a session keeps; past this many it counts the rest. */
export const TAP_MAX_FINDINGS = 1000;

export interface TapSessionOptions {
  name?: string;
  /** The runner the tap sits in front of (its command, or the URL it passes sessions to). */
  runner?: RunnerRef;
  /** Largest message, as the protocol caps it (default 32 MiB). */
  maxMessageBytes?: number;
  /** Each entry as it is recorded, with the findings it adds (for a live view). */
  onEntry?(entry: TranscriptEntry, findings: readonly ProtocolFinding[]): void;
  /**
   * Where the whole session goes once it is longer than its tail: a new private append-only file
   * (called at most once). Without it only the tail is kept (nothing is saved).
   */
  spillFile?(): string;
  /** Entries held in memory, at most twice this many (default TAP_TAIL_ENTRIES). */
  tailEntries?: number;
  /** Findings kept (default TAP_MAX_FINDINGS). */
  maxFindings?: number;
}

export interface TapOutcome {
  header: TranscriptHeader;
  /** Entries recorded in all. */
  entryCount: number;
  /** The last entries (every one of a short session), from `entryCount - entries.length`. */
  entries: readonly TranscriptEntry[];
  findings: readonly ProtocolFinding[];
  /** Findings past `maxFindings`, counted and not kept. */
  droppedFindings: number;
  /**
   * Every entry as JSON lines (`\n` after each), chunk by chunk: from the file once the session
   * outgrew its tail. Throws when entries were let go with no file to keep them (no `spillFile`).
   */
  copyEntryLines(write: (chunk: Buffer | string) => Promise<unknown>): Promise<void>;
  /** Deletes the session's file. */
  dispose(): void;
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
  /** Ends the session: the transcript header, its entries and its findings. */
  finish(): TapOutcome;
  /** Entries and findings held in memory now (what the tail and the findings bound). */
  held(): { entries: number; findings: number };
}

/**
 * What a tap learns of one session between a host and a runner it did not write: every message in
 * the project's transcript format, what could not be read, and where either side broke the protocol.
 */
export function createTapSession(options: TapSessionOptions = {}): TapSession {
  const runId = randomUUID();
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const tailEntries = options.tailEntries ?? TAP_TAIL_ENTRIES;
  const maxFindings = options.maxFindings ?? TAP_MAX_FINDINGS;
  let tail: TranscriptEntry[] = [];
  let count = 0;
  let file: LineFile | undefined;
  let spillError: Error | undefined;
  const recorder = createTranscriptRecorder(performance.now(), {
    get count() {
      return count;
    },
    add(entry) {
      count += 1;
      tail.push(entry);
      if (file) file.append(JSON.stringify(entry));
      else if (count > tailEntries && options.spillFile && !spillError) {
        try {
          file = createLineFile(options.spillFile());
        } catch (error) {
          // The session goes on unrecorded past its tail; saving it says why.
          spillError = error instanceof Error ? error : new Error(String(error));
          return;
        }
        for (const held of tail) file.append(JSON.stringify(held));
      }
      // Trimmed in halves, so a trim copies the tail once per TAP_TAIL_ENTRIES entries.
      if (tail.length > 2 * tailEntries) tail = tail.slice(-tailEntries);
    },
  });
  const checker = createProtocolChecker();
  const findings: ProtocolFinding[] = [];
  let droppedFindings = 0;
  let execute: Extract<ProtocolMessage, { type: 'execute' }> | undefined;

  const keep = (found: readonly ProtocolFinding[]): void => {
    for (const finding of found)
      if (findings.length < maxFindings) findings.push(finding);
      else droppedFindings += 1;
  };
  const note = (entry: TranscriptEntry): void => {
    const found = checker.observe(entry);
    keep(found);
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
    held: () => ({ entries: tail.length, findings: findings.length }),
    finish() {
      keep(checker.finish(count));
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
      const entries = tail;
      const whole = count === tail.length;
      return {
        header,
        entryCount: count,
        entries,
        findings,
        droppedFindings,
        async copyEntryLines(write) {
          if (file) return file.copyTo(write);
          if (!whole)
            throw new Error(
              `only the last ${entries.length} of ${count} entries were kept${spillError ? ` (${spillError.message})` : ''}`,
            );
          await write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
        },
        dispose: () => file?.remove(),
      };
    },
  };
}
