import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
  VmCallResult,
} from 'quickjs-emscripten-core';
import { asyncFunctionSource } from '../shared/asyncFunctionSource';
import { GUEST_CONSOLE_SOURCE } from './guestConsoleSource';
import { GUEST_DESCRIBER_SOURCE } from './guestDescriberSource';
import { GUEST_SERIALIZER_SOURCE } from './guestHelpersSource';

/** The runner always caps QuickJS's C stack, so deep recursion is a catchable error, never a crash. */
export const MAX_STACK_BYTES = 256 * 1024;

/**
 * The intrinsics the helpers need, read in the same evaluation that compiles the guest function (one
 * line, so guest line numbers stay those of asyncFunctionSource), before any guest code has run. Only
 * what the helpers cannot derive from syntax later: QuickJS parses each name here on every execution.
 */
const INTRINSICS =
  'JSON.stringify, Object.getPrototypeOf, Object.getOwnPropertyDescriptor, Object.getOwnPropertySymbols, ' +
  'Array.isArray, Error.prototype, String, JSON.parse, Array.prototype.join';
const HELPER_ARGUMENTS = 7;
const PARSE_INDEX = 7;
const JOIN_INDEX = 8;
const GUEST_INDEX = 9;

export interface PreparedGuestContext {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  /** Captures the intrinsics and compiles the guest body into its async function (not yet called). */
  compile(body: string): VmCallResult<QuickJSHandle>;
  /** The original JSON.parse, for copying tool results in. */
  parseJson(): QuickJSHandle;
  /** The original JSON.stringify: strings cross as JSON so lone surrogates survive. */
  stringifyJson(): QuickJSHandle;
  /** The original Array.prototype.join, which the runner calls itself (no guest lookup of `call`). */
  joinArray(): QuickJSHandle;
  /** Compiles the serializer on first use (many executions never need it). */
  serializer(): QuickJSHandle;
  /** Whether the guest code compiled (an error before that is the engine's, not the guest's). */
  compiled(): boolean;
  /** Compiles the describer on first use. */
  describer(): QuickJSHandle;
  /** [name, message] of an uncaught value; compiled with the describer. */
  thrown(): QuickJSHandle;
  /** Compiles the guest-side console factory on first use. */
  consoleFactory(): QuickJSHandle;
  setInterruptHandler(shouldInterrupt: () => boolean): void;
  /** Keeps a handle alive until dispose(). */
  keep(handle: QuickJSHandle): QuickJSHandle;
  /** Frees every kept handle, the context and the runtime; throws if teardown failed. */
  dispose(): void;
}

/**
 * A fresh runtime and context, used for exactly one execution. Runners prepare the next one while
 * idle, since creating them is the costliest part of starting an execution.
 */
export function prepareGuestContext(module: QuickJSWASMModule): PreparedGuestContext {
  let shouldInterrupt: (() => boolean) | undefined;
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => shouldInterrupt?.() ?? false);
  const context = runtime.newContext();
  const owned: QuickJSHandle[] = [];
  const keep = (handle: QuickJSHandle): QuickJSHandle => {
    owned.push(handle);
    return handle;
  };
  let list: QuickJSHandle | undefined;
  const intrinsics = new Map<number, QuickJSHandle>();
  const intrinsic = (index: number): QuickJSHandle => {
    if (!list) throw new Error('the guest code has not been compiled');
    let handle = intrinsics.get(index);
    if (!handle) {
      handle = keep(context.getProp(list, index));
      intrinsics.set(index, handle);
    }
    return handle;
  };
  let serializer: QuickJSHandle | undefined;
  let describers: QuickJSHandle | undefined;
  let describer: QuickJSHandle | undefined;
  let thrown: QuickJSHandle | undefined;
  let consoleFactory: QuickJSHandle | undefined;
  /** Evaluates a helper factory and calls it with the intrinsics (see guestHelpersSource). */
  const helper = (source: string, file: string): QuickJSHandle => {
    const factory = context.unwrapResult(context.evalCode(source, file));
    const args = Array.from({ length: HELPER_ARGUMENTS }, (_, i) => intrinsic(i));
    const made = context.callFunction(factory, context.undefined, ...args);
    factory.dispose();
    return context.unwrapResult(made);
  };

  /** [describe, thrown]: one evaluation serves both (see guestDescriberSource). */
  const describerPair = (): QuickJSHandle =>
    (describers ??= keep(helper(GUEST_DESCRIBER_SOURCE, 'execbox-describer.js')));

  return {
    runtime,
    context,
    compile(body) {
      const evaluated = context.evalCode(`[${INTRINSICS}, ${asyncFunctionSource(body)}]`, 'guest.js');
      if (evaluated.error) return evaluated;
      list = keep(evaluated.value);
      return { value: intrinsic(GUEST_INDEX) } as VmCallResult<QuickJSHandle>;
    },
    compiled: () => list !== undefined,
    parseJson: () => intrinsic(PARSE_INDEX),
    stringifyJson: () => intrinsic(0),
    joinArray: () => intrinsic(JOIN_INDEX),
    serializer() {
      serializer ??= keep(helper(GUEST_SERIALIZER_SOURCE, 'execbox-serializer.js'));
      return serializer;
    },
    describer() {
      describer ??= keep(context.getProp(describerPair(), 0));
      return describer;
    },
    thrown() {
      thrown ??= keep(context.getProp(describerPair(), 1));
      return thrown;
    },
    consoleFactory() {
      consoleFactory ??= keep(helper(GUEST_CONSOLE_SOURCE, 'execbox-console.js'));
      return consoleFactory;
    },
    setInterruptHandler(next) {
      shouldInterrupt = next;
    },
    keep,
    dispose() {
      for (const handle of owned) if (handle.alive) handle.dispose();
      // quickjs-emscripten's module-level Maps keep a disposed runtime reachable for a while (V8
      // links each rehashed table to the next): unhooked here, it no longer pins the session.
      runtime.removeInterruptHandler();
      shouldInterrupt = undefined;
      context.dispose();
      runtime.dispose();
    },
  };
}
