import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/**
 * Ties the work an HTTP request starts to the request itself: the endpoint runs each request's
 * handling `within` a signal that aborts when its connection closes before the answer went out,
 * and a tool handler reads it with `signal()` (the MCP SDK does not tell a handler its client hung up).
 */
export const httpRequestGone = {
  within<T>(signal: AbortSignal, handle: () => T): T {
    return scope.run(signal, handle);
  },
  signal(): AbortSignal | undefined {
    return scope.getStore();
  },
};
