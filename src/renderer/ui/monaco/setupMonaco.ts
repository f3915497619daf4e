import * as monaco from './monaco';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import {
  GUEST_COMPILER_OPTIONS,
  GUEST_GLOBALS,
  IGNORED_DIAGNOSTICS,
} from '../../../shared/editor/guestTypeEnvironment';

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
  defaults.setCompilerOptions({ ...GUEST_COMPILER_OPTIONS, lib: [...GUEST_COMPILER_OPTIONS.lib] });
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
