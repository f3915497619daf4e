import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core';
import type { ExecuteError, ExecuteErrorCode } from '../shared/errors';
import { asyncFunctionSource, CodeSyntaxError, normalizeCode } from '../shared/normalizeCode';
import type {
  DoneMessage,
  ExecuteMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '../shared/protocol/messages';
import type { BoundedQuickJsModule } from './boundedQuickJsModule';
import { createLogCollector, type LogCollector } from './createLogCollector';
import { MAX_PAYLOAD_BYTES, payloadTooLarge } from './payloadLimits';
import type { GuestHelpers, PreparedGuestContext } from './prepareGuestContext';
const MAX_ERROR_MESSAGE_CHARS = 4000;
const TIMEOUT_MESSAGE = 'Execution timed out';

export interface QuickJsSessionOptions {
  execute: ExecuteMessage;
  bounded: BoundedQuickJsModule;
  /** Called once, when the code is ready to run: a fresh context no guest code has touched. */
  takeContext(): PreparedGuestContext;
  sendToolCall(message: ToolCallMessage): void;
  /** Extra interrupt source checked with the deadline (e.g. a host deadline shared in-process). */
  interruptProbe?: () => boolean;
  /** When the execution was accepted; durationMs counts from here. */
  acceptedAt?: number;
}

export interface QuickJsSession {
  deliverToolResult(message: ToolResultMessage): boolean;
  cancel(): void;
  /** Settles once with the terminal message; `poisoned` says the module must not be reused. */
  readonly finished: Promise<{ done: DoneMessage; poisoned: boolean }>;
}

interface TrustedError {
  handle: QuickJSHandle;
  code: ExecuteErrorCode;
  message: string;
}

type Outcome = { ok: true; result?: unknown } | { ok: false; error: ExecuteError };

function clip(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_CHARS ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS)}…` : message;
}

/**
 * Runs one execute message in a fresh QuickJS runtime and context: guest tool calls become
 * tool_call messages and suspend the guest at its await until deliverToolResult settles them; the
 * guest's pending jobs run as soon as a result arrives. Nothing is carried over between sessions.
 */
export function runQuickJsSession(options: QuickJsSessionOptions): QuickJsSession {
  const { execute, bounded } = options;
  const { id, options: limits } = execute;
  const acceptedAt = options.acceptedAt ?? performance.now();
  const deadline = acceptedAt + limits.timeoutMs;
  const logs: LogCollector = createLogCollector(limits.maxLogLines, limits.maxLogChars);
  const toolsByIndex = execute.providers.map((provider) => ({
    name: provider.name,
    tools: Object.values(provider.tools).map((tool) => tool.safeName),
  }));
  const pending = new Map<string, QuickJSDeferredPromise>();
  const trusted: TrustedError[] = [];
  const owned: QuickJSHandle[] = [];
  let prepared: PreparedGuestContext | undefined;
  let context: QuickJSContext | undefined;
  let helpers: GuestHelpers;
  let main: QuickJSHandle | undefined;
  let interrupted: 'timeout' | 'cancel' | undefined;
  let poisoned = false;
  let settled = false;
  let nextCallId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolveFinished!: (value: { done: DoneMessage; poisoned: boolean }) => void;
  const finished = new Promise<{ done: DoneMessage; poisoned: boolean }>((resolve) => {
    resolveFinished = resolve;
  });

  const shouldInterrupt = (): boolean => {
    if (interrupted) return true;
    if (performance.now() >= deadline) interrupted = 'timeout';
    else if (options.interruptProbe?.()) interrupted = 'cancel';
    return interrupted !== undefined;
  };

  const keep = (handle: QuickJSHandle): QuickJSHandle => {
    owned.push(handle);
    return handle;
  };

  /** Limits win over whatever the guest's code did: an interrupt is a timeout, a full heap a memory_limit. */
  const limitOutcome = (): Outcome | undefined => {
    if (interrupted) return { ok: false, error: { code: 'timeout', message: TIMEOUT_MESSAGE } };
    if (bounded.heapExhausted()) {
      return {
        ok: false,
        error: { code: 'memory_limit', message: `Memory limit of ${limits.memoryLimitBytes} bytes exceeded` },
      };
    }
    return undefined;
  };

  const describe = (ctx: QuickJSContext, value: QuickJSHandle): string => {
    const described = ctx.callFunction(helpers.describe, ctx.undefined, value);
    if (described.error) {
      described.error.dispose();
      return 'uncaught exception';
    }
    const text =
      ctx.typeof(described.value) === 'string' ? ctx.getString(described.value) : 'uncaught exception';
    described.value.dispose();
    return clip(text);
  };

  /** Serializes a guest value to a host value, or explains why it is not transport-safe. */
  const toHost = (
    ctx: QuickJSContext,
    value: QuickJSHandle,
    rootName: string,
  ): { ok: true; value: unknown } | { ok: false; reason: string } => {
    const rootHandle = ctx.newString(rootName);
    const serialized = ctx.callFunction(helpers.serialize, ctx.undefined, value, rootHandle);
    rootHandle.dispose();
    if (serialized.error) {
      const reason = `${rootName} could not be serialized: ${describe(ctx, serialized.error)}`;
      serialized.error.dispose();
      return { ok: false, reason };
    }
    const handle = serialized.value;
    try {
      const kind = ctx.typeof(handle);
      if (kind === 'undefined') return { ok: true, value: undefined };
      if (kind === 'string') {
        const json = ctx.getString(handle);
        if (payloadTooLarge(json)) {
          return { ok: false, reason: `${rootName} is larger than the ${MAX_PAYLOAD_BYTES}-byte limit` };
        }
        return { ok: true, value: JSON.parse(json) as unknown };
      }
      const reason = ctx.getProp(handle, 0);
      const text = ctx.getString(reason);
      reason.dispose();
      return { ok: false, reason: text };
    } finally {
      handle.dispose();
    }
  };

  const makeTrustedError = (ctx: QuickJSContext, code: ExecuteErrorCode, message: string): QuickJSHandle => {
    const codeHandle = ctx.newString(code);
    const messageHandle = ctx.newString(message);
    const made = ctx.callFunction(helpers.makeError, ctx.undefined, codeHandle, messageHandle);
    codeHandle.dispose();
    messageHandle.dispose();
    const handle = ctx.unwrapResult(made);
    trusted.push({ handle, code, message });
    return handle;
  };

  const rejectedPromise = (ctx: QuickJSContext, code: ExecuteErrorCode, message: string): QuickJSHandle => {
    const deferred = ctx.newPromise();
    deferred.reject(makeTrustedError(ctx, code, message));
    const handle = deferred.handle.dup();
    deferred.dispose();
    return handle;
  };

  const finish = (outcome: Outcome): void => {
    if (settled) return;
    settled = true;
    if (timer) clearTimeout(timer);
    const durationMs = performance.now() - acceptedAt;
    try {
      for (const deferred of pending.values()) deferred.dispose();
      pending.clear();
      for (const entry of trusted) entry.handle.dispose();
      for (const handle of owned) if (handle.alive) handle.dispose();
      main?.dispose();
      prepared?.dispose();
    } catch {
      // A runtime that cannot be torn down cleanly lives in a module that must not be reused.
      poisoned = true;
    }
    if (bounded.heapExhausted()) poisoned = true;
    const base = { type: 'done' as const, id, durationMs, logs: logs.lines() };
    const done: DoneMessage = outcome.ok
      ? outcome.result === undefined
        ? { ...base, ok: true }
        : { ...base, ok: true, result: outcome.result }
      : { ...base, ok: false, error: outcome.error };
    resolveFinished({ done, poisoned });
  };

  /** Anything unexpected from the engine (a trap, a failed allocation in our own calls) ends the run. */
  const guarded = (step: () => void): void => {
    if (settled) return;
    try {
      step();
    } catch (error) {
      poisoned = true;
      finish(
        limitOutcome() ?? {
          ok: false,
          error: {
            code: 'internal_error',
            message: `runner failure: ${error instanceof Error ? error.message : String(error)}`,
          },
        },
      );
    }
  };

  const settleFromPromise = (ctx: QuickJSContext): void => {
    if (!main) return;
    const state = ctx.getPromiseState(main);
    if (state.type === 'pending') {
      const limited = limitOutcome();
      if (limited) finish(limited);
      else if (pending.size === 0) {
        finish({
          ok: false,
          error: {
            code: 'runtime_error',
            message: 'guest code awaits a promise that nothing can settle (no tool call is pending)',
          },
        });
      }
      return;
    }
    if (state.type === 'fulfilled') {
      const value = state.value;
      const limited = limitOutcome();
      if (limited) {
        if (value !== main) value.dispose();
        finish(limited);
        return;
      }
      const converted = toHost(ctx, value, 'result');
      if (value !== main) value.dispose();
      const afterwards = limitOutcome();
      if (afterwards) finish(afterwards);
      else if (converted.ok) finish({ ok: true, result: converted.value });
      else finish({ ok: false, error: { code: 'serialization_error', message: converted.reason } });
      return;
    }
    const error = state.error;
    let outcome: Outcome | undefined = limitOutcome();
    if (!outcome) {
      const match = trusted.find((entry) => ctx.sameValue(entry.handle, error));
      if (match) {
        const code = ctx.getProp(error, 'code');
        const intact = ctx.typeof(code) === 'string' && ctx.getString(code) === match.code;
        code.dispose();
        if (intact) outcome = { ok: false, error: { code: match.code, message: match.message } };
      }
    }
    outcome ??= { ok: false, error: { code: 'runtime_error', message: describe(ctx, error) } };
    error.dispose();
    finish(outcome);
  };

  const pump = (): void =>
    guarded(() => {
      const ctx = context!;
      if (!limitOutcome()) {
        const jobs = prepared!.runtime.executePendingJobs(-1);
        if (jobs.error) jobs.error.dispose();
      }
      settleFromPromise(ctx);
    });

  const call = (
    ctx: QuickJSContext,
    providerIndex: number,
    toolIndex: number,
    input: QuickJSHandle,
  ): QuickJSHandle => {
    if (interrupted || settled) return rejectedPromise(ctx, 'timeout', TIMEOUT_MESSAGE);
    const provider = toolsByIndex[providerIndex];
    const safeToolName = provider?.tools[toolIndex];
    if (!provider || safeToolName === undefined)
      return rejectedPromise(ctx, 'internal_error', 'unknown tool proxy');
    const converted = toHost(ctx, input, 'input');
    if (!converted.ok) return rejectedPromise(ctx, 'serialization_error', converted.reason);
    nextCallId += 1;
    const callId = `call-${nextCallId}`;
    const deferred = ctx.newPromise();
    pending.set(callId, deferred);
    const message: ToolCallMessage = { type: 'tool_call', callId, providerName: provider.name, safeToolName };
    if (converted.value !== undefined) message.input = converted.value;
    options.sendToolCall(message);
    return deferred.handle.dup();
  };

  const start = (): void => {
    let body: string;
    try {
      body = normalizeCode(execute.code);
    } catch (error) {
      const message =
        error instanceof CodeSyntaxError
          ? `SyntaxError: ${error.message}`
          : `could not read the code: ${String(error)}`;
      finish({ ok: false, error: { code: 'runtime_error', message } });
      return;
    }
    guarded(() => {
      prepared = options.takeContext();
      const ctx = (context = prepared.context);
      helpers = prepared.helpers;
      prepared.bind({
        log: (line) => logs.append(line),
        call: (providerIndex, toolIndex, input) => call(ctx, providerIndex, toolIndex, input),
        shouldInterrupt,
      });
      const manifest = keep(ctx.newString(JSON.stringify(toolsByIndex.map((p) => [p.name, p.tools]))));
      const room = keep(ctx.newNumber(logs.room()));
      keep(ctx.unwrapResult(ctx.callFunction(helpers.install, ctx.undefined, manifest, room)));
      const compiled = ctx.evalCode(asyncFunctionSource(body), 'guest.js');
      if (compiled.error) {
        const message = describe(ctx, compiled.error);
        compiled.error.dispose();
        finish(limitOutcome() ?? { ok: false, error: { code: 'runtime_error', message } });
        return;
      }
      const guestFunction = keep(compiled.value);
      const called = ctx.callFunction(guestFunction, ctx.undefined);
      if (called.error) {
        const message = describe(ctx, called.error);
        called.error.dispose();
        finish(limitOutcome() ?? { ok: false, error: { code: 'runtime_error', message } });
        return;
      }
      main = called.value;
      timer = setTimeout(onDeadline, Math.max(0, deadline - performance.now()));
    });
    pump();
  };

  const interruptPending = (reason: 'timeout' | 'cancel'): void => {
    if (settled) return;
    interrupted ??= reason;
    guarded(() => {
      const ctx = context;
      if (ctx) {
        // Reject what the guest awaits so finally blocks may run; the interrupt handler stops any loop.
        for (const deferred of pending.values()) {
          deferred.reject(makeTrustedError(ctx, 'timeout', TIMEOUT_MESSAGE));
          deferred.dispose();
        }
        pending.clear();
        const jobs = prepared!.runtime.executePendingJobs(-1);
        if (jobs.error) jobs.error.dispose();
      }
      finish({ ok: false, error: { code: 'timeout', message: TIMEOUT_MESSAGE } });
    });
  };

  const onDeadline = (): void => interruptPending('timeout');

  start();

  return {
    deliverToolResult(message) {
      if (settled) return false;
      const deferred = pending.get(message.callId);
      if (!deferred) return false;
      pending.delete(message.callId);
      guarded(() => {
        const ctx = context!;
        if (!message.ok) {
          deferred.reject(makeTrustedError(ctx, message.error.code, message.error.message));
        } else if (message.result === undefined) {
          deferred.resolve(ctx.undefined);
        } else {
          const json = ctx.newString(JSON.stringify(message.result));
          const parsed = ctx.callFunction(helpers.parseJson, ctx.undefined, json);
          json.dispose();
          if (parsed.error) {
            parsed.error.dispose();
            deferred.reject(
              makeTrustedError(
                ctx,
                'serialization_error',
                'the tool result could not be copied into the sandbox',
              ),
            );
          } else {
            deferred.resolve(parsed.value);
            parsed.value.dispose();
          }
        }
        deferred.dispose();
      });
      pump();
      return true;
    },
    cancel() {
      interruptPending('cancel');
    },
    finished,
  };
}
