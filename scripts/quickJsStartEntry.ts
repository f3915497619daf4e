import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createBoundedQuickJsModule, pagesForLimit } from '../src/runner/boundedQuickJsModule';
import { prepareGuestContext } from '../src/runner/prepareGuestContext';
import { adoptQuickJsWasm } from '../src/runner/quickJsWasm';
import { applySingleUseV8Flags } from '../src/runner/singleUseV8Flags';
import { DEFAULT_RUNTIME_OPTIONS } from '../src/shared/runtimeOptions';

/**
 * QuickJS's own start, without the runner around it: compile (or adopt) the wasm, instantiate it,
 * then one fresh runtime and context that compiles and calls `return 1`. Reports how long that
 * took, which a cold runner pays on top of its fork or worker however lean the runner is.
 */
async function quickJsStart(): Promise<number> {
  const start = performance.now();
  // As a single-use runner process does (see singleUseV8Flags); a worker gets none.
  applySingleUseV8Flags(process.argv, !isMainThread, false);
  adoptQuickJsWasm((workerData as { quickJsWasm?: unknown } | null)?.quickJsWasm);
  const bounded = await createBoundedQuickJsModule(pagesForLimit(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes));
  const prepared = prepareGuestContext(bounded.module);
  const { context, runtime } = prepared;
  const main = context.unwrapResult(prepared.compile('return 1'));
  const promise = context.unwrapResult(context.callFunction(main, context.undefined));
  runtime.executePendingJobs(-1);
  const state = context.getPromiseState(promise);
  if (state.type !== 'fulfilled' || context.getNumber(state.value) !== 1)
    throw new Error('QuickJS did not return 1');
  state.value.dispose();
  promise.dispose();
  prepared.dispose();
  return performance.now() - start;
}

void quickJsStart().then((took) => (parentPort ? parentPort.postMessage(took) : process.send!(took)));
