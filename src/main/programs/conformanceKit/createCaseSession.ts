import type { ProviderManifest } from '../../../shared/manifest';
import type {
  DoneMessage,
  ExecuteMessage,
  HostToRunnerMessage,
  RunnerToHostMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '../../../shared/protocol/messages';
import { parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import type { Transport } from '../../../shared/transport';
import { CASE_RUNTIME_OPTIONS, TOOLS_PROVIDER } from './caseProviders';
import { fail } from './CaseFailure';

export interface ExecuteSpec {
  code: string;
  id?: string;
  options?: Partial<ExecutorRuntimeOptions>;
  providers?: ProviderManifest[];
}

/** How the kit, playing the host, answers a tool call while driving to `done`. */
export type ToolAnswer = Omit<ToolResultMessage, 'type' | 'callId'> | 'no-answer';
export type ToolCallHandler = (call: ToolCallMessage) => ToolAnswer;

/** Echo answers with the input; fail answers with a trusted tool_error; hang never answers. */
export const defaultToolHandler: ToolCallHandler = (call) => {
  if (call.safeToolName === 'hang') return 'no-answer';
  if (call.safeToolName === 'fail')
    return { ok: false, error: { code: 'tool_error', message: 'tool failed' } };
  return call.input === undefined ? { ok: true } : { ok: true, result: call.input };
};

export interface CaseSession {
  /** The id cases use for their (first) execution. */
  readonly id: string;
  send(message: HostToRunnerMessage): void;
  execute(spec: ExecuteSpec): ExecuteMessage;
  /** The next runner message; fails the case if none comes before `timeoutMs` or the connection ends. */
  next(waitingFor: string, timeoutMs?: number): Promise<RunnerToHostMessage>;
  /** Answers tool calls with `handler` until the `done` for `id` arrives. */
  untilDone(id?: string, handler?: ToolCallHandler): Promise<DoneMessage>;
  /** Fails if the runner sends anything during the next `ms` milliseconds. */
  expectSilence(ms: number, after: string): Promise<void>;
  /** Every runner message so far, in order. */
  readonly received: readonly RunnerToHostMessage[];
  readonly transcript: readonly TranscriptEntry[];
  close(): void;
}

export interface CaseSessionOptions {
  /** Upper bound for any single wait. */
  waitTimeoutMs: number;
  id: string;
}

/** The kit's host side of one case: sends, records and strictly parses everything on one transport. */
export function createCaseSession(
  transport: Transport<HostToRunnerMessage>,
  options: CaseSessionOptions,
): CaseSession {
  const startedAt = performance.now();
  const transcript: TranscriptEntry[] = [];
  const received: RunnerToHostMessage[] = [];
  const inbox: RunnerToHostMessage[] = [];
  let problem: string | undefined;
  let malformed: string | undefined;
  let wake: (() => void) | undefined;

  const at = () => Math.round((performance.now() - startedAt) * 10) / 10;
  const recordEvent = (event: HostEvent) =>
    transcript.push({ kind: 'event', seq: transcript.length, at: at(), event });
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  const unsubscribers = [
    transport.onMessage((raw) => {
      const parsed = parseRunnerMessage(raw);
      if (!parsed.ok) {
        recordEvent({ type: 'malformed_message', direction: 'runner_to_host', reason: parsed.reason });
        malformed ??= `the runner sent a malformed message (${parsed.reason}): ${preview(raw)}`;
        problem ??= malformed;
      } else {
        transcript.push({
          kind: 'message',
          seq: transcript.length,
          at: at(),
          direction: 'runner_to_host',
          message: parsed.message,
        });
        received.push(parsed.message);
        inbox.push(parsed.message);
      }
      notify();
    }),
    transport.onClose((reason) => {
      recordEvent({ type: 'transport_closed', reason });
      problem ??= `the runner closed the connection (${reason})`;
      notify();
    }),
    transport.onError((error) => {
      recordEvent({ type: 'transport_error', message: error.message });
      notify();
    }),
  ];

  const send = (message: HostToRunnerMessage) => {
    transcript.push({
      kind: 'message',
      seq: transcript.length,
      at: at(),
      direction: 'host_to_runner',
      message,
    });
    try {
      transport.send(message);
    } catch (error) {
      fail(
        `could not send ${message.type} to the runner: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  /** The next message, or undefined when `timeoutMs` passes or the connection has a problem first. */
  async function receive(timeoutMs: number): Promise<RunnerToHostMessage | undefined> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const message = inbox.shift();
      if (message) return message;
      const left = deadline - performance.now();
      if (problem || left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async function next(waitingFor: string, timeoutMs = options.waitTimeoutMs): Promise<RunnerToHostMessage> {
    const message = await receive(timeoutMs);
    if (message) return message;
    return fail(
      problem ? `${problem} while waiting for ${waitingFor}` : `no ${waitingFor} within ${timeoutMs} ms`,
    );
  }

  return {
    id: options.id,
    send,
    execute(spec) {
      const message: ExecuteMessage = {
        type: 'execute',
        id: spec.id ?? options.id,
        code: spec.code,
        options: { ...CASE_RUNTIME_OPTIONS, ...spec.options },
        providers: spec.providers ?? [TOOLS_PROVIDER],
      };
      send(message);
      return message;
    },
    next,
    async untilDone(id = options.id, handler = defaultToolHandler) {
      for (;;) {
        const message = await next(`done for ${id}`);
        if (message.type === 'done' && message.id === id) return message;
        if (message.type === 'tool_call') {
          const answer = handler(message);
          if (answer !== 'no-answer')
            send({ type: 'tool_result', callId: message.callId, ...answer } as ToolResultMessage);
        }
      }
    },
    async expectSilence(ms, after) {
      // Closing the connection is fine; another protocol message is not.
      const extra = await receive(ms);
      if (extra) fail(`the runner sent ${extra.type} after ${after}: ${JSON.stringify(extra)}`);
      if (malformed) fail(`${malformed}, after ${after}`);
    },
    get received() {
      return received;
    },
    get transcript() {
      return transcript;
    },
    close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}

function preview(raw: unknown): string {
  let text: string;
  try {
    text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  } catch {
    text = String(raw);
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
