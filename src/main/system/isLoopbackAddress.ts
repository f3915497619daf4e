import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and the name localhost. */
export function isLoopbackAddress(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}
