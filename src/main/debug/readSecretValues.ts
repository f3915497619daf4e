import type { SecretStore } from '../secrets/SecretStore';

/** Every value in the secret store, for masking transcripts (never sent to the renderer). */
export async function readSecretValues(store: Pick<SecretStore, 'list' | 'get'>): Promise<string[]> {
  const values = await Promise.all((await store.list()).map((name) => store.get(name)));
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}
