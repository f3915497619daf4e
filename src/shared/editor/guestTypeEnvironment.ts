/**
 * What the editor type-checks a guest program against, kept free of Monaco so tests can check the
 * demo snippets with the same settings.
 */

/** QuickJS offers no DOM and no Node: only the language itself, plus the runner's console. */
export const GUEST_GLOBALS = `
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}
declare var console: Console;
`;

/** Type errors that are not errors in a guest program, which is the body of an async function. */
export const IGNORED_DIAGNOSTICS = [
  1108, // a 'return' statement can only be used within a function body
  1375, // 'await' expressions are only allowed at the top level of a file when that file is a module
  1378, // top-level 'await' needs a newer target/module option
  80005, // 'require' call may be converted to an import
];

/** Compiler options (guest programs are TypeScript) shared by the editor and the demo check (enums as the TypeScript numbers). */
export const GUEST_COMPILER_OPTIONS = {
  lib: ['es2023'],
  target: 7, // ES2020
  module: 99, // ESNext
  allowNonTsExtensions: true,
  noEmit: true,
  strict: false,
  moduleDetection: 3, // force: each snippet is its own module, so top-level names never collide
} as const;
