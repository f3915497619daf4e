import { fstatSync } from 'node:fs';

/**
 * Whether `fd` is a pipe or socket, which Node opens non-blocking as a stream: only then may a busy
 * thread read it synchronously without waiting for data (a file or terminal could block it).
 */
export function isNonBlockingPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
