/** How often an idle runner process checks that its parent still exists. */
const IDLE_CHECK_MS = 250;

/**
 * Ends this runner process once its parent is gone (killed with -9, it could not say goodbye): the
 * runner then belongs to init, and nothing it computes can reach anyone. Returns the check, for the
 * guest's interrupt handler to call during a CPU loop; an unref'd timer covers idle time.
 */
export function watchParentProcess(exit: () => void = () => process.exit(0)): () => void {
  const parent = process.ppid;
  const check = (): void => {
    if (process.ppid !== parent) exit();
  };
  setInterval(check, IDLE_CHECK_MS).unref();
  return check;
}
