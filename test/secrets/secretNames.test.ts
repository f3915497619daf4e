import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { createSecretMasking, RETIRED_NAME } from '../../src/main/secrets/createSecretMasking';
import { expandSecretRecord, expandSecretRefs } from '../../src/main/secrets/expandSecretRefs';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { tempDir } from '../workspace/hostFixture';

// Issue 10.10: names that are Object.prototype members are ordinary names.
describe('secret names that are Object.prototype members', () => {
  it('stores, lists, reads and deletes __proto__ and constructor like any other name', async () => {
    const dir = await tempDir();
    const store = createFileSecretStore(dir);
    await store.set('__proto__', 'proto-value');
    await store.set('constructor', 'ctor-value');
    expect(await store.list()).toEqual(['__proto__', 'constructor']);
    expect(await store.get('__proto__')).toBe('proto-value');
    expect(await expandSecretRefs('${secret:constructor}', store, 'test', 'a test')).toBe('ctor-value');
    expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'))).toEqual(
      JSON.parse('{"__proto__":"proto-value","constructor":"ctor-value"}'),
    );
    await store.delete('__proto__');
    expect(await store.list()).toEqual(['constructor']);
  });

  it('refuses a reference to an unset prototype-member name instead of expanding a function', async () => {
    const store = createFileSecretStore(await tempDir());
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__'])
      await expect(expandSecretRefs(`\${secret:${name}}`, store, 'env.X', 'a test')).rejects.toThrow(
        `secret '${name}' (used in env.X) is not set`,
      );
    expect(await store.get('valueOf')).toBeUndefined();
  });

  it('expands an env record whose variable is named __proto__ as an ordinary variable', async () => {
    const store = createFileSecretStore(await tempDir());
    await store.set('K', 'kv');
    const env = await expandSecretRecord(JSON.parse('{"__proto__":"${secret:K}"}'), store, 'env', 'a test');
    expect(Object.keys(env)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(env, '__proto__')?.value).toBe('kv');
  });
});

describe('the masking store', () => {
  it('masks what is stored at start, set later, read after an outside change, and what was deleted', async () => {
    const dir = await tempDir();
    const inner = createFileSecretStore(dir);
    await inner.set('FIRST', 'first-value');
    const masking = await createSecretMasking(inner);
    expect(masking.masker().maskText('first-value')).toBe(secretMaskToken('FIRST'));
    await masking.store.set('SECOND', 'second-value');
    expect(masking.masker().maskText('second-value')).toBe(secretMaskToken('SECOND'));
    await inner.set('FIRST', 'changed-outside');
    expect(await masking.store.get('FIRST')).toBe('changed-outside');
    expect(masking.masker().maskText('changed-outside first-value')).toBe(
      `${secretMaskToken('FIRST')} ${secretMaskToken(RETIRED_NAME)}`,
    );
    await masking.store.delete('SECOND');
    expect(masking.masker().maskText('second-value')).toBe(secretMaskToken(RETIRED_NAME));
  });

  it('builds the masker once per change, not per call', async () => {
    const masking = await createSecretMasking(createFileSecretStore(await tempDir()));
    await masking.store.set('X', 'x-value');
    const first = masking.masker();
    await masking.store.get('X');
    expect(masking.masker()).toBe(first);
  });
});
