import { useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import type { Breakpoint } from '../../../shared/api/debug';
import { describeExecuteError } from '../../../shared/format';
import { findErrorLocation } from '../../../shared/findErrorLocation';
import { findToolCallLines, type ToolCallLine } from '../../../shared/findToolCallLines';
import { monaco } from '../../ui/monaco/setupMonaco';
import { useApi } from '../../state/hostContext';
import { isOwnRun, useCurrentRun, usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';
import { useViewedTranscript } from '../../state/viewedTranscript';
import { callPlaceIn } from './findCallPlace';
import { useCallPlace } from './useCallPlace';
import { describeNoBreakpointHere } from './describeNoBreakpointHere';

const RUN_MARKER_OWNER = 'execbox-run';

/** The one breakpoint a gutter click on a tool-call line stands for: that tool, no condition. */
function gutterBreakpoint(breakpoints: readonly Breakpoint[], call: ToolCallLine): Breakpoint | undefined {
  return breakpoints.find(
    (bp) => bp.providerName === call.providerName && bp.toolName === call.toolName && !bp.condition,
  );
}

/**
 * The editor as part of the debugger: gutter breakpoints on lines that call a tool (click to set or
 * remove, Shift+click to enable or disable), the `await` line of a paused call highlighted, and the
 * last run's syntax or runtime error marked at its line and column.
 */
export function useEditorDebugging(editor: Monaco.editor.IStandaloneCodeEditor | null): void {
  useDebugSync();
  const api = useApi();
  const providers = usePlaygroundStore((s) => s.providers);
  const breakpoints = useDebugStore((s) => s.breakpoints);
  const paused = useDebugStore((s) => s.paused);
  const run = useCurrentRun();
  const viewed = useViewedTranscript();
  const selectedCallId = useDebugStore((s) => s.selectedCallId);
  const [textVersion, setTextVersion] = useState(0);

  const tools = useMemo(
    () => new Map(providers.map((p) => [p.name, new Set(p.tools.map((tool) => tool.safeName))])),
    [providers],
  );

  useEffect(() => {
    if (!editor) return;
    const bump = () => setTextVersion((v) => v + 1);
    const subscriptions = [editor.onDidChangeModelContent(bump), editor.onDidChangeModel(bump)];
    return () => subscriptions.forEach((s) => s.dispose());
  }, [editor]);

  const calls = useMemo(() => {
    const code = textVersion >= 0 ? (editor?.getModel()?.getValue() ?? '') : '';
    return findToolCallLines(code, tools);
  }, [editor, tools, textVersion]);
  const selected = useCallPlace(viewed, selectedCallId, calls);

  // One decorations collection per editor, replaced only when what it shows changes: a live run's
  // batches must not re-render the editor (each render forces a layout of the whole page).
  const shown = useRef<{ collection: Monaco.editor.IEditorDecorationsCollection; key: string } | null>(null);
  useEffect(() => {
    if (!editor) return;
    const collection = editor.createDecorationsCollection();
    shown.current = { collection, key: '' };
    return () => {
      collection.clear();
      shown.current = null;
    };
  }, [editor]);

  // Gutter glyphs and the paused-call highlight.
  useEffect(() => {
    const target = shown.current;
    if (!editor || !target) return;
    // Another's run (an agent's, a tap's) ran other code: its held call marks no line of the person's.
    const sameCode = !run || isOwnRun(run.origin) || run.request?.code === editor.getModel()?.getValue();
    const pausedHere = sameCode ? paused.filter((p) => p.runId === run?.runId) : [];
    const decorations: Monaco.editor.IModelDeltaDecoration[] = [];
    const highlight = (line: number, className: string) =>
      decorations.push({
        range: new monaco.Range(line, 1, line, 1),
        options: { isWholeLine: true, className, stickiness: 1 },
      });
    // A long run's calls before its held tail are not counted here: its paused call marks every line of its tool.
    const pausedLines = pausedHere.flatMap((p) =>
      callLines(
        calls,
        p.providerName,
        p.toolName,
        run && (run.firstIndex ?? 0) === 0 ? callPlaceIn(run.entries, p.callId)?.ordinal : undefined,
      ),
    );
    for (const line of pausedLines) highlight(line, 'paused-line');
    const seen = new Set<number>();
    for (const call of calls) {
      if (seen.has(call.line)) continue;
      seen.add(call.line);
      const breakpoint = gutterBreakpoint(breakpoints, call);
      decorations.push({
        range: new monaco.Range(call.line, 1, call.line, 1),
        options: {
          glyphMarginClassName: breakpoint
            ? `breakpoint-glyph${breakpoint.enabled ? '' : ' disabled'}`
            : 'breakpoint-hint',
          glyphMarginHoverMessage: {
            value: breakpoint
              ? `Breakpoint on ${call.providerName}.${call.toolName}${breakpoint.enabled ? '' : ' (disabled)'}: click to remove, Shift+click to ${breakpoint.enabled ? 'disable' : 'enable'}`
              : `Click to break on ${call.providerName}.${call.toolName}`,
          },
        },
      });
    }
    // The call selected in another view, when the transcript ran the code the editor shows.
    if (selected && viewed?.code === editor.getModel()?.getValue())
      for (const line of callLines(
        calls,
        selected.call.providerName,
        selected.call.safeToolName,
        selected.ordinal,
      ))
        highlight(line, 'selected-call-line');
    const key = JSON.stringify(
      decorations.map((d) => [
        d.range.startLineNumber,
        d.options.className,
        d.options.glyphMarginClassName,
        (d.options.glyphMarginHoverMessage as Monaco.IMarkdownString | undefined)?.value,
      ]),
    );
    if (key === target.key) return;
    target.key = key;
    target.collection.set(decorations);
    if (pausedLines[0] !== undefined) editor.revealLineInCenterIfOutsideViewport(pausedLines[0]);
  }, [editor, calls, breakpoints, paused, run, selected, viewed?.code]);

  // A click in the gutter of a tool-call line, or F9 on it (DevTools' key), sets, removes, enables
  // or disables its breakpoint.
  useEffect(() => {
    if (!editor) return;
    const toggle = (line: number | undefined, shiftKey: boolean) => {
      const call = calls.find((c) => c.line === line);
      if (!call) return false;
      const existing = gutterBreakpoint(useDebugStore.getState().breakpoints, call);
      const work = existing
        ? shiftKey
          ? api.debug.updateBreakpoint(existing.id, { enabled: !existing.enabled })
          : api.debug.removeBreakpoint(existing.id)
        : api.debug.addBreakpoint({ providerName: call.providerName, toolName: call.toolName });
      void Promise.resolve(work).catch((error: unknown) =>
        usePlaygroundStore
          .getState()
          .notify('error', `Could not change the breakpoint: ${describeError(error)}`),
      );
      return true;
    };
    const subscriptions = [
      editor.onMouseDown((event) => {
        const type = event.target.type;
        if (
          type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN &&
          type !== monaco.editor.MouseTargetType.GUTTER_LINE_NUMBERS
        )
          return;
        toggle(event.target.position?.lineNumber, event.event.shiftKey);
      }),
      editor.onKeyDown((event) => {
        if (event.keyCode !== monaco.KeyCode.F9 || event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        const line = editor.getPosition()?.lineNumber ?? 1;
        if (!toggle(line, event.shiftKey))
          usePlaygroundStore
            .getState()
            .notify('info', describeNoBreakpointHere(editor.getModel()?.getValue() ?? '', line, providers));
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.dispose());
  }, [editor, calls, api, providers]);

  // The last run's syntax or runtime error, at its line and column, while the code is unchanged.
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const result = run?.result;
    const located =
      result && !result.ok && (result.error.code === 'runtime_error' || result.error.code === 'memory_limit')
        ? findErrorLocation(result.error)
        : undefined;
    if (
      !result ||
      result.ok ||
      !located ||
      run?.request?.code !== model.getValue() ||
      located.line > model.getLineCount()
    ) {
      monaco.editor.setModelMarkers(model, RUN_MARKER_OWNER, []);
      return;
    }
    const column = located.column ?? model.getLineFirstNonWhitespaceColumn(located.line) ?? 1;
    monaco.editor.setModelMarkers(model, RUN_MARKER_OWNER, [
      {
        severity: monaco.MarkerSeverity.Error,
        message: `The run failed here: ${describeExecuteError(result.error)}`,
        startLineNumber: located.line,
        startColumn: Math.max(1, column),
        endLineNumber: located.line,
        endColumn: model.getLineMaxColumn(located.line),
        source: 'run',
      },
    ]);
  }, [editor, run?.result, run?.request?.code, textVersion]);
}

/**
 * The editor lines of a call to a tool, the `ordinal`-th of the run's calls to it: when the code
 * calls that tool on more lines than that, the n-th call is on the n-th line (straight-line code);
 * otherwise, or when the ordinal is not known, every line that calls the tool (a loop or a helper),
 * since the protocol carries no source position.
 */
function callLines(
  calls: readonly ToolCallLine[],
  providerName: string,
  toolName: string,
  ordinal: number | undefined,
): number[] {
  const lines = calls
    .filter((c) => c.providerName === providerName && c.toolName === toolName)
    .map((c) => c.line);
  const line = ordinal === undefined ? undefined : lines[ordinal];
  return line !== undefined ? [line] : lines;
}
