/** Console lines a guest keeps before it hands them to the runner in one call. */
export const GUEST_CONSOLE_BATCH_LINES = 500;
const GUEST_CONSOLE_BATCH_CHARS = 256 * 1024;

/**
 * Evaluated lazily, the first time an execution keeps console lines in the guest; kept tiny, since
 * QuickJS parses it in every execution that needs it. Called with intrinsics the runner read before
 * any guest code ran, it returns makeConsole(flush, format): console methods that keep their lines
 * in the guest and hand them to flush as JSON text of an array of strings, GUEST_CONSOLE_BATCH_LINES
 * lines or 256 KiB of text at a time (flush answers false once no more lines are kept). A line of
 * one string is kept as it is; any other goes through format(arguments), the runner's own
 * formatting. Each line starts with its level's digit (0 log, 1 info, 2 warn, 3 error).
 * makeConsole returns [drain, buffer, log, info, warn, error]: drain() gives the waiting lines as
 * that JSON text (undefined when there are none; null when a toJSON the guest gave arrays would
 * change that text, and the runner must read buffer, the array that holds them, and empty it).
 */
export const GUEST_CONSOLE_SOURCE = String.raw`(function (stringify, getProto, ownDesc) {
  'use strict';
  const ObjectProto = getProto({}), ArrayProto = getProto([]);
  return function (flush, format) {
    const lines = [];
    let chars = 0, off = false;
    function drain() {
      if (lines.length === 0) return undefined;
      chars = 0;
      if (ownDesc(ArrayProto, 'toJSON') !== undefined || ownDesc(ObjectProto, 'toJSON') !== undefined) return null;
      const text = stringify(lines);
      lines.length = 0;
      return text;
    }
    function method(level) {
      return function (a) {
        if (off) return;
        const line = arguments.length === 1 && typeof a === 'string' ? level + a : level + format(arguments);
        lines[lines.length] = line;
        chars += line.length;
        if ((lines.length >= ${GUEST_CONSOLE_BATCH_LINES} || chars >= ${GUEST_CONSOLE_BATCH_CHARS}) && flush(drain()) === false) off = true;
      };
    }
    return [drain, lines, method('0'), method('1'), method('2'), method('3')];
  };
})`;
