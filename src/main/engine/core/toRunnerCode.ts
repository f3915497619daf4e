import type { ExecuteResult } from '../../../shared/executeResult';
import { CodeSyntaxError } from '../../../shared/normalizeCode';
import { stripGuestTypes, TypeStripError, type TypeStripper } from '../../../shared/stripGuestTypes';

let stripper: Promise<TypeStripper> | undefined;

/** amaro (Node's own type stripper) is loaded on the first TypeScript program, never at start-up. */
function loadAmaro(): Promise<TypeStripper> {
  stripper ??= import('amaro').then(({ transformSync }) => (code: string) => {
    try {
      return transformSync(code, { mode: 'strip-only' }).code;
    } catch (error) {
      const failure = error as {
        code?: unknown;
        message?: unknown;
        startLine?: unknown;
        startColumn?: unknown;
      };
      if (failure.code !== 'UnsupportedSyntax' && failure.code !== 'InvalidSyntax') throw error;
      throw new TypeStripError(
        String(failure.message),
        failure.code === 'UnsupportedSyntax',
        typeof failure.startLine === 'number' ? failure.startLine : 1,
        typeof failure.startColumn === 'number' ? failure.startColumn : 0,
      );
    }
  });
  return stripper;
}

/**
 * The JavaScript a runner receives for guest code as the user wrote it (TypeScript or JavaScript,
 * fenced or not). Throws CodeSyntaxError at the user's line and column.
 */
export function toRunnerCode(code: string): Promise<string> {
  return stripGuestTypes(code, loadAmaro);
}

/**
 * Runs `execute` with the runner's JavaScript for `code`; code that cannot be read gets the answer a
 * runner gives for a syntax error, without starting one.
 */
export async function runnerCodeOrFailure(
  code: string,
  execute: (runnerCode: string) => Promise<ExecuteResult>,
): Promise<ExecuteResult> {
  let runnerCode: string;
  try {
    runnerCode = await toRunnerCode(code);
  } catch (error) {
    if (!(error instanceof CodeSyntaxError)) throw error;
    return {
      ok: false,
      error: error.toExecuteError(),
      logs: [],
      durationMs: 0,
    };
  }
  return execute(runnerCode);
}
