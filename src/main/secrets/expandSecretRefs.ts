import type { SecretStore } from './SecretStore';

const SECRET_REF = /\$\{secret:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Every `${secret:NAME}` name referenced anywhere in a (config) value, sorted, without duplicates. */
export function secretNamesIn(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown) => {
    if (typeof item === 'string') {
      for (const match of item.matchAll(SECRET_REF)) names.add(match[1] as string);
    } else if (Array.isArray(item)) {
      item.forEach(visit);
    } else if (item !== null && typeof item === 'object') {
      Object.values(item).forEach(visit);
    }
  };
  visit(value);
  return [...names].sort();
}

/**
 * Replaces `${secret:NAME}` references with their values; a missing secret names itself and where it
 * is used. `destination` says where the values will be sent (checked by a binding store).
 */
export async function expandSecretRefs(
  text: string,
  store: SecretStore,
  where: string,
  destination: string,
): Promise<string> {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(SECRET_REF)) {
    const name = match[1] as string;
    const value = store.getFor ? await store.getFor(name, destination) : await store.get(name);
    if (value === undefined) {
      throw new Error(`secret '${name}' (used in ${where}) is not set: add it to the secret store`);
    }
    result += text.slice(last, match.index) + value;
    last = (match.index ?? 0) + match[0].length;
  }
  return result + text.slice(last);
}

export async function expandSecretRecord(
  record: Record<string, string> | undefined,
  store: SecretStore,
  where: string,
  destination: string,
): Promise<Record<string, string>> {
  const expanded: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(record ?? {})) {
    expanded[key] = await expandSecretRefs(value, store, `${where}.${key}`, destination);
  }
  return expanded;
}
