/** Console lines a guest keeps before it hands them to the runner in one call. */
export const GUEST_CONSOLE_BATCH_LINES = 500;
// A line weighs its length plus this; a batch goes once it weighs 500 empty lines, so one sum bounds both lines and characters.
const LINE_WEIGHT = 512;
const GUEST_CONSOLE_BATCH_WEIGHT = GUEST_CONSOLE_BATCH_LINES * LINE_WEIGHT;

/**
 * Evaluated lazily, the first time an execution keeps console lines in the guest; kept tiny, since
 * QuickJS parses it in every execution that needs it. Called with intrinsics the runner read before
 * any guest code ran, it returns makeConsole(flush, format): console methods that keep their lines
 * in an array and hand them over when a batch holds GUEST_CONSOLE_BATCH_LINES lines or 250 KiB of
 * text, by calling flush(drain(true)); flush answers false once no more lines are kept (from then
 * on a full batch is thrown away, its lines unformatted).
 *
 * A line of one string is kept as it is; any other goes through format(arguments), the runner's own
 * formatting. A level (0 log, 1 info, 2 warn, 3 error) is kept as a number before the first line
 * whose level differs from the line before it (log at first), so most lines cost no copy to tag.
 *
 * makeConsole returns [drain, buffer, log, info, warn, error]. drain(plain) gives undefined when no
 * lines wait; true when `plain` and the batch holds no level, for the runner to read buffer (the
 * array itself) as it likes and empty it; otherwise the batch as JSON text of its array, or null
 * when a toJSON the guest gave arrays would change that text (the runner reads buffer then too).
 */
export const GUEST_CONSOLE_SOURCE = String.raw`(function (stringify, getProto, ownDesc) {
  'use strict';
  const ObjectProto = getProto({}), ArrayProto = getProto([]);
  return function (flush, format) {
    const lines = [];
    let chars = 0, off = false, last = 0, marked = false;
    function drain(plain) {
      if (lines.length === 0) return undefined;
      chars = 0;
      if (plain && !marked) return true;
      marked = false;
      if (ownDesc(ArrayProto, 'toJSON') !== undefined || ownDesc(ObjectProto, 'toJSON') !== undefined) return null;
      const text = stringify(lines);
      lines.length = 0;
      return text;
    }
    function full() {
      if (!off) off = flush(drain(true)) === false;
      else lines.length = chars = 0;
    }
    function method(level) {
      return function (a) {
        const line = arguments.length === 1 && typeof a === 'string' ? a : off ? '' : format(arguments);
        if (level !== last) lines[lines.length] = last = level, marked = true;
        lines[lines.length] = line;
        if ((chars += line.length + ${LINE_WEIGHT}) >= ${GUEST_CONSOLE_BATCH_WEIGHT}) full();
      };
    }
    return [drain, lines, method(0), method(1), method(2), method(3)];
  };
})`;
