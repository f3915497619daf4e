import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import {
  createSafeStorageSecretStore,
  type SafeStorageLike,
} from '../../src/main/secrets/createSafeStorageSecretStore';
import { expandSecretRefs, secretNamesIn } from '../../src/main/secrets/expandSecretRefs';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'execbox-secrets-'));

/** Reversible stand-in for the OS keychain: enough to prove values are not stored as given. */
function fakeSafeStorage(available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(`enc:${[...text].reverse().join('')}`),
    decryptString: (buffer) => [...buffer.toString().slice(4)].reverse().join(''),
  };
}

describe('secret stores', () => {
  it('keeps values in an owner-only file in the config folder', async () => {
    const dir = await tempDir();
    const store = createFileSecretStore(dir);
    await Promise.all([store.set('GITHUB_TOKEN', 'ghp_1'), store.set('OTHER', 'two')]);
    expect(await store.list()).toEqual(['GITHUB_TOKEN', 'OTHER']);
    expect(await store.get('GITHUB_TOKEN')).toBe('ghp_1');
    expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    await store.delete('OTHER');
    expect(await store.list()).toEqual(['GITHUB_TOKEN']);
    expect(await store.get('OTHER')).toBeUndefined();
  });

  it('refuses names that cannot be referenced', async () => {
    const store = createFileSecretStore(await tempDir());
    await expect(store.set('has space', 'x')).rejects.toThrow(/secret name/);
  });

  it('encrypts with the injected safeStorage and never writes the value in clear', async () => {
    const dir = await tempDir();
    const store = createSafeStorageSecretStore(dir, fakeSafeStorage());
    await store.set('API_KEY', 'super-secret-value');
    expect(await store.get('API_KEY')).toBe('super-secret-value');
    const file = await readFile(path.join(dir, 'secrets.safestorage.json'), 'utf8');
    expect(file).not.toContain('super-secret-value');
    expect(file).toContain('API_KEY');
  });

  it('says so when the OS offers no encryption', async () => {
    const store = createSafeStorageSecretStore(await tempDir(), fakeSafeStorage(false));
    await expect(store.set('API_KEY', 'x')).rejects.toThrow(/safeStorage is unavailable/);
  });

  it('expands ${secret:NAME} references and names a missing secret and where it is used', async () => {
    const store = createFileSecretStore(await tempDir());
    await store.set('TOKEN', 't0k');
    expect(await expandSecretRefs('Bearer ${secret:TOKEN}', store, 'headers.Authorization', 'a test')).toBe(
      'Bearer t0k',
    );
    await expect(expandSecretRefs('${secret:NOPE}', store, "provider 'gh' apiKey", 'a test')).rejects.toThrow(
      "secret 'NOPE' (used in provider 'gh' apiKey) is not set",
    );
    expect(secretNamesIn({ a: ['${secret:B}', { c: 'x ${secret:A} ${secret:B}' }] })).toEqual(['A', 'B']);
  });
});
