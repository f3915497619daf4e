import * as monaco from './monaco';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import { GUEST_COMPILER_OPTIONS, GUEST_GLOBALS } from '../../../shared/editor/guestTypeEnvironment';
import { startGuestDiagnostics, type GuestDiagnostics } from './guestDiagnostics';

export const PROVIDERS_LIB_URI = 'file:///execbox/providers.d.ts';
const GLOBALS_LIB_URI = 'file:///execbox/guest-globals.d.ts';

let providers: monaco.editor.ITextModel | undefined;
let diagnostics: GuestDiagnostics | undefined;

/** Guest programs are the editor's snippet models. */
const isGuestProgram = (model: monaco.editor.ITextModel) => model.uri.path.startsWith('/snippets/');

/** Workers come from our own bundle (never a CDN); every label gets one. */
export function setupMonaco(): typeof monaco {
  if (providers) return monaco;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker();
    },
  };
  // Guest programs are TypeScript: the host strips the types before a runner sees them.
  const defaults = monaco.typescript.typescriptDefaults;
  defaults.setCompilerOptions({ ...GUEST_COMPILER_OPTIONS, lib: [...GUEST_COMPILER_OPTIONS.lib] });
  // Monaco's own checker makes a frozen model of an extra lib the first time a problem points into
  // it, and the worker then reads that model instead of the lib for the rest of the page's life: the
  // guest programs are checked by startGuestDiagnostics instead, against a model that is the lib.
  defaults.setModeConfiguration({ ...defaults.modeConfiguration, diagnostics: false });
  defaults.setEagerModelSync(true);
  defaults.setExtraLibs([{ content: GUEST_GLOBALS, filePath: GLOBALS_LIB_URI }]);
  providers = monaco.editor.createModel('', 'typescript', monaco.Uri.parse(PROVIDERS_LIB_URI));
  diagnostics = startGuestDiagnostics({ declarations: providers, isGuest: isGuestProgram });
  return monaco;
}

/**
 * Replaces the providers' declarations wholesale, and the editor's words for a name that is not
 * declared (a provider that is not ready); every guest program is checked again.
 */
export function setProviderTypings(
  declarations: string,
  explainMissingName: (name: string) => string | undefined,
): void {
  setupMonaco();
  if (providers!.getValue() !== declarations) providers!.setValue(declarations);
  diagnostics!.explainMissingNames(explainMissingName);
}

export { monaco };
