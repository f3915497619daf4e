import { readTextIfExists } from '../system/readTextIfExists';

/**
 * Reads a JSON object of string values; a missing file is empty, anything else malformed is an
 * error. The record has no prototype, so names like `__proto__` and `constructor` are ordinary keys.
 */
export async function readJsonRecord(file: string): Promise<Record<string, string>> {
  const text = await readTextIfExists(file);
  if (text === undefined) return Object.create(null) as Record<string, string>;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${file} must hold a JSON object`);
  }
  const record: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`${file}: the value of '${key}' must be a string`);
    record[key] = value;
  }
  return record;
}
