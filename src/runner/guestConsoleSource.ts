/** Console lines a guest keeps before it hands them to the runner in one call. */
export const GUEST_CONSOLE_BATCH_LINES = 500;
const GUEST_CONSOLE_BATCH_CHARS = 256 * 1024;

/**
 * Evaluated lazily, the first time an execution describes a value (console output, an uncaught
 * error) or keeps console lines in the guest; kept small, since QuickJS parses it in every
 * execution that needs it. Called with the intrinsics the runner read before any guest code ran.
 *
 * Returns [describe, makeConsole]:
 * - describe(value): one line for console output or an uncaught value.
 * - makeConsole(flush, limit): console methods that keep their lines in the guest (each described
 *   up to about limit characters) and hand them to flush as JSON text of an array of strings,
 *   GUEST_CONSOLE_BATCH_LINES lines or 256 KiB of text at a time; flush answers false once no more
 *   lines are kept. Each line starts with its level's digit (0 log, 1 info, 2 warn, 3 error). Returns
 *   [drain, buffer, log, info, warn, error]: drain() gives the waiting lines as that JSON text
 *   (undefined when there are none, null when the runner must read buffer, the array that holds
 *   them, and empty it itself).
 */
export const GUEST_CONSOLE_SOURCE = String.raw`(function (stringify, getProto, ownDesc, symbolsOf, isArray, ErrorProto, toText) {
  'use strict';
  const ObjectProto = getProto({}), ArrayProto = getProto([]);
  function isError(value) {
    for (let p = getProto(value); p !== null; p = getProto(p)) if (p === ErrorProto) return true;
    return false;
  }
  function describe(value) {
    try {
      if (typeof value === 'string') return value;
      if (value === undefined) return 'undefined';
      if (value !== null && typeof value === 'object' && isError(value)) {
        const name = value.name, message = value.message;
        const label = typeof name === 'string' && name ? name : 'Error';
        return typeof message === 'string' && message ? label + ': ' + message : label;
      }
      try { const text = stringify(value); if (typeof text === 'string') return text; } catch (_) {}
      return toText(value);
    } catch (_) {
      return '[' + typeof value + ']';
    }
  }
  function makeConsole(flush, limit) {
    const lines = [];
    let chars = 0, off = false;
    function drain() {
      if (lines.length === 0) return undefined;
      chars = 0;
      // A toJSON the guest gave arrays would change this text: the runner reads the lines itself then.
      if (ownDesc(ArrayProto, 'toJSON') !== undefined || ownDesc(ObjectProto, 'toJSON') !== undefined) return null;
      const text = stringify(lines);
      lines.length = 0;
      return text;
    }
    function keepLine(line) {
      lines[lines.length] = line;
      chars += line.length;
      if ((lines.length >= ${GUEST_CONSOLE_BATCH_LINES} || chars >= ${GUEST_CONSOLE_BATCH_CHARS}) && flush(drain()) === false) off = true;
    }
    function write(level, args) {
      if (off) return;
      if (args.length === 1 && typeof args[0] === 'string') return keepLine(level + args[0]);
      let line = '';
      for (let i = 0; i < args.length && line.length <= limit; i++) line += (i === 0 ? '' : ' ') + describe(args[i]);
      keepLine(level + line);
    }
    return [drain, lines, function log() { write('0', arguments); }, function info() { write('1', arguments); },
      function warn() { write('2', arguments); }, function error() { write('3', arguments); }];
  }
  return [describe, makeConsole];
})`;
