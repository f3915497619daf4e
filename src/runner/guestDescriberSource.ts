/**
 * Evaluated lazily, the first time an execution describes a value (console output, an uncaught
 * error). Called with the intrinsics the runner read before any guest code ran (see
 * prepareGuestContext), so a guest that replaced JSON or prototype methods cannot change it.
 *
 * Returns [describe, thrown]:
 * - describe(value): one line for console output or an uncaught value.
 * - thrown(value): [name, message] of an uncaught value: an Error's name and its own message, an
 *   object's string `message` (and `name`), or [undefined, describe(value)] for anything else.
 */
export const GUEST_DESCRIBER_SOURCE = String.raw`(function (stringify, getProto, ownDesc, symbolsOf, isArray, ErrorProto, toText) {
  'use strict';
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
  function thrown(value) {
    try {
      if (value !== null && typeof value === 'object') {
        const message = value.message;
        if (isError(value)) {
          const name = value.name;
          return [typeof name === 'string' && name ? name : 'Error', typeof message === 'string' ? message : ''];
        }
        if (typeof message === 'string') {
          const name = value.name;
          return [typeof name === 'string' && name ? name : undefined, message];
        }
      }
    } catch (_) {}
    return [undefined, describe(value)];
  }
  return [describe, thrown];
})`;
