import type * as Monaco from 'monaco-editor';
import * as monaco from './monaco';
import { IGNORED_DIAGNOSTICS } from '../../../shared/editor/guestTypeEnvironment';
import { toGuestMarker } from './toGuestMarker';

/** The markers' owner: Monaco's own TypeScript diagnostics are off (see setupMonaco). */
export const GUEST_MARKER_OWNER = 'guest-typescript';
/** A program is checked this long after the last keystroke, as Monaco's own checker does. */
const CHECK_AFTER_EDIT_MS = 500;
/** A check the worker failed (it restarted) is tried again after this long. */
const RETRY_MS = 1000;

export interface GuestDiagnosticsOptions {
  /** The declarations every guest program is checked against, as a model of its own. */
  declarations: Monaco.editor.ITextModel;
  /** The models that are guest programs: only these are checked and marked. */
  isGuest(model: Monaco.editor.ITextModel): boolean;
}

export interface GuestDiagnostics {
  /**
   * The editor's own words for a name TypeScript cannot find (a provider that is not ready), or
   * undefined to keep TypeScript's; every guest program is checked again.
   */
  explainMissingNames(explain: (name: string) => string | undefined): void;
  dispose(): void;
}

/** The TypeScript worker, once Monaco has set up its TypeScript mode (it does so on first use). */
async function typescriptWorker(): Promise<
  (...uris: Monaco.Uri[]) => Promise<Monaco.typescript.TypeScriptWorker>
> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await monaco.typescript.getTypeScriptWorker();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Checks guest programs with the TypeScript worker and marks their problems. Markers are set only
 * from a check of exactly the text and declarations the models hold when its answer arrives: any
 * later change of either starts a new check, so a problem never comes from typings that were
 * replaced (another workspace's, a removed provider's) or that had not arrived yet.
 */
export function startGuestDiagnostics(options: GuestDiagnosticsOptions): GuestDiagnostics {
  const { declarations, isGuest } = options;
  let explain: (name: string) => string | undefined = () => undefined;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const checks = new Map<string, number>();
  const listeners = new Map<string, Monaco.IDisposable>();

  const check = async (model: Monaco.editor.ITextModel) => {
    const key = model.uri.toString();
    clearTimeout(timers.get(key));
    timers.delete(key);
    const checkId = (checks.get(key) ?? 0) + 1;
    checks.set(key, checkId);
    const seen = () => `${model.getVersionId()}:${declarations.getVersionId()}`;
    const before = seen();
    try {
      const worker = await (await typescriptWorker())(model.uri, declarations.uri);
      // A newer check asks instead: while the worker starts, stale checks must not queue work ahead of it.
      if (model.isDisposed() || checks.get(key) !== checkId) return;
      const found = await Promise.all([
        worker.getSyntacticDiagnostics(key),
        worker.getSemanticDiagnostics(key),
        worker.getSuggestionDiagnostics(key),
      ]);
      // Checked against text or declarations that changed since: the newer check marks instead.
      if (model.isDisposed() || checks.get(key) !== checkId || seen() !== before) return;
      const markers = found
        .flat()
        .filter((diagnostic) => !IGNORED_DIAGNOSTICS.includes(diagnostic.code))
        .map((diagnostic) => toGuestMarker(model, declarations, diagnostic, explain));
      monaco.editor.setModelMarkers(model, GUEST_MARKER_OWNER, markers);
    } catch {
      if (!model.isDisposed() && checks.get(key) === checkId) schedule(model, RETRY_MS);
    }
  };

  const schedule = (model: Monaco.editor.ITextModel, delay: number) => {
    const key = model.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => void check(model), delay),
    );
  };

  const guests = () => monaco.editor.getModels().filter((model) => !model.isDisposed() && isGuest(model));
  const checkAll = () => guests().forEach((model) => void check(model));

  const follow = (model: Monaco.editor.ITextModel) => {
    if (!isGuest(model)) return;
    const key = model.uri.toString();
    listeners.get(key)?.dispose();
    listeners.set(
      key,
      model.onDidChangeContent(() => schedule(model, CHECK_AFTER_EDIT_MS)),
    );
    void check(model);
  };

  const disposables = [
    monaco.editor.onDidCreateModel(follow),
    monaco.editor.onWillDisposeModel((model) => {
      const key = model.uri.toString();
      clearTimeout(timers.get(key));
      timers.delete(key);
      checks.delete(key);
      listeners.get(key)?.dispose();
      listeners.delete(key);
      monaco.editor.setModelMarkers(model, GUEST_MARKER_OWNER, []);
    }),
    declarations.onDidChangeContent(checkAll),
  ];
  monaco.editor.getModels().forEach(follow);

  return {
    explainMissingNames(next) {
      explain = next;
      checkAll();
    },
    dispose() {
      disposables.forEach((disposable) => disposable.dispose());
      listeners.forEach((listener) => listener.dispose());
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}
