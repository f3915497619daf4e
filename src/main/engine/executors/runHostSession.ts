import { randomUUID } from 'node:crypto';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { ProviderManifest } from '../../../shared/manifest';
import type {
  HostToRunnerMessage,
  RunnerToHostMessage,
  ToolCallMessage,
} from '../../../shared/protocol/messages';
import {
  LOG_STREAM_MESSAGE_TYPE,
  looksLikeLogStreamMessage,
  parseLogStreamMessage,
  type LogStreamMessage,
} from '../../../shared/protocol/logStreamMessage';
import { parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import { PROTOCOL_SECTIONS, protocolSectionLink } from '../../../shared/protocol/protocolSections';
import { RUNTIME_OPTION_RANGES, type ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { HostEvent } from '../../../shared/transcript';
import type { Transport } from '../../../shared/transport';
import { checkTransportSafe, describeTransportUnsafe } from '../../../shared/transportSafe';
import { createToolCallDispatcher, type ToolCallDispatcher } from '../core/createToolCallDispatcher';
import { extractProviderManifests } from '../core/extractProviderManifests';
import type {
  ExecutionClock,
  ExecutionHooks,
  ResolvedToolProvider,
  ToolCallFailure,
  ToolCallResult,
} from '../core/types';
import { isCancelReason, type CancelReason, type FailedCallFacts } from '../../../shared/runOutcome';
import { createHeldClock } from './createHeldClock';
import { createPausableDeadline, type PausableDeadline } from './createPausableDeadline';

export const DEFAULT_CANCEL_GRACE_MS = 500;
/** Without an interceptor the runner enforces the timeout; the host steps in only this much later. */
export const DEFAULT_BACKSTOP_SLACK_MS = 1000;
/** How long a runner may take to acknowledge execute (a cold process start) before it counts as hung. */
export const DEFAULT_STARTUP_ALLOWANCE_MS = 10_000;

/**
 * The reason in-flight tool work sees once the execution ends or is cancelled. One shared instance:
 * a fresh DOMException per execution (AbortController's default) costs more than a whole run.
 */
export const EXECUTION_ENDED = Object.freeze(new Error('the execution ended or was cancelled'));

export interface HostSessionOptions {
  transport: Transport<HostToRunnerMessage>;
  code: string;
  providers: readonly ResolvedToolProvider[];
  /** Precomputed manifests of `providers` (computed when absent). */
  manifests?: ProviderManifest[];
  runtime: ExecutorRuntimeOptions;
  signal?: AbortSignal;
  hooks?: ExecutionHooks;
  /** How long a runner may take to answer `cancel` before the transport is terminated. */
  cancelGraceMs?: number;
  backstopSlackMs?: number;
  /** Extra time before `started` arrives; the timeout itself is counted from `started`. */
  startupAllowanceMs?: number;
  id?: string;
  /** Receives a probe that turns true once the host's deadline passed (in-process runners poll it). */
  onInterruptProbe?: (probe: () => boolean) => void;
  /**
   * The transport hands over the very objects this process's own runner endpoint built (the
   * in-process executor's in-memory pair), so they need no re-validation. Never set it for a
   * transport that decodes data from elsewhere: those messages are always parsed strictly.
   */
  runnerMessagesTrusted?: boolean;
  /**
   * The runner was asked for the log stream (our extension, see logStreamMessage.ts) when it was
   * started; only then are log batches accepted. Otherwise they are malformed messages.
   */
  logStream?: boolean;
}

export interface HostSessionOutcome {
  result: ExecuteResult;
  /** The transport was terminated (hard kill) or closed: a pooled shell must not be reused. */
  transportLost: boolean;
  /** The runner acknowledged the execution; when false nothing ran and the execution may be retried. */
  runnerStarted: boolean;
}

const timeoutResult = (message: string, durationMs: number, logs: string[] = []): ExecuteResult => ({
  ok: false,
  durationMs,
  logs,
  error: { code: 'timeout', message },
});

/**
 * The call whose failure the runner's error repeats: a trusted error keeps its code and message when
 * the guest does not catch it, and the guest cannot forge one (runner specification).
 */
function callThatFailed(
  result: ExecuteResult,
  failed: ReadonlyArray<{ call: ToolCallMessage; outcome: ToolCallFailure }> | undefined,
): FailedCallFacts | undefined {
  if (result.ok || !failed) return undefined;
  for (let i = failed.length - 1; i >= 0; i--) {
    const { call, outcome } = failed[i]!;
    if (outcome.error.code !== result.error.code || outcome.error.message !== result.error.message) continue;
    return {
      callId: call.callId,
      providerName: call.providerName,
      toolName: call.safeToolName,
      ...(outcome.toolLimitMs === undefined ? {} : { toolLimitMs: outcome.toolLimitMs }),
    };
  }
  return undefined;
}

/**
 * Drives one execution over a transport: execute → started → tool_call/tool_result* → done.
 * Tool calls are dispatched to the resolved providers (through the debugger's interceptor when one
 * is set). Caller abort or the host deadline sends `cancel`, aborts tool work, and after a grace
 * period terminates the transport. Settles exactly once.
 */
export function runHostSessionDetailed(options: HostSessionOptions): Promise<HostSessionOutcome> {
  const { transport, hooks, runtime } = options;
  const id = options.id ?? `exec-${randomUUID()}`;
  const startedAt = performance.now();
  const graceMs = options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
  const interceptor = hooks?.interceptToolCall;

  return new Promise<HostSessionOutcome>((resolve) => {
    let settled = false;
    let cancelling: CancelReason | undefined;
    let transportLost = false;
    let runnerStarted = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let backstopTimer: ReturnType<typeof setTimeout> | undefined;
    let startupTimer: ReturnType<typeof setTimeout> | undefined;
    let deadline: PausableDeadline | undefined;
    const seenCalls = new Set<string>();
    // Failures the host answered, latest last: the one the runner's error repeats ended the run.
    let failedCalls: Array<{ call: ToolCallMessage; outcome: ToolCallFailure }> | undefined;
    const unsubscribers: Array<() => void> = [];
    // Made on the first tool call: most executions never dispatch one, and an AbortController (and
    // its abort event) per execution is measurable on the hot path.
    let dispatchAbort: AbortController | undefined;
    let dispatcher: ToolCallDispatcher | undefined;
    const dispatchSignal = (): AbortSignal => {
      if (!dispatchAbort) {
        dispatchAbort = new AbortController();
        if (settled || cancelling) dispatchAbort.abort(EXECUTION_ENDED);
      }
      return dispatchAbort.signal;
    };
    const dispatch: ToolCallDispatcher = (call, clock) => {
      dispatcher ??= createToolCallDispatcher(options.providers, {
        signal: dispatchSignal(),
        onProgress: (callId, progress) => event({ type: 'tool_progress', callId, ...progress }),
        onEvent: (hostEvent) => event(hostEvent),
      });
      return dispatcher(call, clock);
    };

    const event = (hostEvent: HostEvent): void => {
      try {
        hooks?.onHostEvent?.(hostEvent, performance.now());
      } catch {
        // An observer's failure must not break the execution it observes.
      }
    };
    const observe = (
      direction: 'host_to_runner' | 'runner_to_host',
      message: HostToRunnerMessage | RunnerToHostMessage,
    ): void => {
      try {
        hooks?.onMessage?.({ direction, message, at: performance.now() });
      } catch {
        // As above.
      }
    };

    const settle = (result: ExecuteResult): void => {
      if (settled) return;
      settled = true;
      if (graceTimer) clearTimeout(graceTimer);
      if (backstopTimer) clearTimeout(backstopTimer);
      if (startupTimer) clearTimeout(startupTimer);
      deadline?.dispose();
      for (const unsubscribe of unsubscribers) unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
      dispatchAbort?.abort(EXECUTION_ENDED);
      const failedCall = cancelling ? undefined : callThatFailed(result, failedCalls);
      try {
        hooks?.onSettled?.({
          heldMs: runClock.heldMs(),
          ...(cancelling ? { cancelReason: cancelling } : {}),
          ...(failedCall ? { failedCall } : {}),
        });
      } catch {
        // An observer's failure must not break the execution it observes.
      }
      try {
        transport.dispose();
      } catch {
        // Nothing more can be done with a transport that fails to release.
      }
      resolve({ result, transportLost, runnerStarted });
    };

    const elapsed = (): number => performance.now() - startedAt;

    const failTransport = (message: string): void => {
      transportLost = true;
      if (cancelling)
        settle(
          timeoutResult(
            cancelling === 'timeout' ? 'Execution timed out' : 'Execution was cancelled',
            elapsed(),
          ),
        );
      else settle({ ok: false, durationMs: elapsed(), logs: [], error: { code: 'internal_error', message } });
    };

    const send = (message: HostToRunnerMessage): boolean => {
      observe('host_to_runner', message);
      try {
        transport.send(message);
        return true;
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        event({ type: 'transport_error', message: text });
        failTransport(`could not send ${message.type} to the runner: ${text}`);
        return false;
      }
    };

    const hardKill = (reason: string): void => {
      event({ type: 'hard_kill', reason });
      transportLost = true;
      try {
        transport.terminate();
      } catch {
        // Already gone.
      }
    };

    const cancel = (reason: CancelReason): void => {
      if (settled || cancelling) return;
      cancelling = reason;
      event({ type: 'cancel_requested', reason });
      dispatchAbort?.abort(EXECUTION_ENDED);
      if (!send({ type: 'cancel', id })) return;
      graceTimer = setTimeout(() => {
        hardKill(`the runner did not finish within ${graceMs} ms of cancel`);
        settle(
          timeoutResult(reason === 'timeout' ? 'Execution timed out' : 'Execution was cancelled', elapsed()),
        );
      }, graceMs);
    };

    // The caller may say why it aborted ('user', 'host_stopping'); any other reason is the user's.
    function onAbort(): void {
      const reason: unknown = options.signal?.reason;
      cancel(isCancelReason(reason) ? reason : 'user');
    }

    const deadlineClock: ExecutionClock = {
      pause: () => deadline?.pause(),
      resume: () => deadline?.resume(),
    };
    // Time a person holds calls (breakpoints, manual answers): never charged to the guest or the tool.
    const runClock = createHeldClock(deadlineClock);

    const answer = async (call: ToolCallMessage): Promise<void> => {
      event({
        type: 'tool_dispatch_started',
        callId: call.callId,
        providerName: call.providerName,
        toolName: call.safeToolName,
      });
      const began = performance.now();
      const callClock = createHeldClock(runClock);
      let outcome: ToolCallResult;
      try {
        outcome = interceptor
          ? await interceptor(call, (input) => dispatch({ ...call, input }, callClock), {
              signal: dispatchSignal(),
              clock: callClock,
            })
          : await dispatch(call, callClock);
        if (interceptor && outcome.ok) {
          const safe = checkTransportSafe(outcome.result, { rootName: 'result' });
          if (!safe.ok)
            outcome = {
              ok: false,
              error: { code: 'serialization_error', message: describeTransportUnsafe(safe) },
            };
        }
      } catch (error) {
        outcome = {
          ok: false,
          error: {
            code: 'internal_error',
            message: `tool dispatch failed: ${error instanceof Error ? error.message : String(error)}`,
          },
        };
      }
      const heldMs = callClock.heldMs();
      event({
        type: 'tool_dispatch_finished',
        callId: call.callId,
        ok: outcome.ok,
        ...(outcome.ok ? {} : { errorCode: outcome.error.code }),
        durationMs: Math.max(0, performance.now() - began - heldMs),
        ...(heldMs > 0 ? { heldMs } : {}),
        ...(!outcome.ok && outcome.toolLimitMs !== undefined ? { toolLimitMs: outcome.toolLimitMs } : {}),
      });
      if (settled || cancelling) return;
      if (outcome.ok) {
        send(
          outcome.result === undefined
            ? { type: 'tool_result', callId: call.callId, ok: true }
            : { type: 'tool_result', callId: call.callId, ok: true, result: outcome.result },
        );
      } else {
        (failedCalls ??= []).push({ call, outcome });
        send({ type: 'tool_result', callId: call.callId, ok: false, error: outcome.error });
      }
    };

    const onLogBatch = (raw: unknown): void => {
      const parsed = options.runnerMessagesTrusted
        ? { ok: true as const, message: raw as LogStreamMessage }
        : parseLogStreamMessage(raw);
      if (!parsed.ok || parsed.message.id !== id) {
        const reason = parsed.ok
          ? `${LOG_STREAM_MESSAGE_TYPE} for execution ${JSON.stringify(parsed.message.id)}, expected ${JSON.stringify(id)}`
          : parsed.reason;
        event({ type: 'malformed_message', direction: 'runner_to_host', reason });
        return;
      }
      const { lines, dropped } = parsed.message;
      event({ type: 'guest_console', lines, ...(dropped ? { dropped } : {}) });
    };

    const onMessage = (raw: unknown): void => {
      if (settled) return;
      if (options.logStream && looksLikeLogStreamMessage(raw)) {
        onLogBatch(raw);
        return;
      }
      let message: RunnerToHostMessage;
      if (options.runnerMessagesTrusted) message = raw as RunnerToHostMessage;
      else {
        const parsed = parseRunnerMessage(raw);
        if (!parsed.ok) {
          event({ type: 'malformed_message', direction: 'runner_to_host', reason: parsed.reason });
          // Most likely a tool_call or done: ignoring it would leave the run to end as a timeout.
          event({
            type: 'hard_kill',
            reason: `the runner sent a message the host cannot read: ${parsed.reason}`,
          });
          transportLost = true;
          settle({
            ok: false,
            durationMs: elapsed(),
            logs: [],
            error: {
              code: 'internal_error',
              message: `the runner broke the protocol: the runner sent a message the host cannot read (${parsed.reason}); the run was stopped (see ${protocolSectionLink(PROTOCOL_SECTIONS.messages)})`,
            },
          });
          try {
            transport.terminate();
          } catch {
            // Already gone.
          }
          return;
        }
        message = parsed.message;
      }
      if ((message.type === 'started' || message.type === 'done') && message.id !== id) {
        event({
          type: 'malformed_message',
          direction: 'runner_to_host',
          reason: `${message.type} for execution ${JSON.stringify(message.id)}, expected ${JSON.stringify(id)}`,
        });
        return;
      }
      if (message.type === 'tool_call' && seenCalls.has(message.callId)) {
        event({
          type: 'malformed_message',
          direction: 'runner_to_host',
          reason: `repeated tool_call callId ${JSON.stringify(message.callId)}`,
        });
        return;
      }
      observe('runner_to_host', message);
      switch (message.type) {
        case 'started':
          if (runnerStarted) return;
          runnerStarted = true;
          if (backstopTimer) armBackstop(0);
          if (startupTimer) {
            clearTimeout(startupTimer);
            startupTimer = undefined;
            deadline?.resume();
          }
          return;
        case 'tool_call':
          seenCalls.add(message.callId);
          void answer(message);
          return;
        case 'done': {
          runnerStarted = true;
          const { type: _type, id: _id, ...result } = message;
          settle(result);
          return;
        }
      }
    };

    unsubscribers.push(
      transport.onMessage(onMessage),
      transport.onClose((reason) => {
        if (settled) return;
        event({ type: 'transport_closed', reason });
        failTransport(`the runner went away before finishing: ${reason}`);
      }),
      transport.onError((error) => {
        if (settled) return;
        event({ type: 'transport_error', message: error.message });
        failTransport(`the runner transport failed: ${error.message}`);
        hardKill(`transport error: ${error.message}`);
      }),
    );

    if (options.signal?.aborted) {
      settle(timeoutResult('Execution was cancelled before it started', 0));
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });

    function armBackstop(extraMs: number): void {
      if (backstopTimer) clearTimeout(backstopTimer);
      const slack = options.backstopSlackMs ?? DEFAULT_BACKSTOP_SLACK_MS;
      backstopTimer = setTimeout(() => cancel('timeout'), runtime.timeoutMs + slack + extraMs);
    }

    let runnerOptions = runtime;
    if (interceptor) {
      // The debugger may hold calls: the runner gets the ceiling, the host enforces unpaused time.
      runnerOptions = { ...runtime, timeoutMs: RUNTIME_OPTION_RANGES.timeoutMs.max };
      event({
        type: 'host_deadline',
        timeoutMs: runtime.timeoutMs,
        runnerTimeoutMs: runnerOptions.timeoutMs,
      });
      deadline = createPausableDeadline(runtime.timeoutMs, () => cancel('timeout'));
      const probe = deadline;
      options.onInterruptProbe?.(() => probe.expired());
      // The budget counts from `started`, as the runner's own timeout would.
      deadline.pause();
      startupTimer = setTimeout(
        () => cancel('timeout'),
        options.startupAllowanceMs ?? DEFAULT_STARTUP_ALLOWANCE_MS,
      );
    } else {
      armBackstop(options.startupAllowanceMs ?? DEFAULT_STARTUP_ALLOWANCE_MS);
    }
    send({
      type: 'execute',
      id,
      code: options.code,
      options: runnerOptions,
      providers: options.manifests ?? extractProviderManifests(options.providers),
    });
  });
}

export async function runHostSession(options: HostSessionOptions): Promise<ExecuteResult> {
  return (await runHostSessionDetailed(options)).result;
}
