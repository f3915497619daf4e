/**
 * Settles when `work` settles or `signal` aborts, whichever is first (at once when it has aborted
 * already). Work that goes on after the abort is left to finish; its failure is then ignored.
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
): Promise<{ aborted: true } | { aborted: false; value: T }> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve({ aborted: true });
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
