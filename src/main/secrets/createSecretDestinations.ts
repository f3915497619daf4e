import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readTextIfExists } from '../system/readTextIfExists';
import { writeFileAtomic } from '../system/writeFileAtomic';

/** Where a secret is about to be sent, as a person reads it ("TPMJS executor at https://…"). */
export interface SecretUse {
  name: string;
  destination: string;
  /** Where it was allowed to go until now (empty on its first use). */
  known: string[];
}

/** A host-side confirmation the renderer cannot answer (the app: a native dialog). */
export type ConfirmSecretUse = (use: SecretUse) => Promise<boolean>;

export class SecretDestinationError extends Error {}

export interface SecretDestinations {
  /** Resolves when the secret may go to the destination; records it. Throws SecretDestinationError otherwise. */
  authorize(name: string, destination: string): Promise<void>;
  /** The value changed: a person who typed it may send it anywhere again, so its destinations are forgotten. */
  forget(name: string): Promise<void>;
  list(name: string): Promise<string[]>;
}

export interface SecretDestinationsOptions {
  /** `secret-destinations.json` in the config folder (0600). */
  file: string;
  /**
   * With it, every new destination of a secret, its first included, needs a yes. Without it
   * (browser mode, the CLI), the first use binds the secret and any other destination is refused.
   */
  confirm?: ConfirmSecretUse;
}

/**
 * Issue 10.9: a secret is bound to where it may be sent. The PlaygroundApi cannot send a stored
 * secret to a URL or command of its choosing (a provider added with a catcher's `baseUrl` and
 * `apiKey: ${secret:…}`) without the host's own confirmation.
 */
export function createSecretDestinations(options: SecretDestinationsOptions): SecretDestinations {
  let loaded: Map<string, string[]> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  const load = async () => {
    if (loaded) return loaded;
    loaded = new Map();
    const text = await readTextIfExists(options.file);
    if (text !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new SecretDestinationError(`${options.file} is not valid JSON: fix or delete it`);
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new SecretDestinationError(`${options.file} must hold a JSON object`);
      for (const [name, list] of Object.entries(parsed)) {
        if (Array.isArray(list))
          loaded.set(
            name,
            list.filter((item): item is string => typeof item === 'string'),
          );
      }
    }
    return loaded;
  };
  const save = async (map: Map<string, string[]>) => {
    await mkdir(path.dirname(options.file), { recursive: true, mode: 0o700 });
    // Entries as [name, list] pairs in an object built by defineProperty: "__proto__" stays a name.
    const record: Record<string, string[]> = {};
    for (const [name, list] of map)
      Object.defineProperty(record, name, {
        value: list,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    await writeFileAtomic(options.file, JSON.stringify(record, null, 2) + '\n', 0o600);
  };

  return {
    authorize: (name, destination) =>
      serialized(async () => {
        const map = await load();
        const known = map.get(name) ?? [];
        if (known.includes(destination)) return;
        const allowed = options.confirm
          ? await options.confirm({ name, destination, known: [...known] })
          : known.length === 0;
        if (!allowed) {
          throw new SecretDestinationError(
            options.confirm
              ? `secret '${name}' was not sent to ${destination}: you did not allow it`
              : `secret '${name}' was not sent to ${destination}: it is bound to ${known.join(', ')}. ` +
                  'To use it there, enter its value again in the Secrets dialog (that clears where it may go)',
          );
        }
        map.set(name, [...known, destination]);
        await save(map);
      }),
    forget: (name) =>
      serialized(async () => {
        const map = await load();
        if (map.delete(name)) await save(map);
      }),
    list: async (name) => [...((await load()).get(name) ?? [])],
  };
}
