export interface WorkspaceProblem {
  /** Where in the document, as a JSON path (`$.providers[0].name`). */
  jsonPath: string;
  line?: number;
  column?: number;
  message: string;
}

/** A workspace file that cannot be used as it is: says which file, where and what. */
export class WorkspaceFileError extends Error {
  override readonly name = 'WorkspaceFileError';
  constructor(
    readonly file: string,
    readonly problems: WorkspaceProblem[],
    summary = 'is not a valid workspace',
  ) {
    const lines = problems.map((p) => {
      const at = p.line !== undefined ? `${file}:${p.line}:${p.column ?? 1}` : file;
      return `  ${at}: ${p.jsonPath}: ${p.message}`;
    });
    super(lines.length > 0 ? [`${file} ${summary}:`, ...lines].join('\n') : `${file} ${summary}`);
  }
}
