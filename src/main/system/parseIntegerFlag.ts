/** The longest delay a Node timer keeps: a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Reads a whole-number command-line flag, naming the flag when the value is not one or out of range. */
export function parseIntegerFlag(
  flag: string,
  value: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new Error(`--${flag} must be a whole number ${range}, not '${value}'`);
  }
  return parsed;
}
