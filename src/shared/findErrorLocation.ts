import type { ExecuteError } from './errors';

/** Where in the guest's code an error happened, 1-based. */
export interface ErrorLocation {
  line: number;
  column?: number;
}

/** What runners before ExecuteError.line appended to the message; transcripts saved then have it. */
const LEGACY_LOCATION = /\(line (\d+)(?:, column (\d+))?\)\s*$/;

function isPlace(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

/**
 * Where a syntax or runtime error happened in the guest's code, for marking it in the editor: the
 * error's `line` and `column` (1-based), or for a transcript saved before runners sent them, the
 * ` (line 3)` / ` (line 2, column 7)` its message ended with.
 */
export function findErrorLocation(
  error: Pick<ExecuteError, 'message' | 'line' | 'column'>,
): ErrorLocation | undefined {
  if (error.line !== undefined) {
    if (!isPlace(error.line)) return undefined;
    return isPlace(error.column) ? { line: error.line, column: error.column } : { line: error.line };
  }
  const match = LEGACY_LOCATION.exec(error.message);
  if (!match) return undefined;
  const line = Number(match[1]);
  const column = match[2] === undefined ? undefined : Number(match[2]);
  if (!isPlace(line)) return undefined;
  return isPlace(column) ? { line, column } : { line };
}
