import { createSecretMasker, type SecretMasker } from './createSecretMasker';
import type { SecretStore } from './SecretStore';

/** The name shown for a value that was deleted or replaced but is still masked. */
export const RETIRED_NAME = 'deleted_or_replaced';

export interface SecretMasking {
  /** The store to use everywhere: every set, delete and read keeps the masker current. */
  store: SecretStore;
  /** The masker for the values known now (synchronous: it sits on every path the host sends text on). */
  masker(): SecretMasker;
  /** Rereads every value (the store's file may have been changed by another process). */
  refresh(): Promise<SecretMasker>;
}

/**
 * Wraps a secret store so that the host always holds a masker for every known secret value. The
 * masker is rebuilt only when a value changes, never per call.
 */
export async function createSecretMasking(inner: SecretStore): Promise<SecretMasking> {
  const values = new Map<string, string>();
  // Values leave only with the host: a deleted or replaced secret may still sit in a running provider's environment.
  const retired: string[] = [];
  let current = createSecretMasker(values);
  const rebuild = () => {
    current = createSecretMasker([...values, ...retired.map((value) => [RETIRED_NAME, value] as const)]);
  };
  const remember = (name: string, value: string | undefined) => {
    const previous = values.get(name);
    if (previous === value) return;
    if (previous !== undefined) retired.push(previous);
    if (value === undefined) values.delete(name);
    else values.set(name, value);
    rebuild();
  };
  const refresh = async () => {
    const names = await inner.list();
    const read = await Promise.all(names.map(async (name) => [name, await inner.get(name)] as const));
    for (const [name, value] of read) {
      const previous = values.get(name);
      if (value === undefined || previous === value) continue;
      if (previous !== undefined) retired.push(previous);
      values.set(name, value);
    }
    rebuild();
    return current;
  };
  await refresh();

  const store: SecretStore = {
    list: () => inner.list(),
    async get(name) {
      const value = await inner.get(name);
      // A value read for use (a provider's env, an API key) is masked from then on, even if the file changed underneath.
      if (value !== undefined) remember(name, value);
      return value;
    },
    async set(name, value) {
      await inner.set(name, value);
      remember(name, value);
    },
    async delete(name) {
      await inner.delete(name);
      remember(name, undefined);
    },
  };
  return { store, masker: () => current, refresh };
}
