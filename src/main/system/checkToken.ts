export const MIN_TOKEN_LENGTH = 16;

/**
 * A token someone chose (a flag, $EXECBOX_TOKEN) guards everything the host can do: at least 16
 * characters, and only those safe in a URL and an HTTP header. Undefined or empty means none was
 * chosen; a bad one is an error naming `source` and what is wrong.
 */
export function checkToken(token: string | undefined, source: string): string | undefined {
  if (token === undefined || token === '') return undefined;
  if (token.length < MIN_TOKEN_LENGTH)
    throw new Error(
      `${source} must be at least ${MIN_TOKEN_LENGTH} characters long (it guards everything this host can do)`,
    );
  if (!/^[A-Za-z0-9._~-]+$/.test(token))
    throw new Error(
      `${source} may use only letters, digits and . _ ~ - (it goes into links and Authorization headers)`,
    );
  return token;
}
