/** Reads a whole-number command-line flag, naming the flag when the value is not one. */
export function parseIntegerFlag(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new Error(`--${flag} must be a whole number of at least ${min}, not '${value}'`);
  }
  return parsed;
}
