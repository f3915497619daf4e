import { DEFAULT_MAX_VALUE_DEPTH } from '../shared/transportSafe';

/**
 * Evaluated lazily, the first time an execution needs to copy an object out of the sandbox. It is
 * called with the intrinsics the runner read before any guest code ran (see prepareGuestContext)
 * and derives the rest from syntax alone (`{}` and `[]` always have the realm's own prototypes), so
 * a guest that replaced JSON, Object or prototype methods cannot change how values are serialized.
 *
 * Returns serialize(value, rootName): JSON text, or [message] when the value is not transport-safe
 * (the rules and wording of src/shared/transportSafe.ts). Built on the native JSON.stringify with a
 * replacer that checks each original value (before any toJSON) and tracks the path.
 */
export const GUEST_SERIALIZER_SOURCE = String.raw`(function (stringify, getProto, ownDesc, symbolsOf, isArray, ErrorProto, toText) {
  'use strict';
  const ObjectProto = getProto({}), ArrayProto = getProto([]);
  function isIdentifier(key) {
    if (key.length === 0) return false;
    for (let i = 0; i < key.length; i++) {
      const c = key[i];
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$' || (i > 0 && c >= '0' && c <= '9'))) return false;
    }
    return true;
  }
  function kind(value) {
    let name;
    try { const p = getProto(value); name = p && p.constructor && p.constructor.name; } catch (_) {}
    return 'a ' + (typeof name === 'string' && name ? name : 'object') + ' instance';
  }
  function serialize(value, rootName) {
    if (value === undefined) return undefined;
    const holders = [], keys = [];
    let problem;
    function fail(key, reason) {
      let path = rootName;
      for (let i = 2; i < keys.length; i++) path += step(keys[i], holders[i - 1]);
      if (holders.length > 1) path += step(key, holders[holders.length - 1]);
      problem = path + ' ' + reason;
      throw problem;
    }
    function step(key, holder) {
      if (isArray(holder)) return '[' + key + ']';
      return isIdentifier(key) ? '.' + key : '[' + stringify(key) + ']';
    }
    function replacer(key, _converted) {
      while (holders.length > 0 && holders[holders.length - 1] !== this) { holders.length--; keys.length--; }
      if (holders.length === 0) { holders[0] = this; keys[0] = ''; }
      const d = ownDesc(this, key);
      if (d === undefined) fail(key, 'is a hole in a sparse array');
      if (ownDesc(d, 'value') === undefined) fail(key, 'is an accessor property');
      const v = d.value;
      switch (typeof v) {
        case 'string': case 'boolean': return v;
        case 'number':
          if (v - v !== 0) fail(key, 'is ' + toText(v) + ', which is not a finite number');
          return v;
        case 'undefined':
          if (isArray(this)) fail(key, 'is undefined, which JSON cannot carry here');
          return undefined;
        case 'bigint': case 'function': case 'symbol':
          fail(key, 'is a ' + typeof v + ', which is not JSON-serializable');
      }
      if (v === null) return null;
      if (holders.length > ${DEFAULT_MAX_VALUE_DEPTH}) fail(key, 'is nested deeper than ${DEFAULT_MAX_VALUE_DEPTH} levels');
      for (let i = 1; i < holders.length; i++) if (holders[i] === v) fail(key, 'is a cyclic reference');
      const proto = getProto(v);
      if (isArray(v)) { if (proto !== ArrayProto) fail(key, 'is ' + kind(v) + ', not a plain array'); }
      else if (proto !== null && proto !== ObjectProto) fail(key, 'is ' + kind(v) + ', not a plain object');
      if (symbolsOf(v).length > 0) fail(key, 'has symbol-keyed properties, which JSON cannot carry');
      holders[holders.length] = v;
      keys[keys.length] = key;
      return v;
    }
    try {
      return stringify(value, replacer);
    } catch (error) {
      if (problem !== undefined && error === problem) return [problem];
      throw error;
    }
  }
  return serialize;
})`;
