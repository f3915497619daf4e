import type * as Monaco from 'monaco-editor';
import { monaco, setupMonaco } from '../../ui/monaco/setupMonaco';

let shared: { editor: Monaco.editor.IStandaloneDiffEditor; element: HTMLDivElement } | undefined;

/**
 * The page's one diff editor, created on first use and never disposed: each Monaco editor points a
 * global hover factory at its own services, and once the last one created is disposed every later
 * editor widget (a suggestion list, a font change) throws, which blanked the page after the Diff tab
 * was left. The panel moves the returned element in and out of its host instead.
 */
export function sharedDiffEditor(): { editor: Monaco.editor.IStandaloneDiffEditor; element: HTMLDivElement } {
  if (shared) return shared;
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
  });
  shared = { editor, element };
  return shared;
}
