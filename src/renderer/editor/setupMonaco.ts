import * as monaco from './monaco';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';

/** QuickJS offers no DOM and no Node: only the language itself, plus the runner's console. */
const GUEST_GLOBALS = `
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}
declare var console: Console;
`;

/** Type errors that are not errors in a guest program, which is the body of an async function. */
const IGNORED_DIAGNOSTICS = [
  1108, // a 'return' statement can only be used within a function body
  1375, // 'await' expressions are only allowed at the top level of a file when that file is a module
  1378, // top-level 'await' needs a newer target/module option
  80005, // 'require' call may be converted to an import
];

export const PROVIDERS_LIB_URI = 'file:///execbox/providers.d.ts';
const GLOBALS_LIB_URI = 'file:///execbox/guest-globals.d.ts';

let configured = false;

/** Workers come from our own bundle (never a CDN); every label gets one. */
export function setupMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker();
    },
  };
  // Guest programs are TypeScript: the host strips the types before a runner sees them.
  const defaults = monaco.typescript.typescriptDefaults;
  defaults.setCompilerOptions({
    lib: ['es2023'],
    target: monaco.typescript.ScriptTarget.ES2020,
    module: monaco.typescript.ModuleKind.ESNext,
    allowNonTsExtensions: true,
    noEmit: true,
    strict: false,
    moduleDetection: 3, // force: each snippet is its own module, so top-level names never collide
  });
  defaults.setDiagnosticsOptions({
    noSemanticValidation: false,
    noSyntaxValidation: false,
    diagnosticCodesToIgnore: IGNORED_DIAGNOSTICS,
  });
  defaults.setEagerModelSync(true);
  setProviderTypings('');
  return monaco;
}

/** Replaces the providers' generated declarations; the editor re-checks open snippets. */
export function setProviderTypings(declarations: string): void {
  monaco.typescript.typescriptDefaults.setExtraLibs([
    { content: GUEST_GLOBALS, filePath: GLOBALS_LIB_URI },
    { content: declarations, filePath: PROVIDERS_LIB_URI },
  ]);
}

export { monaco };
