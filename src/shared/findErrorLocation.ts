/** Where in the guest's code an error happened, 1-based. */
export interface ErrorLocation {
  line: number;
  column?: number;
}

const LOCATION = /\(line (\d+)(?:, column (\d+))?\)\s*$/;

/**
 * The location the runner appends to a syntax or runtime error message (` (line 3)`,
 * ` (line 2, column 7)`, both 1-based), for marking it in the editor. The error's kind comes from
 * its code, never from this text.
 */
export function findErrorLocation(message: string): ErrorLocation | undefined {
  const match = LOCATION.exec(message);
  if (!match) return undefined;
  const line = Number(match[1]);
  if (!Number.isSafeInteger(line) || line < 1) return undefined;
  const column = match[2] === undefined ? undefined : Number(match[2]);
  return column !== undefined && Number.isSafeInteger(column) && column >= 1 ? { line, column } : { line };
}
