import { randomBytes } from 'node:crypto';

/** 27 bytes: 36 base64url characters, so a redraw (below) still leaves more than 192 bits. */
const TOKEN_BYTES = 27;

/**
 * A new secret token, safe in a URL and an HTTP header. It never begins with '-', so it can follow
 * `--token` on a command line (an option parser reads a leading '-' as another option).
 */
export function createRandomToken(): string {
  for (;;) {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}
