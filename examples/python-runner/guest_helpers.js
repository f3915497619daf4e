// Evaluated in each fresh QuickJS context before the guest's code, it keeps the original built-ins
// in this closure: a guest that replaces JSON.stringify, Object.keys or a prototype method cannot
// change what crosses to the host. Each helper returns JSON text, which the runner reads in Python.
(() => {
  'use strict';
  const stringify = JSON.stringify;
  const getPrototypeOf = Object.getPrototypeOf;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const getOwnPropertySymbols = Object.getOwnPropertySymbols;
  const keysOf = Object.keys;
  const hasOwn = Object.hasOwn;
  const isArray = Array.isArray;
  const toText = String;
  const ObjectPrototype = Object.prototype;
  const ArrayPrototype = Array.prototype;
  const ErrorPrototype = Error.prototype;
  // The protocol's deepest value (see the project's transportSafe.ts).
  const MAX_DEPTH = 512;

  function isError(value) {
    for (let p = getPrototypeOf(value); p !== null; p = getPrototypeOf(p))
      if (p === ErrorPrototype) return true;
    return false;
  }

  function kindOf(value) {
    try {
      const name = getPrototypeOf(value).constructor.name;
      if (typeof name === 'string' && name) return 'a ' + name + ' instance';
    } catch {
      // a prototype without a readable constructor name
    }
    return 'an object';
  }

  // JSON text of a transport-safe value; throws a string saying where and why a value is not one.
  function json(value, where, ancestors) {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return stringify(value);
      case 'number':
        if (value - value !== 0) throw where + ' is ' + toText(value) + ', which is not a finite number';
        return stringify(value);
      case 'undefined':
        throw where + ' is undefined, which JSON cannot carry here';
      case 'bigint':
      case 'function':
      case 'symbol':
        throw where + ' is a ' + typeof value + ', which is not JSON-serializable';
    }
    if (value === null) return 'null';
    if (ancestors.length >= MAX_DEPTH) throw where + ' is nested deeper than ' + MAX_DEPTH + ' levels';
    for (let i = 0; i < ancestors.length; i++)
      if (ancestors[i] === value) throw where + ' is a cyclic reference';
    const proto = getPrototypeOf(value);
    const array = isArray(value);
    if (array ? proto !== ArrayPrototype : proto !== ObjectPrototype && proto !== null)
      throw where + ' is ' + kindOf(value) + ', not a plain ' + (array ? 'array' : 'object');
    if (getOwnPropertySymbols(value).length > 0) throw where + ' has symbol-keyed properties';
    ancestors[ancestors.length] = value;
    let text = '';
    if (array) {
      for (let i = 0; i < value.length; i++) {
        const item = ownValue(value, i, where + '[' + i + ']');
        text += (i === 0 ? '' : ',') + json(item, where + '[' + i + ']', ancestors);
      }
      text = '[' + text + ']';
    } else {
      const keys = keysOf(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const place = where + '[' + stringify(key) + ']';
        const item = ownValue(value, key, place);
        if (item === undefined) continue; // as JSON.stringify: an undefined property is left out
        text += (text === '' ? '' : ',') + stringify(key) + ':' + json(item, place, ancestors);
      }
      text = '{' + text + '}';
    }
    ancestors.length -= 1;
    return text;
  }

  function ownValue(holder, key, where) {
    const descriptor = getOwnPropertyDescriptor(holder, key);
    if (descriptor === undefined) throw where + ' is a hole in a sparse array';
    if (!hasOwn(descriptor, 'value')) throw where + ' is an accessor property';
    return descriptor.value;
  }

  // A JSON array of strings (or null) written by hand: stringify on an array would call a toJSON
  // the guest put on Object.prototype.
  function list(...items) {
    let text = '';
    for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ',') + stringify(items[i]);
    return '[' + text + ']';
  }

  // One console argument as text: strings as they are, errors as "Name: message", other values as
  // JSON when JSON can represent them, else as String() gives them.
  function describe(value) {
    try {
      if (typeof value === 'string') return value;
      if (value === undefined) return 'undefined';
      if (value !== null && typeof value === 'object' && isError(value)) {
        const name = typeof value.name === 'string' && value.name ? value.name : 'Error';
        return typeof value.message === 'string' && value.message ? name + ': ' + value.message : name;
      }
      try {
        const text = stringify(value);
        if (typeof text === 'string') return text;
      } catch {
        // cyclic, or a bigint: String() below
      }
      return toText(value);
    } catch {
      return '[' + typeof value + ']';
    }
  }

  return {
    // ["ok", JSON text] or ["unsafe", reason]; undefined is ["ok"] (nothing to send).
    toHost(value, where) {
      if (value === undefined) return '["ok"]';
      try {
        return '["ok",' + stringify(json(value, where, [])) + ']';
      } catch (reason) {
        if (typeof reason === 'string') return list('unsafe', reason);
        return list('unsafe', where + ' could not be serialized (' + describe(reason) + ')');
      }
    },
    // The console's line for its arguments, space-joined.
    formatLine(...args) {
      let line = '';
      for (let i = 0; i < args.length; i++) line += (i === 0 ? '' : ' ') + describe(args[i]);
      return stringify(line);
    },
    // [name, message, stack] of an uncaught value (name and stack only for errors).
    thrown(value) {
      try {
        if (value !== null && typeof value === 'object') {
          if (isError(value)) {
            const name = typeof value.name === 'string' && value.name ? value.name : 'Error';
            const message = typeof value.message === 'string' ? value.message : '';
            const stack = typeof value.stack === 'string' ? value.stack : '';
            return list(name, message, stack);
          }
          if (typeof value.message === 'string') return list(null, value.message, '');
        }
      } catch {
        // a getter that throws: describe the value instead
      }
      return list(null, describe(value), '');
    },
    // The trusted code a runner-made error still carries as its own data property, or null.
    ownCode(value) {
      const descriptor = getOwnPropertyDescriptor(value, 'code');
      return stringify(
        descriptor && hasOwn(descriptor, 'value') && typeof descriptor.value === 'string'
          ? descriptor.value
          : null,
      );
    },
    // Reads a tool result (JSON text from the host) into a guest value.
    fromHost: JSON.parse,
    // What a console method becomes once the logs are full.
    ignore() {},
  };
})();
