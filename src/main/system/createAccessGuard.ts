import { createHash, timingSafeEqual } from 'node:crypto';

export interface AccessGuard {
  /** The Host header names this server (not a DNS-rebinding name that resolves to it). */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** The Origin is this server's own page (no other site can drive the API). */
  originAllowed(origin: string | undefined): boolean;
  tokenMatches(token: unknown): boolean;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * `bindHost` is the address the server listens on; with a non-loopback bind that address is
 * allowed too. Tokens are compared in constant time.
 */
export function createAccessGuard(options: {
  token: string;
  bindHost: string;
  port: number;
  /** Further names the server answers to (its interface addresses when bound to all of them). */
  extraNames?: string[];
}): AccessGuard {
  const names = new Set([
    ...LOOPBACK_NAMES,
    ...(options.extraNames ?? []).map((n) => (n.includes(':') ? `[${n}]` : n)),
  ]);
  const bind = options.bindHost.includes(':') ? `[${options.bindHost}]` : options.bindHost;
  if (bind !== '0.0.0.0' && bind !== '[::]') names.add(bind.toLowerCase());
  const hosts = new Set([...names].map((name) => `${name}:${options.port}`));
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  const expected = digest(options.token);
  return {
    hostAllowed: (hostHeader) => hostHeader !== undefined && hosts.has(hostHeader.toLowerCase()),
    originAllowed: (origin) => origin !== undefined && origins.has(origin.toLowerCase()),
    tokenMatches: (token) => typeof token === 'string' && timingSafeEqual(digest(token), expected),
  };
}
