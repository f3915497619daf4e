import vm from 'node:vm';
import { isExecuteErrorCode } from '../../../shared/errors';
import { abortableDelay } from '../abortableDelay';
import { toolError } from '../toolError';

export interface TrustedHandlerContext {
  signal: AbortSignal;
  providerName: string;
  toolName: string;
}

/** How long the handler's synchronous part may run before the host stops it. */
const SYNC_BUDGET_MS = 1000;

/**
 * Compiles a mock tool's TRUSTED handler: the body of `async (input, context) => { ... }`.
 * It runs in the host with node:vm, which separates globals but is no security boundary, so only
 * code the user trusts may run here. Its globals are `console`, `setTimeout` and `clearTimeout`;
 * `context.sleep(ms)` waits abortably and `context.fail(code, message)` throws a chosen error code.
 */
export function compileTrustedHandler(
  source: string,
  filename: string,
): (input: unknown, context: TrustedHandlerContext) => Promise<unknown> {
  const script = new vm.Script(`(async (input, context) => {\n${source}\n})(input, context)`, {
    filename,
    lineOffset: -1,
  });
  return async (input, context) => {
    const sandbox = vm.createContext({
      console,
      setTimeout,
      clearTimeout,
      input,
      context: {
        signal: context.signal,
        providerName: context.providerName,
        toolName: context.toolName,
        sleep: (ms: number) => abortableDelay(ms, context.signal),
        fail: (code: unknown, message: unknown) => {
          if (!isExecuteErrorCode(code))
            throw new Error(`context.fail: '${String(code)}' is not an execbox error code`);
          throw toolError(code, String(message));
        },
      },
    });
    let result: unknown;
    try {
      result = await (script.runInContext(sandbox, { timeout: SYNC_BUDGET_MS }) as Promise<unknown>);
    } catch (error) {
      throw toHostRealmError(error);
    }
    // Values made in the vm context have that context's prototypes: bring them into the host's realm.
    return result === undefined ? undefined : cloneIntoHost(result);
  };
}

function cloneIntoHost(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch (error) {
    throw toolError(
      'serialization_error',
      `the handler returned a value that is not plain data: ${describe(error)}`,
    );
  }
}

function toHostRealmError(error: unknown): unknown {
  if ((error as NodeJS.ErrnoException | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
    return toolError('timeout', `the handler ran synchronously for more than ${SYNC_BUDGET_MS} ms`);
  }
  if (error instanceof Error) return error;
  if (error !== null && typeof error === 'object' && 'message' in error) {
    return new Error(String((error as { message: unknown }).message));
  }
  return new Error(`the handler threw ${describe(error)}`);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
