import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

/** Checks of arguments from the untrusted renderer; each failure names the argument. */
export function requireString(
  value: unknown,
  name: string,
  { allowEmpty = false, max = 10_000_000 } = {},
): string {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${name} must be a string`);
  if (!allowEmpty && value.trim() === '') throw new InvalidArgumentError(`${name} must not be empty`);
  if (value.length > max) throw new InvalidArgumentError(`${name} is longer than ${max} characters`);
  return value;
}

export function requireBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidArgumentError(`${name} must be true or false`);
  return value;
}

export function requireRecord(value: unknown, name: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError(`${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

export function rejectUnknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  name: string,
): void {
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `${name} has unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`,
    );
  }
}
