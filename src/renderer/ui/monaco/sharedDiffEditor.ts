import type * as Monaco from 'monaco-editor';
import { monaco, setupMonaco } from './setupMonaco';

type SharedDiffEditor = { editor: Monaco.editor.IStandaloneDiffEditor; element: HTMLDivElement };

/** One per place that shows a diff (the Diff panel, the snippet history dialog), which may be open together. */
export type DiffSlot = 'panel' | 'dialog';

const shared = new Map<DiffSlot, SharedDiffEditor>();

/**
 * The page's diff editor for one slot, created on first use and never disposed: each Monaco editor points a
 * global hover factory at its own services, and once the last one created is disposed every later
 * editor widget (a suggestion list, a font change) throws, which blanked the page after the Diff tab
 * was left. The panel moves the returned element in and out of its host instead.
 */
export function sharedDiffEditor(slot: DiffSlot): SharedDiffEditor {
  const found = shared.get(slot);
  if (found) return found;
  setupMonaco();
  const element = document.createElement('div');
  element.className = 'monaco-diff-surface';
  const editor = monaco.editor.createDiffEditor(element, {
    readOnly: true,
    automaticLayout: true,
    renderSideBySide: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    originalEditable: false,
    ignoreTrimWhitespace: false,
    // Guiding and matching brackets parses each whole text on the page's thread (see MonacoDiff).
    guides: { bracketPairs: false, indentation: false },
    matchBrackets: 'never',
  });
  const created = { editor, element };
  shared.set(slot, created);
  return created;
}
