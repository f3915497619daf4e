import { useEffect, useMemo, useRef, useState } from 'react';
import type { AskRunOutcome } from '../../../shared/api/ask';
import { findErrorLocation } from '../../../shared/findErrorLocation';
import { findToolCallLines } from '../../../shared/findToolCallLines';
import { usePlaygroundStore } from '../../state/store';
import { monaco, setupMonaco } from '../../ui/monaco/setupMonaco';
import { useEditorDisplay } from '../../ui/monaco/useEditorDisplay';

const LINE_HEIGHT = 19;
const MAX_LINES = 24;
const RUN_MARKER_OWNER = 'ask-run';

/**
 * The model's code of one call in a read-only TypeScript editor: the editor's own checks against
 * the providers' typings, a gutter mark on each line that calls a tool, and the run's error on its line.
 */
export function ReadOnlyCode(props: { code: string; uri: string; outcome?: AskRunOutcome | undefined }) {
  const { outcome } = props;
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const providers = usePlaygroundStore((s) => s.providers);
  useEditorDisplay(editor);
  const tools = useMemo(
    () => new Map(providers.map((p) => [p.name, new Set(p.tools.map((tool) => tool.safeName))])),
    [providers],
  );

  useEffect(() => {
    setupMonaco();
    const uri = monaco.Uri.parse(props.uri);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(props.code, 'typescript', uri);
    model.setValue(props.code);
    const created = monaco.editor.create(host.current!, {
      model,
      readOnly: true,
      domReadOnly: true,
      // Monaco hides markers in a read-only editor unless told: the run's error and the checks are the point here.
      renderValidationDecorations: 'on',
      minimap: { enabled: false },
      glyphMargin: true,
      scrollBeyondLastLine: false,
      automaticLayout: true,
      lineNumbersMinChars: 3,
      folding: false,
      renderLineHighlight: 'none',
      scrollbar: { alwaysConsumeMouseWheel: false },
    });
    setEditor(created);
    return () => {
      created.dispose();
      model.dispose();
      setEditor(null);
    };
  }, [props.uri, props.code]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    const lines = [...new Set(findToolCallLines(props.code, tools).map((call) => call.line))];
    const decorations = editor.createDecorationsCollection(
      lines.map((line) => ({
        range: new monaco.Range(line, 1, line, 1),
        options: {
          isWholeLine: true,
          className: 'ask-call-line',
          glyphMarginClassName: 'ask-call-glyph',
          glyphMarginHoverMessage: { value: 'This line calls a tool' },
        },
      })),
    );
    const located =
      outcome && !outcome.ok && outcome.message !== undefined
        ? findErrorLocation({ message: outcome.message, ...(outcome.line ? { line: outcome.line } : {}) })
        : undefined;
    monaco.editor.setModelMarkers(
      model,
      RUN_MARKER_OWNER,
      located && located.line <= model.getLineCount()
        ? [
            {
              severity: monaco.MarkerSeverity.Error,
              message: `The run failed here: ${outcome?.errorCode}: ${outcome?.message}`,
              startLineNumber: located.line,
              startColumn: model.getLineFirstNonWhitespaceColumn(located.line) || 1,
              endLineNumber: located.line,
              endColumn: model.getLineMaxColumn(located.line),
              source: 'run',
            },
          ]
        : [],
    );
    return () => decorations.clear();
  }, [editor, props.code, outcome, tools]);

  const lines = Math.min(MAX_LINES, props.code.split('\n').length);
  return (
    <div
      className="ask-code"
      ref={host}
      style={{ height: lines * LINE_HEIGHT + 12 }}
      data-testid="ask-code"
      data-call-lines={findToolCallLines(props.code, tools).length}
    />
  );
}
