import type * as Monaco from 'monaco-editor';
import * as monaco from './monaco';

type Diagnostic = Monaco.typescript.Diagnostic;
type MessageChain = Exclude<Diagnostic['messageText'], string>;

/** TypeScript's "Cannot find name 'x'" and "Cannot find name 'x'. Did you mean 'y'?". */
const CANNOT_FIND_NAME = [2304, 2552];

const SEVERITY = {
  0: monaco.MarkerSeverity.Warning,
  1: monaco.MarkerSeverity.Error,
  2: monaco.MarkerSeverity.Hint,
  3: monaco.MarkerSeverity.Info,
} as const;

function flatten(text: string | MessageChain, indent = 0): string {
  if (typeof text === 'string') return text;
  const lines = [`${'  '.repeat(indent)}${text.messageText}`];
  for (const next of text.next ?? []) lines.push(flatten(next, indent + 1));
  return lines.join('\n');
}

function rangeIn(model: Monaco.editor.ITextModel, start = 0, length = 1) {
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(start + length);
  return {
    startLineNumber: from.lineNumber,
    startColumn: from.column,
    endLineNumber: to.lineNumber,
    endColumn: to.column,
  };
}

/**
 * One diagnostic of a guest program as a marker. A name TypeScript cannot find gets the editor's own
 * words when `explain` has them (a provider that is not ready); related places are kept where they
 * are in the program or the providers' declarations (no model is made for any other file).
 */
export function toGuestMarker(
  model: Monaco.editor.ITextModel,
  declarations: Monaco.editor.ITextModel,
  diagnostic: Diagnostic,
  explain: (name: string) => string | undefined,
): Monaco.editor.IMarkerData {
  const range = rangeIn(model, diagnostic.start, diagnostic.length);
  const words = CANNOT_FIND_NAME.includes(diagnostic.code)
    ? explain(model.getValueInRange(range))
    : undefined;
  const tags = [
    ...(diagnostic.reportsUnnecessary ? [monaco.MarkerTag.Unnecessary] : []),
    ...(diagnostic.reportsDeprecated ? [monaco.MarkerTag.Deprecated] : []),
  ];
  const related = words
    ? []
    : (diagnostic.relatedInformation ?? []).flatMap((info) => {
        const where = !info.file || info.file.fileName === model.uri.toString() ? model : undefined;
        const place =
          where ?? (info.file?.fileName === declarations.uri.toString() ? declarations : undefined);
        if (!place) return [];
        return [
          {
            resource: place.uri,
            message: flatten(info.messageText),
            ...rangeIn(place, info.start, info.length),
          },
        ];
      });
  return {
    severity: SEVERITY[diagnostic.category],
    ...range,
    message: words ?? flatten(diagnostic.messageText),
    code: String(diagnostic.code),
    ...(tags.length > 0 ? { tags } : {}),
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}
