import { useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { useApi } from '../state/hostContext';
import { usePlaygroundStore } from '../state/store';
import { describeError } from '../util/describeError';
import { useColorScheme } from '../util/useColorScheme';
import { setActiveEditor } from './activeEditor';
import { createAutosaver } from './createAutosaver';
import { monaco, setProviderTypings, setupMonaco } from './setupMonaco';
import { ProblemsStrip, type Problem } from './ProblemsStrip';

type SaveState = 'pending' | 'saving' | 'saved' | 'failed';

const modelUri = (snippetId: string) =>
  monaco.Uri.parse(`file:///snippets/${encodeURIComponent(snippetId)}.js`);

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

/** The guest program editor: Monaco with the providers' typings, autosaved to the workspace. */
export function EditorPane({ onRun }: { onRun: () => void }) {
  const api = useApi();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const onRunRef = useRef(onRun);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [markersVersion, setMarkersVersion] = useState(0);
  const scheme = useColorScheme();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const declarations = usePlaygroundStore((s) => s.declarations);
  const activeId = workspace?.activeSnippetId ?? null;
  const snippets = workspace?.snippets;
  const activeCode = snippets?.find((s) => s.id === activeId)?.code;

  const saverRef = useRef<ReturnType<typeof createAutosaver> | null>(null);
  saverRef.current ??= createAutosaver(
    (id, code) => api.workspace.updateSnippet(id, { code }),
    (_id, state, error) => {
      setSaveState(state);
      if (state === 'failed')
        usePlaygroundStore.getState().notify('error', `Could not save the snippet: ${describeError(error)}`);
    },
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
      fontSize: 13,
      scrollBeyondLastLine: false,
      tabSize: 2,
      fixedOverflowWidgets: true,
      ariaLabel: 'Guest program editor',
    });
    editorRef.current = editor;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => {
      // An open suggestion or hint widget would stay over the result pane and swallow its clicks.
      editor.trigger('run', 'hideSuggestWidget', null);
      editor.trigger('run', 'closeParameterHints', null);
      onRunRef.current();
    });
    const changes = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      const id = model ? decodeURIComponent(model.uri.path.replace(/^\/snippets\/|\.js$/g, '')) : null;
      if (model && id) saverRef.current!.schedule(id, model.getValue());
    });
    const markers = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((uri) => uri.path.startsWith('/snippets/'))) setMarkersVersion((v) => v + 1);
    });
    return () => {
      changes.dispose();
      markers.dispose();
      void saverRef.current!.flush();
      editor.dispose();
      editorRef.current = null;
    };
  }, []);

  useEffect(() => {
    monaco.editor.setTheme(scheme === 'dark' ? 'vs-dark' : 'vs');
  }, [scheme]);

  useEffect(() => {
    setProviderTypings(declarations);
  }, [declarations]);

  // Switch to (or create) the active snippet's model; adopt outside edits only when nothing local is pending.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    if (activeId === null || activeCode === undefined) {
      editor.setModel(null);
      return;
    }
    const uri = modelUri(activeId);
    let model = monaco.editor.getModel(uri);
    if (!model) model = monaco.editor.createModel(activeCode, 'javascript', uri);
    else if (
      model.getValue() !== activeCode &&
      !saverRef.current!.hasPending(activeId) &&
      !editor.hasTextFocus()
    ) {
      model.setValue(activeCode);
    }
    if (editor.getModel() !== model) editor.setModel(model);
  }, [activeId, activeCode]);

  // Drop the models of deleted snippets.
  useEffect(() => {
    if (!snippets) return;
    const alive = new Set(snippets.map((s) => modelUri(s.id).toString()));
    for (const model of monaco.editor.getModels()) {
      if (model.uri.path.startsWith('/snippets/') && !alive.has(model.uri.toString())) model.dispose();
    }
  }, [snippets]);

  useEffect(() => {
    setActiveEditor({
      snippetId: activeId,
      getCode: () => editorRef.current?.getModel()?.getValue() ?? '',
      flushSave: () => saverRef.current!.flush(),
    });
    return () => setActiveEditor(null);
  }, [activeId]);

  // markersVersion changes whenever Monaco re-checks a snippet.
  const problems = useMemo(
    () => (activeId === null || markersVersion < 0 ? [] : readProblems(modelUri(activeId))),
    [activeId, markersVersion],
  );

  return (
    <div className="editor-pane">
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
