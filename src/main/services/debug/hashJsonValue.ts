import { createHash } from 'node:crypto';

/**
 * A 48-bit hash of a JSON value that ignores key order and keys holding undefined (as `jsonEqual`
 * compares), so two runs' calls can be compared by a number each instead of keeping both.
 */
export function hashJsonValue(value: unknown): number {
  return hashText(canonicalJson(value));
}

export function hashText(text: string): number {
  return createHash('sha1').update(text).digest().readUIntBE(0, 6);
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
