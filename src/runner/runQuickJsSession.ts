import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core';
import type { ExecuteError, ExecuteErrorCode } from '../shared/errors';
import { formatBytes } from '../shared/format/formatBytes';
import { CodeSyntaxError } from '../shared/normalizeCode';
import type {
  DoneMessage,
  ExecuteMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '../shared/protocol/messages';
import type { BoundedQuickJsModule } from './boundedQuickJsModule';
import { createLogCollector } from './createLogCollector';
import {
  CONSOLE_METHODS,
  createGuestConsole,
  type ConsoleMethod,
  type GuestConsole,
} from './createGuestConsole';
import { newGuestString } from './newGuestString';
import { readGuestString } from './readGuestString';
import { LOG_BATCH_MS, type LogSink } from './createLogStream';
import { normalizeCodeCached } from './normalizeCodeCached';
import { MAX_PAYLOAD_BYTES, payloadTooLarge } from './payloadLimits';
import type { PreparedGuestContext } from './prepareGuestContext';
import { monotonicNow } from './monotonicNow';

const MAX_ERROR_MESSAGE_CHARS = 4000;
const TIMEOUT_MESSAGE = 'Execution timed out';
/** Lines a run without a live stream takes across one call each before its console moves into the guest. */
const HOST_CONSOLE_LINES = 16;
/** A dropped console line is counted up to this many characters. */
const MAX_COUNTED_LINE_CHARS = 1_000_000;
const NATIVE_STACK_ERROR: ExecuteError = {
  code: 'runtime_error',
  message: 'the code nests too deeply (data or code nested tens of thousands of levels exhausted the stack)',
  name: 'RangeError',
};

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
  /** Receives console output as it happens, with levels and what the caps drop (the log stream). */
  logSink?: LogSink;
}

export interface QuickJsSession {
  /** Settles the matching pending tool call; false when no call with that id is pending. */
  deliverToolResult(message: ToolResultMessage): boolean;
  cancel(): void;
  /** Ends the execution with internal_error (the host broke the protocol), stopping the guest. */
  fail(message: string): void;
  /**
   * Settles once with the terminal message. Call `teardown` after sending it (freeing the runtime
   * is slow and need not delay the answer); it returns true when the module must not be reused.
   */
  readonly finished: Promise<SessionEnd>;
}

export interface SessionEnd {
  done: DoneMessage;
  teardown(): boolean;
}

interface TrustedError {
  handle: QuickJSHandle;
  /** With `tool`, the call that failed (`provider.tool`), from the runner's own record of it. */
  error: ExecuteError;
}

type Outcome = { ok: true; result?: unknown } | { ok: false; error: ExecuteError };
type Converted = { ok: true; value: unknown } | { ok: false; reason: string };

function clip(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_CHARS ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS)}…` : message;
}

/**
 * Runs one execute message in a fresh QuickJS runtime and context: guest tool calls become
 * tool_call messages and suspend the guest at its await until deliverToolResult settles them; the
 * guest's pending jobs run as soon as a result arrives. Nothing is carried over between sessions.
 *
 * Limits are classified from what the runner knows: its own deadline or a cancel interrupted the
 * guest (timeout), or the capped heap failed to grow (memory_limit); never from error text.
 */
export function runQuickJsSession(options: QuickJsSessionOptions): QuickJsSession {
  const { execute, bounded } = options;
  const { id, options: limits } = execute;
  const acceptedAt = options.acceptedAt ?? monotonicNow();
  const deadline = acceptedAt + limits.timeoutMs;
  const logs = createLogCollector(limits.maxLogLines, limits.maxLogChars);
  const pending = new Map<string, QuickJSDeferredPromise>();
  /** `provider.tool` of each pending call, for the failure it may end in. */
  const callTools = new Map<string, string>();
  const trusted: TrustedError[] = [];
  let prepared: PreparedGuestContext | undefined;
  let guestConsole: GuestConsole | undefined;
  let lastPeek = 0;
  let main: QuickJSHandle | undefined;
  let interrupted: 'timeout' | 'cancel' | undefined;
  let poisoned = false;
  let settled = false;
  let nextCallId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolveFinished!: (value: SessionEnd) => void;
  const finished = new Promise<SessionEnd>((resolve) => {
    resolveFinished = resolve;
  });

  const shouldInterrupt = (): boolean => {
    if (interrupted) return true;
    const now = monotonicNow();
    // A guest busy in a loop still streams the lines it keeps (read without running its code).
    if (guestConsole && options.logSink && now - lastPeek >= LOG_BATCH_MS) {
      lastPeek = now;
      try {
        guestConsole.peek();
      } catch {
        // They go with the next batch instead.
      }
    }
    if (now >= deadline) interrupted = 'timeout';
    else if (options.interruptProbe?.()) interrupted = 'cancel';
    return interrupted !== undefined;
  };

  /** Limits win over whatever the guest did: an interrupt is a timeout, a full heap a memory_limit. */
  const limitOutcome = (): Outcome | undefined => {
    if (interrupted) return { ok: false, error: { code: 'timeout', message: TIMEOUT_MESSAGE } };
    if (bounded.heapExhausted()) {
      return {
        ok: false,
        error: {
          code: 'memory_limit',
          message: `Memory limit of ${formatBytes(limits.memoryLimitBytes)} exceeded`,
        },
      };
    }
    return undefined;
  };

  const guestString = (ctx: QuickJSContext, handle: QuickJSHandle): string =>
    readGuestString(ctx, handle, prepared!.stringifyJson());

  /** One line for a guest value (console output, uncaught errors). Primitives skip the VM helper. */
  const describe = (ctx: QuickJSContext, value: QuickJSHandle): string => {
    const type = ctx.typeof(value);
    if (type === 'string') return guestString(ctx, value);
    if (type === 'undefined') return 'undefined';
    if (type === 'number') return JSON.stringify(ctx.getNumber(value));
    if (type === 'boolean') return String(ctx.dump(value));
    const described = ctx.callFunction(prepared!.describer(), ctx.undefined, value);
    if (described.error) {
      described.error.dispose();
      return `[${type}]`;
    }
    const text = ctx.typeof(described.value) === 'string' ? guestString(ctx, described.value) : `[${type}]`;
    described.value.dispose();
    return text;
  };

  /** Copies a guest value out as a host value, or explains why it is not transport-safe. */
  const toHost = (ctx: QuickJSContext, value: QuickJSHandle, rootName: string): Converted => {
    const type = ctx.typeof(value);
    if (type === 'undefined') return { ok: true, value: undefined };
    if (type === 'boolean') return { ok: true, value: ctx.dump(value) as boolean };
    if (type === 'number') {
      const number = ctx.getNumber(value);
      return Number.isFinite(number)
        ? { ok: true, value: number }
        : { ok: false, reason: `${rootName} is ${number}, which is not a finite number` };
    }
    let serialized;
    if (type === 'string') {
      // As JSON text, so a lone surrogate survives the copy out of the sandbox.
      serialized = ctx.callFunction(prepared!.stringifyJson(), ctx.undefined, value);
    } else {
      const rootHandle = ctx.newString(rootName);
      serialized = ctx.callFunction(prepared!.serializer(), ctx.undefined, value, rootHandle);
      rootHandle.dispose();
    }
    if (serialized.error) {
      const reason = `${rootName} could not be serialized: ${clip(describe(ctx, serialized.error))}`;
      serialized.error.dispose();
      return { ok: false, reason };
    }
    const handle = serialized.value;
    try {
      const kind = ctx.typeof(handle);
      if (kind === 'undefined')
        return { ok: false, reason: `${rootName} is a ${type}, which is not JSON-serializable` };
      if (kind !== 'string') {
        const reason = ctx.getProp(handle, 0);
        const text = ctx.getString(reason);
        reason.dispose();
        return { ok: false, reason: text };
      }
      const json = ctx.getString(handle);
      if (payloadTooLarge(json)) {
        return { ok: false, reason: `${rootName} is larger than the ${MAX_PAYLOAD_BYTES}-byte limit` };
      }
      return { ok: true, value: JSON.parse(json) as unknown };
    } finally {
      handle.dispose();
    }
  };

  /** An Error the runner made from a trusted host failure; only this very object keeps its code. */
  const makeTrustedError = (
    ctx: QuickJSContext,
    code: ExecuteErrorCode,
    message: string,
    tool?: string,
  ): QuickJSHandle => {
    const handle = ctx.newError(message);
    const codeHandle = ctx.newString(code);
    ctx.setProp(handle, 'code', codeHandle);
    codeHandle.dispose();
    trusted.push({ handle, error: tool === undefined ? { code, message } : { code, message, tool } });
    return handle;
  };

  const rejectedPromise = (
    ctx: QuickJSContext,
    code: ExecuteErrorCode,
    message: string,
    tool?: string,
  ): QuickJSHandle => {
    const deferred = ctx.newPromise();
    deferred.reject(makeTrustedError(ctx, code, message, tool));
    const handle = deferred.handle.dup();
    deferred.dispose();
    return handle;
  };

  const finish = (outcome: Outcome): void => {
    if (settled) return;
    settled = true;
    if (timer) clearTimeout(timer);
    if (guestConsole && !bounded.abandoned()) {
      try {
        guestConsole.drain();
      } catch {
        // A runtime that cannot run even that keeps the lines it handed over already.
      }
    }
    const durationMs = monotonicNow() - acceptedAt;
    const teardown = (): boolean => {
      if (bounded.abandoned()) return true;
      try {
        for (const deferred of pending.values()) deferred.dispose();
        pending.clear();
        for (const entry of trusted) entry.handle.dispose();
        main?.dispose();
        prepared?.dispose();
      } catch {
        // A runtime that cannot be torn down cleanly lives in a module that must not be reused.
        poisoned = true;
      }
      return poisoned || bounded.heapExhausted();
    };
    const base = { type: 'done' as const, id, durationMs, logs: logs.lines() };
    let done: DoneMessage;
    if (!outcome.ok) done = { ...base, ok: false, error: outcome.error };
    else if (outcome.result === undefined) done = { ...base, ok: true };
    else done = { ...base, ok: true, result: outcome.result };
    resolveFinished({ done, teardown });
  };

  /** Anything unexpected from the engine (a trap, a failed allocation in our own calls) ends the run. */
  const guarded = (step: () => void): void => {
    if (settled) return;
    try {
      step();
    } catch (error) {
      poisoned = true;
      if (error instanceof RangeError) {
        // The engine recursed (deeply nested JSON, code or data) past this thread's native stack
        // before its own stack limit saw it: the guest's doing, and the module is left mid-call.
        bounded.abandon();
        finish(limitOutcome() ?? { ok: false, error: { ...NATIVE_STACK_ERROR } });
        return;
      }
      const message = `runner failure: ${error instanceof Error ? error.message : String(error)}`;
      finish(limitOutcome() ?? { ok: false, error: { code: 'internal_error', message } });
    }
  };

  const rejectionOutcome = (ctx: QuickJSContext, error: QuickJSHandle): Outcome => {
    const limited = limitOutcome();
    if (limited) return limited;
    const match = trusted.find((entry) => ctx.sameValue(entry.handle, error));
    if (match) {
      const code = ctx.getProp(error, 'code');
      const intact = ctx.typeof(code) === 'string' && ctx.getString(code) === match.error.code;
      code.dispose();
      if (intact) return { ok: false, error: { ...match.error } };
    }
    return { ok: false, error: guestError(ctx, error) };
  };

  /** A value the guest threw, as runtime_error: its own message, with its name and line beside it. */
  const guestError = (ctx: QuickJSContext, value: QuickJSHandle): ExecuteError => {
    const error: ExecuteError = { code: 'runtime_error', message: `[${ctx.typeof(value)}]` };
    if (!prepared!.compiled()) {
      // The engine refused to compile the code: its own error, and no guest code has run.
      const { name, message } = (ctx.dump(value) ?? {}) as { name?: unknown; message?: unknown };
      if (typeof message === 'string') error.message = clip(message);
      if (typeof name === 'string') error.name = name;
      return error;
    }
    const parts = ctx.callFunction(prepared!.thrown(), ctx.undefined, value);
    if (parts.error) {
      parts.error.dispose();
      return error;
    }
    const name = ctx.getProp(parts.value, 0);
    const message = ctx.getProp(parts.value, 1);
    parts.value.dispose();
    if (ctx.typeof(message) === 'string') error.message = clip(guestString(ctx, message));
    if (ctx.typeof(name) === 'string') error.name = clip(guestString(ctx, name));
    message.dispose();
    name.dispose();
    const line = guestLine(ctx, value);
    if (line !== undefined) error.line = line;
    return error;
  };

  /** The line in the guest's code, from an Error's stack (columns shift where the code was normalized). */
  const guestLine = (ctx: QuickJSContext, error: QuickJSHandle): number | undefined => {
    if (ctx.typeof(error) !== 'object') return undefined;
    const stack = ctx.getProp(error, 'stack');
    const text = ctx.typeof(stack) === 'string' ? ctx.getString(stack) : '';
    stack.dispose();
    // guest.js line 1 holds the wrapper; the guest's first line is line 2.
    const match = /\(guest\.js:(\d+):\d+\)/.exec(text);
    return match && Number(match[1]) > 1 ? Number(match[1]) - 1 : undefined;
  };

  const settleFromPromise = (ctx: QuickJSContext): void => {
    if (!main) return;
    const state = ctx.getPromiseState(main);
    if (state.type === 'pending') {
      const limited = limitOutcome();
      if (limited) finish(limited);
      else if (pending.size === 0) {
        const message = 'guest code awaits a promise that nothing can settle (no tool call is pending)';
        finish({ ok: false, error: { code: 'runtime_error', message } });
      }
      return;
    }
    if (state.type === 'rejected') {
      const outcome = rejectionOutcome(ctx, state.error);
      state.error.dispose();
      finish(outcome);
      return;
    }
    const value = state.value;
    const converted = limitOutcome() ? undefined : toHost(ctx, value, 'result');
    if (value !== main) value.dispose();
    const limited = limitOutcome();
    if (limited || !converted)
      finish(limited ?? { ok: false, error: { code: 'timeout', message: TIMEOUT_MESSAGE } });
    else if (converted.ok) finish({ ok: true, result: converted.value });
    else finish({ ok: false, error: { code: 'serialization_error', message: converted.reason } });
  };

  const pump = (): void =>
    guarded(() => {
      if (!limitOutcome()) {
        const jobs = prepared!.runtime.executePendingJobs(-1);
        if (jobs.error) jobs.error.dispose();
      }
      // The guest waits now (or is done): what it logged streams before anything else it does.
      if (options.logSink) guestConsole?.drain();
      settleFromPromise(prepared!.context);
    });

  const callTool = (
    ctx: QuickJSContext,
    providerName: string,
    safeToolName: string,
    input: QuickJSHandle,
  ) => {
    if (interrupted || settled) return rejectedPromise(ctx, 'timeout', TIMEOUT_MESSAGE);
    const tool = `${providerName}.${safeToolName}`;
    const converted = toHost(ctx, input, 'input');
    if (!converted.ok) return rejectedPromise(ctx, 'serialization_error', converted.reason, tool);
    nextCallId += 1;
    const callId = `call-${nextCallId}`;
    const deferred = ctx.newPromise();
    pending.set(callId, deferred);
    callTools.set(callId, tool);
    const message: ToolCallMessage = { type: 'tool_call', callId, providerName, safeToolName };
    if (converted.value !== undefined) message.input = converted.value;
    // Lines logged before the call stream before it.
    if (options.logSink) guestConsole?.drain();
    options.sendToolCall(message);
    return deferred.handle.dup();
  };

  /** Console and one namespace per provider manifest: the only things the guest gets from the host. */
  const installGlobals = (ctx: QuickJSContext, keep: (handle: QuickJSHandle) => QuickJSHandle): void => {
    const consoleObject = keep(ctx.newObject());
    const hostMethods = new Map<ConsoleMethod, QuickJSHandle>();
    let hostLines = 0;
    for (const method of CONSOLE_METHODS) {
      const write = keep(
        ctx.newFunction(method, (...args) => {
          // Past the first lines, the lines wait in the guest and cross in batches (createGuestConsole).
          if (guestConsole) return ctx.callFunction(guestConsole.method(method), ctx.undefined, ...args);
          const room = logs.room();
          const sink = options.logSink;
          if (room === 0 && !sink) return;
          // With a sink, dropped lines are formatted too, to count their characters (up to a bound).
          const limit = sink ? Math.max(room, MAX_COUNTED_LINE_CHARS) : room;
          const line = formatLine(ctx, args, limit);
          if (acceptLine(method, line) && ++hostLines === HOST_CONSOLE_LINES)
            switchToGuestConsole(ctx, consoleObject, hostMethods, keep);
        }),
      );
      hostMethods.set(method, write);
      ctx.setProp(consoleObject, method, write);
    }
    ctx.setProp(ctx.global, 'console', consoleObject);
    for (const provider of execute.providers) {
      const namespace = keep(ctx.newObject());
      for (const tool of Object.values(provider.tools)) {
        const proxy = keep(
          ctx.newFunction(tool.safeName, (input) =>
            callTool(ctx, provider.name, tool.safeName, input ?? ctx.undefined),
          ),
        );
        ctx.setProp(namespace, tool.safeName, proxy);
      }
      ctx.setProp(ctx.global, provider.name, namespace);
    }
  };

  /** Console arguments as one line, described until it is longer than `limit`. */
  const formatLine = (ctx: QuickJSContext, args: readonly QuickJSHandle[], limit: number): string => {
    let line = '';
    for (let i = 0; i < args.length && line.length <= limit; i++) {
      line += (i === 0 ? '' : ' ') + describe(ctx, args[i]!);
    }
    return line;
  };

  /** One console line, kept as the caps allow and streamed; false once no more lines are wanted. */
  const acceptLine = (method: ConsoleMethod, line: string): boolean => {
    const room = logs.room();
    const sink = options.logSink;
    if (room > 0) logs.append(line);
    if (!sink) return logs.room() > 0;
    if (room === 0) sink.dropped(method, line.length, true);
    else if (line.length > room) {
      sink.line(method, line.slice(0, room));
      sink.dropped(method, line.length - room, false);
    } else sink.line(method, line);
    return true;
  };

  /** Puts the guest-side methods where the console still has ours (a guest may have replaced some). */
  const switchToGuestConsole = (
    ctx: QuickJSContext,
    consoleObject: QuickJSHandle,
    hostMethods: ReadonlyMap<ConsoleMethod, QuickJSHandle>,
    keep: (handle: QuickJSHandle) => QuickJSHandle,
  ): void => {
    const limit = options.logSink ? Math.max(limits.maxLogChars, MAX_COUNTED_LINE_CHARS) : limits.maxLogChars;
    guestConsole = createGuestConsole(ctx, prepared!.consoleFactory(), prepared!.joinArray(), keep, {
      accept: acceptLine,
      format: (args) => formatLine(ctx, args, limit),
      text: (handle) => guestString(ctx, handle),
      newText: (text) => newGuestString(ctx, text, prepared!.parseJson()),
    });
    for (const [method, host] of hostMethods) {
      const current = ctx.getProp(consoleObject, method);
      const ours = ctx.sameValue(current, host);
      current.dispose();
      if (!ours) continue;
      try {
        ctx.setProp(consoleObject, method, guestConsole.method(method));
      } catch {
        // A console the guest froze keeps our methods: they pass each line to the guest-side ones.
      }
    }
  };

  const start = (): void => {
    let body: string;
    try {
      body = normalizeCodeCached(execute.code);
    } catch (error) {
      finish({
        ok: false,
        error:
          error instanceof CodeSyntaxError
            ? error.toExecuteError()
            : { code: 'runtime_error', message: `could not read the code: ${String(error)}` },
      });
      return;
    }
    guarded(() => {
      const context = options.takeContext();
      prepared = context;
      const ctx = context.context;
      context.setInterruptHandler(shouldInterrupt);
      const compiled = context.compile(body);
      // After compiling: the intrinsics are captured before any namespace could shadow them.
      if (!compiled.error) installGlobals(ctx, context.keep);
      const called = compiled.error ? compiled : ctx.callFunction(compiled.value, ctx.undefined);
      if (called.error) {
        const outcome = limitOutcome() ?? { ok: false, error: guestError(ctx, called.error) };
        called.error.dispose();
        finish(outcome as Outcome);
        return;
      }
      main = called.value;
    });
    pump();
    // Most runs end in that first pump: only one still waiting (on a tool call) needs a timer.
    if (!settled) timer = setTimeout(onDeadline, Math.max(0, deadline - monotonicNow()));
  };

  const interruptPending = (
    reason: 'timeout' | 'cancel',
    error: ExecuteError = { code: 'timeout', message: TIMEOUT_MESSAGE },
  ): void => {
    if (settled) return;
    interrupted ??= reason;
    guarded(() => {
      if (prepared) {
        // Reject what the guest awaits so finally blocks may run; the interrupt handler stops any loop.
        for (const deferred of pending.values()) {
          deferred.reject(makeTrustedError(prepared.context, 'timeout', TIMEOUT_MESSAGE));
          deferred.dispose();
        }
        pending.clear();
        const jobs = prepared.runtime.executePendingJobs(-1);
        if (jobs.error) jobs.error.dispose();
      }
      finish({ ok: false, error });
    });
  };

  const onDeadline = (): void => interruptPending('timeout');

  start();

  return {
    deliverToolResult(message) {
      const deferred = settled ? undefined : pending.get(message.callId);
      if (!deferred) return false;
      pending.delete(message.callId);
      const tool = callTools.get(message.callId);
      callTools.delete(message.callId);
      guarded(() => {
        const ctx = prepared!.context;
        if (!message.ok) {
          deferred.reject(makeTrustedError(ctx, message.error.code, message.error.message, tool));
        } else if (message.result === undefined) {
          deferred.resolve(ctx.undefined);
        } else {
          const json = ctx.newString(JSON.stringify(message.result));
          const parsed = ctx.callFunction(prepared!.parseJson(), ctx.undefined, json);
          json.dispose();
          if (parsed.error) {
            parsed.error.dispose();
            const reason = 'the tool result could not be copied into the sandbox';
            deferred.reject(makeTrustedError(ctx, 'serialization_error', reason, tool));
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
    fail(message) {
      interruptPending('cancel', { code: 'internal_error', message });
    },
    finished,
  };
}
