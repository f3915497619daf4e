/**
 * The part of Monaco the playground uses, instead of the whole `monaco-editor` package (every
 * language, CSS/HTML/JSON services, the LSP client). Mirrors how monaco-editor's esm/vs/index.js
 * assembles the full bundle, keeping: the editor API, every editor contribution (find, folding,
 * hover, suggest, bracket matching, ...), the diff editor, the JavaScript and TypeScript
 * languages, and the TypeScript language service (`monaco.typescript`). The editor API alone
 * already reaches most of the editor core, so what this drops is mainly the other languages and
 * the CSS/HTML/JSON workers.
 */
import 'monaco-editor/features/register.all';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/contrib/semanticTokens/browser/documentSemanticTokens';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/common/standaloneStrings';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/typescript/register';

export * from 'monaco-editor/editor/editor.api';
export * as typescript from 'monaco-editor/languages/features/typescript/register';
