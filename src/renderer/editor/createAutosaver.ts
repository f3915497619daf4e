/** Debounced saving of one value per key; `flush` saves everything pending now. */
export function createAutosaver(
  save: (key: string, value: string) => Promise<void>,
  onStateChange: (key: string, state: 'pending' | 'saving' | 'saved' | 'failed', error?: unknown) => void,
  delayMs = 400,
) {
  const pending = new Map<string, { value: string; timer: ReturnType<typeof setTimeout> }>();
  const inFlight = new Set<Promise<void>>();

  async function saveNow(key: string) {
    const entry = pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    onStateChange(key, 'saving');
    const promise = save(key, entry.value).then(
      () => onStateChange(key, pending.has(key) ? 'pending' : 'saved'),
      (error: unknown) => onStateChange(key, 'failed', error),
    );
    inFlight.add(promise);
    await promise;
    inFlight.delete(promise);
  }

  return {
    schedule(key: string, value: string) {
      const existing = pending.get(key);
      if (existing) clearTimeout(existing.timer);
      pending.set(key, { value, timer: setTimeout(() => void saveNow(key), delayMs) });
      onStateChange(key, 'pending');
    },
    hasPending: (key: string) => pending.has(key),
    async flush() {
      await Promise.all([...pending.keys()].map((key) => saveNow(key)));
      await Promise.all([...inFlight]);
    },
  };
}
