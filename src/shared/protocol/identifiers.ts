/**
 * Every ECMAScript reserved word, including strict-mode ones (let, static, implements, …) and those
 * a binding cannot use (await, yield, arguments, eval), plus undefined, NaN and Infinity, which a
 * script cannot redeclare at top level. Contextual words that are valid names (get, set, async, of)
 * are not here.
 */
// prettier-ignore
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete',
  'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import',
  'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface',
  'package', 'private', 'protected', 'public', 'arguments', 'eval',
  'undefined', 'NaN', 'Infinity',
]);

/**
 * Globals guest code relies on (the language's own, QuickJS's, and the usual host ones) which a
 * provider namespace would shadow or clobber.
 */
// prettier-ignore
export const GUEST_GLOBALS: ReadonlySet<string> = new Set([
  'globalThis', 'console', 'JSON', 'Math', 'Promise', 'Object', 'Array', 'Function', 'String',
  'Number', 'Boolean', 'Symbol', 'BigInt', 'Error', 'EvalError', 'RangeError', 'ReferenceError',
  'SyntaxError', 'TypeError', 'URIError', 'AggregateError', 'InternalError', 'Date', 'RegExp', 'Map',
  'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Proxy', 'Reflect', 'ArrayBuffer',
  'SharedArrayBuffer', 'DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array',
  'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array',
  'BigInt64Array', 'BigUint64Array', 'Atomics', 'Intl', 'Iterator', 'eval', 'isFinite', 'isNaN',
  'parseFloat', 'parseInt', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent',
  'escape', 'unescape', 'undefined', 'NaN', 'Infinity', 'arguments', 'setTimeout', 'clearTimeout',
  'setInterval', 'clearInterval', 'queueMicrotask', 'structuredClone', 'performance', 'std', 'os',
  'require', 'module', 'exports', 'process', 'Buffer', 'global', 'self', 'window', 'print',
  'scriptArgs', '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty',
  'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString',
]);

const IDENTIFIER_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** Whether `name` is an IdentifierName (Unicode ID_Start/ID_Continue, `$`, `_`). */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER_NAME.test(name);
}

/** An identifier guest code can use as a binding and property: an IdentifierName, not reserved. */
export function isSafeGuestIdentifier(name: string): boolean {
  return isIdentifierName(name) && !RESERVED_WORDS.has(name) && name !== '__proto__';
}

/** Why `name` cannot be a provider namespace (a guest global), or undefined when it can. */
export function namespaceNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'must not be empty';
  if (!isIdentifierName(name)) return 'is not a valid JavaScript identifier';
  if (RESERVED_WORDS.has(name)) return 'is a reserved word';
  if (GUEST_GLOBALS.has(name)) return 'would shadow the guest global of the same name';
  if (name.startsWith('__execbox')) return 'uses the __execbox prefix reserved for the runner';
  return undefined;
}
