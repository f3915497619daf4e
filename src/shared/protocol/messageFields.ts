import {
  EXECUTE_ERROR_CODES,
  EXECUTE_ERROR_DETAIL_KEYS,
  isExecuteErrorCode,
  type ExecuteError,
} from '../errors';

/** A message that breaks the contract; `reason` says what and where. */
export class MalformedMessage {
  constructor(readonly reason: string) {}
}

export type Fields = Record<string, unknown>;

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

export function expectObject(value: unknown, where: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedMessage(`${where} must be an object (got ${kind(value)})`);
  }
  return value as Fields;
}

/** Rejects fields outside `allowed`; a field whose value is undefined counts as absent. */
export function expectOnlyKeys(fields: Fields, where: string, allowed: readonly string[]): void {
  for (const key of Object.keys(fields)) {
    if (!allowed.includes(key) && fields[key] !== undefined) {
      throw new MalformedMessage(`${where} has unexpected field ${JSON.stringify(key)}`);
    }
  }
}

export function expectString(fields: Fields, key: string, where: string): string {
  const value = fields[key];
  if (typeof value !== 'string') {
    throw new MalformedMessage(`${where}.${key} must be a string (got ${kind(value)})`);
  }
  return value;
}

export function expectId(fields: Fields, key: string, where: string): string {
  const value = fields[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new MalformedMessage(`${where}.${key} must be a non-empty string`);
  }
  return value;
}

export function expectBoolean(fields: Fields, key: string, where: string): boolean {
  const value = fields[key];
  if (typeof value !== 'boolean') {
    throw new MalformedMessage(`${where}.${key} must be a boolean (got ${kind(value)})`);
  }
  return value;
}

export function expectError(value: unknown, where: string): ExecuteError {
  const fields = expectObject(value, where);
  expectOnlyKeys(fields, where, ['code', 'message', ...EXECUTE_ERROR_DETAIL_KEYS]);
  const code = fields.code;
  if (!isExecuteErrorCode(code)) {
    throw new MalformedMessage(`${where}.code must be one of ${EXECUTE_ERROR_CODES.join(', ')}`);
  }
  const error: ExecuteError = { code, message: expectString(fields, 'message', where) };
  if (fields.name !== undefined) error.name = expectString(fields, 'name', where);
  if (fields.line !== undefined) error.line = expectPositiveInteger(fields, 'line', where);
  if (fields.column !== undefined) error.column = expectPositiveInteger(fields, 'column', where);
  if (fields.tool !== undefined) error.tool = expectString(fields, 'tool', where);
  return error;
}

function expectPositiveInteger(fields: Fields, key: string, where: string): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new MalformedMessage(`${where}.${key} must be an integer >= 1 (got ${kind(value)})`);
  }
  return value;
}

/** `result` and `error` according to `ok`: exactly one of them (an undefined result is omitted). */
export function expectOutcome(
  fields: Fields,
  where: string,
): { ok: true; result?: unknown } | { ok: false; error: ExecuteError } {
  const ok = expectBoolean(fields, 'ok', where);
  if (ok) {
    if (fields.error !== undefined)
      throw new MalformedMessage(`${where} with ok: true must not carry an error`);
    return fields.result === undefined ? { ok } : { ok, result: fields.result };
  }
  if (fields.result !== undefined)
    throw new MalformedMessage(`${where} with ok: false must not carry a result`);
  if (fields.error === undefined) throw new MalformedMessage(`${where} with ok: false must carry an error`);
  return { ok, error: expectError(fields.error, `${where}.error`) };
}
