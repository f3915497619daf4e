import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { GUEST_BOOTSTRAP_SOURCE } from './guestBootstrapSource';

/** The runner always caps QuickJS's C stack, so deep recursion is a catchable error, never a crash. */
export const MAX_STACK_BYTES = 256 * 1024;

/** What a session plugs into a prepared context when it takes it. */
export interface GuestBindings {
  /** Appends one console line; returns the characters still allowed (0 once full). */
  log(line: string): number;
  /** A guest tool call: returns the promise handle the guest awaits. */
  call(providerIndex: number, toolIndex: number, input: QuickJSHandle): QuickJSHandle;
  shouldInterrupt(): boolean;
}

export interface GuestHelpers {
  serialize: QuickJSHandle;
  describe: QuickJSHandle;
  makeError: QuickJSHandle;
  parseJson: QuickJSHandle;
  install: QuickJSHandle;
}

export interface PreparedGuestContext {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  helpers: GuestHelpers;
  bind(bindings: GuestBindings): void;
  /** Frees the helpers, context and runtime; throws if the runtime could not be torn down. */
  dispose(): void;
}

/**
 * A fresh runtime and context with the bootstrap evaluated but no guest code run yet. Parsing the
 * bootstrap is the costliest part of starting an execution, so runners prepare the next context
 * while idle; it is still used for exactly one execution.
 */
export function prepareGuestContext(module: QuickJSWASMModule): PreparedGuestContext {
  let bindings: GuestBindings | undefined;
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => bindings?.shouldInterrupt() ?? false);
  const context = runtime.newContext();
  const owned: QuickJSHandle[] = [];
  const keep = (handle: QuickJSHandle): QuickJSHandle => {
    owned.push(handle);
    return handle;
  };
  const dispose = (): void => {
    for (const handle of owned) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
  };
  try {
    const hostLog = keep(
      context.newFunction('log', (line) =>
        context.newNumber(bindings ? bindings.log(context.getString(line)) : 0),
      ),
    );
    const hostCall = keep(
      context.newFunction('call', (providerIndex, toolIndex, input) => {
        if (!bindings) throw new Error('no execution is bound to this context');
        return bindings.call(context.getNumber(providerIndex), context.getNumber(toolIndex), input);
      }),
    );
    const bootstrap = keep(
      context.unwrapResult(context.evalCode(GUEST_BOOTSTRAP_SOURCE, 'execbox-bootstrap.js')),
    );
    const list = keep(
      context.unwrapResult(context.callFunction(bootstrap, context.undefined, hostLog, hostCall)),
    );
    const helpers: GuestHelpers = {
      serialize: keep(context.getProp(list, 0)),
      describe: keep(context.getProp(list, 1)),
      makeError: keep(context.getProp(list, 2)),
      parseJson: keep(context.getProp(list, 3)),
      install: keep(context.getProp(list, 4)),
    };
    return {
      runtime,
      context,
      helpers,
      bind(next) {
        bindings = next;
      },
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}
