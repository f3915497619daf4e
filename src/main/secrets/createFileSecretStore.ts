import { chmod } from 'node:fs/promises';
import { ensurePrivateDir } from '../system/ensurePrivateDir';
import path from 'node:path';
import { writeFileAtomic } from '../system/writeFileAtomic';
import { readJsonRecord } from './readJsonRecord';
import { assertSecretName, type SecretStore } from './SecretStore';

export interface EncodedSecretFile {
  file: string;
  encode(value: string): string;
  decode(stored: string): string;
}

/** A secret store backed by one owner-only (0600) JSON file, with an optional value encoding. */
export function createEncodedFileSecretStore({ file, encode, decode }: EncodedSecretFile): SecretStore {
  let queue: Promise<unknown> = Promise.resolve();
  // Writes are serialized so that two quick `set`s never lose one another.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  const save = async (record: Record<string, string>) => {
    await ensurePrivateDir(path.dirname(file));
    await writeFileAtomic(file, JSON.stringify(record, null, 2) + '\n', 0o600);
    await chmod(file, 0o600);
  };
  return {
    async list() {
      return Object.keys(await readJsonRecord(file)).sort();
    },
    async get(name) {
      const record = await readJsonRecord(file);
      return typeof name === 'string' && Object.hasOwn(record, name)
        ? decode(record[name] as string)
        : undefined;
    },
    async set(name, value) {
      assertSecretName(name);
      if (typeof value !== 'string') throw new Error(`the value of secret '${name}' must be a string`);
      return serialized(async () => {
        const record = await readJsonRecord(file);
        record[name] = encode(value);
        await save(record);
      });
    },
    async delete(name) {
      assertSecretName(name);
      return serialized(async () => {
        const record = await readJsonRecord(file);
        if (!Object.hasOwn(record, name)) return;
        delete record[name];
        await save(record);
      });
    },
  };
}

/** Node mode: plain values in `secrets.json` (mode 0600) in the user's config folder. */
export function createFileSecretStore(configDir: string): SecretStore {
  return createEncodedFileSecretStore({
    file: path.join(configDir, 'secrets.json'),
    encode: (value) => value,
    decode: (stored) => stored,
  });
}
