import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { WORKSPACE_FORMAT_VERSION, type WorkspaceFile } from '../../../shared/workspaceFormat';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { lineColumnAt } from '../../../shared/lineColumnAt';
import { validateWorkspaceDocument } from './validateWorkspaceDocument';
import { WorkspaceFileError } from './WorkspaceFileError';

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Parses and validates workspace text; throws WorkspaceFileError with file, JSON path and line/column. */
export function parseWorkspaceText(text: string, file: string): WorkspaceFile {
  const tooDeep = tooDeeplyNested(text, file);
  if (tooDeep) {
    const { line, column, message } = tooDeep;
    throw new WorkspaceFileError(file, [{ jsonPath: '$', line, column, message }], 'cannot be read');
  }
  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, STRICT_JSON);
  if (syntaxErrors.length > 0 || !tree) {
    const problems = syntaxErrors.slice(0, 5).map((error) => ({
      jsonPath: '$',
      ...lineColumnAt(text, error.offset),
      message: `JSON syntax error: ${printParseErrorCode(error.error)}`,
    }));
    throw new WorkspaceFileError(
      file,
      problems.length > 0 ? problems : [{ jsonPath: '$', message: 'the file is empty' }],
      'is not valid JSON',
    );
  }
  const value: unknown = JSON.parse(text);
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version !== WORKSPACE_FORMAT_VERSION) {
    throw new WorkspaceFileError(
      file,
      [
        {
          jsonPath: '$.formatVersion',
          message: `format version ${version}; this build reads version ${WORKSPACE_FORMAT_VERSION}`,
        },
      ],
      'has a format this build cannot read',
    );
  }
  const problems = validateWorkspaceDocument(value, { tree, text });
  if (problems.length > 0) throw new WorkspaceFileError(file, problems);
  return value as WorkspaceFile;
}
