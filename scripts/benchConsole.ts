import type { QuickJSContext, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { Executor } from '../src/main/engine/core/types';
import { sharedQuickJsModulePool } from '../src/runner/createQuickJsModulePool';
import { MAX_STACK_BYTES } from '../src/runner/prepareGuestContext';
import { DEFAULT_RUNTIME_OPTIONS } from '../src/shared/runtimeOptions';

export const CONSOLE_LINES = 1000;
const LOOP = `for (let i = 0; i < ${CONSOLE_LINES}; i++) console.log('line ' + i)`;

export interface ConsoleFigures {
  /** Our in-process executor, every line kept (maxLogLines = the line count). */
  ours: number[];
  /** A fresh runtime whose console.log is a host function that takes each line across at once, as execbox does. */
  unbuffered: number[];
  /** The floor: a fresh runtime whose guest collects the lines in an array and hands them over once. */
  guestBuffered: number[];
}

/** A fresh runtime and context per run, as ours has, running `code` and disposing of it all. */
function freshRun(
  quickjs: QuickJSWASMModule,
  code: string,
  install?: (context: QuickJSContext) => void,
): number {
  const start = performance.now();
  const runtime = quickjs.newRuntime();
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  const context = runtime.newContext();
  install?.(context);
  const handle = context.unwrapResult(context.evalCode(code));
  if (context.typeof(handle) === 'string' && context.getString(handle).length === 0)
    throw new Error('no lines');
  handle.dispose();
  context.dispose();
  runtime.dispose();
  return performance.now() - start;
}

/**
 * 1,000 `console.log` lines three ways, in alternating blocks so drift hits all alike: through our
 * in-process executor, through an execbox-style console (one host call per line, the line pushed to a
 * host array), and the floor where the guest buffers the lines itself and they cross once.
 */
export async function consoleLines(
  inProcess: Executor,
  blocks: number,
  perBlock: number,
): Promise<ConsoleFigures> {
  const lease = await sharedQuickJsModulePool().acquire(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes);
  const quickjs = lease.bounded.module;
  const options = { maxLogLines: CONSOLE_LINES };
  const ours = async () => {
    const start = performance.now();
    const result = await inProcess.execute(LOOP, [], options);
    const took = performance.now() - start;
    if (!result.ok || result.logs.length !== CONSOLE_LINES) throw new Error('bench run lost lines');
    return took;
  };
  const unbuffered = () => {
    const lines: string[] = [];
    const took = freshRun(quickjs, `${LOOP}; 'done'`, (context) => {
      const consoleObject = context.newObject();
      const log = context.newFunction('log', (...args) => {
        lines.push(
          args
            .map((arg) =>
              context.typeof(arg) === 'string' ? context.getString(arg) : String(context.dump(arg)),
            )
            .join(' '),
        );
      });
      context.setProp(consoleObject, 'log', log);
      context.setProp(context.global, 'console', consoleObject);
      log.dispose();
      consoleObject.dispose();
    });
    if (lines.length !== CONSOLE_LINES) throw new Error('bench run lost lines');
    return took;
  };
  const buffered = () =>
    freshRun(
      quickjs,
      `const out = []; for (let i = 0; i < ${CONSOLE_LINES}; i++) out.push('line ' + i); out.join('\\n')`,
    );
  const figures: ConsoleFigures = { ours: [], unbuffered: [], guestBuffered: [] };
  try {
    for (let i = 0; i < 100; i++) {
      await ours();
      unbuffered();
      buffered();
    }
    for (let block = 0; block < blocks; block++) {
      for (let i = 0; i < perBlock; i++) figures.ours.push(await ours());
      for (let i = 0; i < perBlock; i++) figures.unbuffered.push(unbuffered());
      for (let i = 0; i < perBlock; i++) figures.guestBuffered.push(buffered());
    }
  } finally {
    lease.release(false);
  }
  return figures;
}
