export interface StopWithinOptions {
  deadlineMs: number;
  /** The orderly stop. */
  stop(): Promise<void>;
  /** Ends everything at once (kills what the process started, exits); called at most once. */
  force(why: string): void;
  /** Hears the next stop signal (a second Ctrl+C or SIGTERM); returns how to stop listening. */
  onSignal(listener: () => void): () => void;
}

/**
 * Runs an orderly stop that cannot hang: past the deadline, or when asked to stop again, it forces.
 * A stop waits on others (a server restarting, a held call), so only a bound makes it one.
 */
export async function stopWithin(options: StopWithinOptions): Promise<void> {
  let forced = false;
  const force = (why: string): void => {
    if (forced) return;
    forced = true;
    options.force(why);
  };
  const timer = setTimeout(
    () => force(`it did not stop within ${options.deadlineMs / 1000} s`),
    options.deadlineMs,
  );
  const stopListening = options.onSignal(() => force('it was asked again to stop'));
  try {
    await options.stop();
  } finally {
    clearTimeout(timer);
    stopListening();
  }
}

/** Listens for the next SIGINT or SIGTERM. */
export function onNextStopSignal(listener: () => void): () => void {
  process.once('SIGINT', listener);
  process.once('SIGTERM', listener);
  return () => {
    process.removeListener('SIGINT', listener);
    process.removeListener('SIGTERM', listener);
  };
}
