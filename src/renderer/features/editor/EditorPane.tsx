import { useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { EDITOR_FONT_SIZE } from '../../ui/display/DisplayControls';
import { setActiveEditor } from '../../state/activeEditor';
import { useEditorDisplay } from '../../ui/monaco/useEditorDisplay';
import { createSnippetSync } from '../../../shared/createSnippetSync';
import { monaco, setProviderTypings, setupMonaco } from '../../ui/monaco/setupMonaco';
import { ProblemsStrip, type Problem } from './ProblemsStrip';
import { SnippetConflictPanel } from './SnippetConflictPanel';
import { takeDeletedHere } from '../../state/snippetsDeletedHere';
import { keepUnsavedEdits } from './keepUnsavedEdits';
import { ApiCallError } from '../../../shared/rpc/createApiClient';
import { useEditorDebugging } from './useEditorDebugging';
import { useResultForward } from './useResultForward';
import { shownTypings } from '../../state/shownTypings';
import { notTypedWords } from '../../../shared/view/notTypedWords';

const modelUri = (snippetId: string) =>
  monaco.Uri.parse(`file:///snippets/${encodeURIComponent(snippetId)}.ts`);

const snippetIdOf = (uri: Monaco.Uri): string =>
  decodeURIComponent(uri.path.replace(/^\/snippets\/|\.ts$/g, ''));

function readProblems(uri: Monaco.Uri): Problem[] {
  return monaco.editor
    .getModelMarkers({ resource: uri })
    .filter((marker) => marker.severity >= monaco.MarkerSeverity.Warning)
    .map((marker) => ({
      line: marker.startLineNumber,
      column: marker.startColumn,
      message: marker.message,
      severity: marker.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
    }));
}

/** Replaces a model's whole text as one undoable edit (setValue would drop the undo history). */
function replaceText(model: Monaco.editor.ITextModel, text: string): void {
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
}

/** The guest program editor: Monaco with the providers' typings, autosaved to the workspace. */
export function EditorPane({ onRun }: { onRun: () => void }) {
  const api = useApi();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const [editorInstance, setEditorInstance] = useState<Monaco.editor.IStandaloneCodeEditor | null>(null);
  useEditorDebugging(editorInstance);
  useEditorDisplay(editorInstance);
  useResultForward();
  const onRunRef = useRef(onRun);
  const [syncVersion, setSyncVersion] = useState(0);
  const [markersVersion, setMarkersVersion] = useState(0);
  const workspace = usePlaygroundStore((s) => s.workspace);
  const typings = usePlaygroundStore(shownTypings);
  const activeId = workspace?.activeSnippetId ?? null;
  const snippets = workspace?.snippets;
  const activeSnippet = snippets?.find((s) => s.id === activeId);
  const activeCode = activeSnippet?.code;
  const connection = usePlaygroundStore((s) => s.connection);

  const [sync] = useState(() =>
    createSnippetSync({
      write: (id, code, codeRevision) => api.workspace.updateSnippet(id, { code }, { codeRevision }),
      isConflict: (error) => error instanceof ApiCallError && error.kind === 'conflict',
      onChange: () => setSyncVersion((v) => v + 1),
    }),
  );

  useEffect(() => {
    onRunRef.current = onRun;
  }, [onRun]);

  useEffect(() => {
    setupMonaco();
    const editor = monaco.editor.create(host.current!, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: EDITOR_FONT_SIZE,
      scrollBeyondLastLine: false,
      // The editor pane is narrow beside the transcript; long lines wrap rather than hide.
      wordWrap: 'on',
      wrappingIndent: 'indent',
      tabSize: 2,
      fixedOverflowWidgets: true,
      ariaLabel: 'Guest program editor',
      glyphMargin: true,
    });
    editorRef.current = editor;
    setEditorInstance(editor);
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => {
      // An open suggestion or hint widget would stay over the result pane and swallow its clicks.
      editor.trigger('run', 'hideSuggestWidget', null);
      editor.trigger('run', 'closeParameterHints', null);
      onRunRef.current();
    });
    const changes = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      const id = model ? snippetIdOf(model.uri) : null;
      if (model && id) sync.edit(id, model.getValue());
    });
    const markers = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((uri) => uri.path.startsWith('/snippets/'))) setMarkersVersion((v) => v + 1);
    });
    return () => {
      changes.dispose();
      markers.dispose();
      void sync.flush();
      editor.dispose();
      editorRef.current = null;
      setEditorInstance(null);
    };
  }, [sync]);

  // Exactly the shown workspace's typings, replaced whole; a provider that is not ready is named with why.
  useEffect(() => {
    const notReady = new Map((typings?.providers ?? []).map((provider) => [provider.name, provider]));
    setProviderTypings(typings?.declarations ?? '', (name) => {
      const provider = notReady.get(name);
      return provider && notTypedWords(provider);
    });
  }, [typings]);

  // The host's texts: adopted where this tab has nothing unsaved, else kept aside as a conflict.
  // Models of deleted snippets are dropped; what this tab had not saved of a snippet deleted elsewhere,
  // or of any snippet when another workspace file was opened, becomes a new snippet rather than being lost.
  const known = useRef<{ path: string; names: Map<string, string> } | null>(null);
  const workspacePath = workspace?.path;
  useEffect(() => {
    if (!snippets || workspacePath === undefined) return;
    const previous = known.current;
    if (previous && previous.path !== workspacePath) {
      // Another workspace file is open now (another tab opened it): what this tab had not saved
      // belongs to the old file, which the host no longer writes. It is kept in the new one.
      for (const [id, name] of previous.names) {
        const unsaved = sync.forget(id);
        if (unsaved !== undefined) void keepUnsavedEdits(api, { name, code: unsaved, from: previous.path });
      }
    }
    for (const snippet of snippets) {
      const adopt = sync.remote(snippet.id, snippet.code);
      const model = monaco.editor.getModel(modelUri(snippet.id));
      if (adopt && model && model.getValue() !== snippet.code) replaceText(model, snippet.code);
    }
    const alive = new Set(snippets.map((s) => modelUri(s.id).toString()));
    const before = previous?.path === workspacePath ? previous.names : undefined;
    for (const model of monaco.editor.getModels()) {
      if (model.uri.path.startsWith('/snippets/') && !alive.has(model.uri.toString())) {
        const id = snippetIdOf(model.uri);
        const unsaved = sync.forget(id);
        const name = before?.get(id);
        if (!takeDeletedHere(id) && unsaved !== undefined && name !== undefined)
          void keepUnsavedEdits(api, { name, code: unsaved });
        model.dispose();
      }
    }
    known.current = { path: workspacePath, names: new Map(snippets.map((s) => [s.id, s.name])) };
  }, [snippets, workspacePath, sync, api]);

  useEffect(() => {
    if (connection === 'open') sync.retryFailed();
  }, [connection, sync]);

  // Switch to (or create) the active snippet's model.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    if (activeId === null || activeCode === undefined) {
      editor.setModel(null);
      return;
    }
    const uri = modelUri(activeId);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(activeCode, 'typescript', uri);
    if (editor.getModel() !== model) editor.setModel(model);
  }, [activeId, activeCode]);

  useEffect(() => {
    setActiveEditor({
      snippetId: activeId,
      getCode: () => editorRef.current?.getModel()?.getValue() ?? '',
      flushSave: () => sync.flush(),
    });
    return () => setActiveEditor(null);
  }, [activeId, sync]);

  useEffect(() => {
    usePlaygroundStore.setState({ unsavedEdits: syncVersion >= 0 && sync.hasUnsaved() });
  }, [syncVersion, sync]);

  const saved = activeId === null ? { state: 'saved' as const } : sync.stateOf(activeId);
  const saveState = syncVersion >= 0 && workspace?.savedToFile === false ? 'not-in-file' : saved.state;
  useEffect(() => {
    if (saved.state === 'failed')
      usePlaygroundStore
        .getState()
        .notify('error', `Could not save the snippet: ${describeError(saved.error)}`);
  }, [saved.state, saved.error]);

  const settle = (keep: 'mine' | 'theirs') => {
    if (activeId === null) return;
    const text = sync.resolve(activeId, keep);
    const model = monaco.editor.getModel(modelUri(activeId));
    if (text !== undefined && model && model.getValue() !== text) replaceText(model, text);
  };
  const keepBoth = async () => {
    const conflict = saved.conflict;
    if (!conflict || !activeSnippet) return;
    try {
      await api.workspace.createSnippet(`${activeSnippet.name} (this tab's version)`, conflict.mine);
      settle('theirs');
    } catch (error) {
      usePlaygroundStore.getState().notify('error', `Could not keep both versions: ${describeError(error)}`);
    }
  };

  // markersVersion changes whenever Monaco re-checks a snippet.
  const problems = useMemo(
    () => (activeId === null || markersVersion < 0 ? [] : readProblems(modelUri(activeId))),
    [activeId, markersVersion],
  );

  return (
    <div className="editor-pane">
      {saved.conflict && (
        <SnippetConflictPanel
          conflict={saved.conflict}
          onKeepMine={() => settle('mine')}
          onTakeTheirs={() => settle('theirs')}
          onKeepBoth={() => void keepBoth()}
        />
      )}
      <div className="editor-host" ref={host} data-testid="program-editor" />
      {activeId === null && (
        <div className="editor-empty">
          Pick a snippet on the left, or create one, to start writing a program.
        </div>
      )}
      <ProblemsStrip problems={problems} saveState={saveState} />
    </div>
  );
}
