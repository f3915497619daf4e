import { format } from 'node:util';

/**
 * Gives stdout to one writer (a protocol on stdio): console.log, info and debug from anything else
 * in the process (a trusted module, a mock handler) go to stderr instead. Returns the undo.
 */
export function keepStdoutFor(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  console.log = console.info = console.debug = toStderr;
  return () => Object.assign(console, saved);
}
