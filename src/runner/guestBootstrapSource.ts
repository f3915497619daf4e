import { DEFAULT_MAX_VALUE_DEPTH } from '../shared/transportSafe';

/**
 * Evaluated in every fresh QuickJS context before the guest's code. It receives two host functions
 * (never reachable as globals), installs `console`, and returns the helpers the runner needs later. Every intrinsic it uses is captured now, before guest code runs,
 * so a guest that later replaces JSON, Object or prototype methods cannot change how values are
 * serialized or errors recognised.
 *
 * Returns [serialize, describeError, makeTrustedError, parseJson]:
 * - serialize(value, rootName): JSON text, undefined for undefined, or [message] when the value is
 *   not transport-safe (the same rules and wording as src/shared/transportSafe.ts).
 * - describeError(value): a one-line message for an uncaught guest value.
 * - makeTrustedError(code, message): an Error whose `code` cannot be redefined as an accessor.
 * - install(manifestJson, logRoom): defines one namespace per provider and sets the log budget.
 */
export const GUEST_BOOTSTRAP_SOURCE = String.raw`(function (hostLog, hostCall) {
  'use strict';
  const O = Object;
  const getProto = O.getPrototypeOf, keysOf = O.keys, ownDescriptor = O.getOwnPropertyDescriptor;
  const symbolsOf = O.getOwnPropertySymbols, defineProp = O.defineProperty;
  const ObjectProto = O.prototype, ArrayProto = Array.prototype, ErrorProto = Error.prototype;
  const ErrorCtor = Error, isArray = Array.isArray, stringify = JSON.stringify, parseJson = JSON.parse;
  const isFiniteNumber = Number.isFinite, toText = String, apply = Reflect.apply;
  const hasOwn = ObjectProto.hasOwnProperty, isPrototypeOf = ObjectProto.isPrototypeOf;
  const sliceText = String.prototype.slice, testRegExp = RegExp.prototype.test;
  const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
  const MAX_DEPTH = ${DEFAULT_MAX_VALUE_DEPTH};
  const UNSAFE = {};
  const pathKeys = [];
  const ancestors = [];
  let unsafeDepth = 0, unsafeReason = '';

  function unsafe(depth, reason) {
    unsafeDepth = depth;
    unsafeReason = reason;
    throw UNSAFE;
  }
  function pathTo(rootName, depth) {
    let path = rootName;
    for (let i = 0; i < depth; i++) {
      const key = pathKeys[i];
      if (typeof key === 'number') path += '[' + key + ']';
      else if (apply(testRegExp, IDENTIFIER, [key])) path += '.' + key;
      else path += '[' + stringify(key) + ']';
    }
    return path;
  }
  function describeInstance(value) {
    let name;
    try {
      const proto = getProto(value);
      name = proto && proto.constructor && proto.constructor.name;
    } catch (_) {}
    return 'a ' + (typeof name === 'string' && name ? name : 'object') + ' instance';
  }
  function walk(value, depth) {
    switch (typeof value) {
      case 'string': return stringify(value);
      case 'boolean': return value ? 'true' : 'false';
      case 'number':
        if (!isFiniteNumber(value)) unsafe(depth, 'is ' + toText(value) + ', which is not a finite number');
        return stringify(value);
      case 'undefined': unsafe(depth, 'is undefined, which JSON cannot carry here');
      case 'bigint': case 'function': case 'symbol':
        unsafe(depth, 'is a ' + typeof value + ', which is not JSON-serializable');
    }
    if (value === null) return 'null';
    if (depth >= MAX_DEPTH) unsafe(depth, 'is nested deeper than ' + MAX_DEPTH + ' levels');
    for (let i = 0; i < depth; i++) if (ancestors[i] === value) unsafe(depth, 'is a cyclic reference');
    ancestors[depth] = value;
    let text;
    if (isArray(value)) {
      if (getProto(value) !== ArrayProto) unsafe(depth, 'is ' + describeInstance(value) + ', not a plain array');
      text = '[';
      const length = value.length;
      for (let i = 0; i < length; i++) {
        pathKeys[depth] = i;
        const descriptor = ownDescriptor(value, i);
        if (descriptor === undefined) unsafe(depth + 1, 'is a hole in a sparse array');
        if (!apply(hasOwn, descriptor, ['value'])) unsafe(depth + 1, 'is an accessor property');
        text += (i === 0 ? '' : ',') + walk(descriptor.value, depth + 1);
      }
      text += ']';
    } else {
      const proto = getProto(value);
      if (proto !== null && proto !== ObjectProto) unsafe(depth, 'is ' + describeInstance(value) + ', not a plain object');
      if (symbolsOf(value).length > 0) unsafe(depth, 'has symbol-keyed properties, which JSON cannot carry');
      text = '{';
      const keys = keysOf(value);
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        pathKeys[depth] = key;
        const descriptor = ownDescriptor(value, key);
        if (descriptor === undefined) continue;
        if (!apply(hasOwn, descriptor, ['value'])) unsafe(depth + 1, 'is an accessor property');
        const item = descriptor.value;
        if (item === undefined) continue;
        text += (first ? '' : ',') + stringify(key) + ':' + walk(item, depth + 1);
        first = false;
      }
      text += '}';
    }
    ancestors[depth] = undefined;
    return text;
  }
  function serialize(value, rootName) {
    if (value === undefined) return undefined;
    try {
      return walk(value, 0);
    } catch (error) {
      if (error === UNSAFE) return [pathTo(rootName, unsafeDepth) + ' ' + unsafeReason];
      throw error;
    } finally {
      ancestors.length = 0;
    }
  }

  function isError(value) {
    return value !== null && typeof value === 'object' && apply(isPrototypeOf, ErrorProto, [value]);
  }
  function errorText(error) {
    const name = error.name, message = error.message;
    const label = typeof name === 'string' && name ? name : 'Error';
    return typeof message === 'string' && message ? label + ': ' + message : label;
  }
  function formatValue(value) {
    if (typeof value === 'string') return value;
    if (value === undefined) return 'undefined';
    try {
      if (isError(value)) return errorText(value);
      const text = stringify(value);
      if (typeof text === 'string') return text;
    } catch (_) {}
    try {
      return toText(value);
    } catch (_) {
      return '[unprintable ' + typeof value + ']';
    }
  }
  function describeError(value) {
    try {
      return formatValue(value);
    } catch (_) {
      return 'uncaught exception (its description failed)';
    }
  }
  function makeTrustedError(code, message) {
    const error = new ErrorCtor(message);
    defineProp(error, 'code', { value: code, writable: true, enumerable: true, configurable: false });
    return error;
  }

  let logRoom = 0;
  function log() {
    if (logRoom <= 0) return;
    let line = '';
    for (let i = 0; i < arguments.length; i++) {
      line += (i === 0 ? '' : ' ') + formatValue(arguments[i]);
      if (line.length > logRoom) break;
    }
    if (line.length > logRoom) line = apply(sliceText, line, [0, logRoom]);
    logRoom = hostLog(line);
  }
  const consoleObject = {};
  const levels = ['log', 'info', 'warn', 'error'];
  for (let i = 0; i < levels.length; i++) {
    const write = function () { return apply(log, undefined, arguments); };
    defineProp(write, 'name', { value: levels[i] });
    defineProp(consoleObject, levels[i], { value: write, writable: true, enumerable: true, configurable: true });
  }
  defineProp(globalThis, 'console', { value: consoleObject, writable: true, enumerable: false, configurable: true });

  function install(manifestJson, initialLogRoom) {
    logRoom = initialLogRoom;
    const manifest = parseJson(manifestJson);
    for (let p = 0; p < manifest.length; p++) {
      const namespace = {};
      const toolNames = manifest[p][1];
      for (let t = 0; t < toolNames.length; t++) {
        const providerIndex = p, toolIndex = t;
        const tool = function (input) { return hostCall(providerIndex, toolIndex, input); };
        defineProp(tool, 'name', { value: toolNames[t] });
        defineProp(namespace, toolNames[t], { value: tool, writable: true, enumerable: true, configurable: true });
      }
      defineProp(globalThis, manifest[p][0], { value: namespace, writable: true, enumerable: false, configurable: true });
    }
  }
  return [serialize, describeError, makeTrustedError, parseJson, install];
})`;
