import type { ExecuteResult } from '../../../shared/executeResult';
import { describeExecuteError } from '../../../shared/format/describeExecuteError';

/** The text rendering of a run's result beside its structuredContent, for clients that show only text. */
export function formatRunText(result: ExecuteResult): string {
  const head = result.ok
    ? result.result === undefined
      ? 'The code returned nothing (undefined).'
      : JSON.stringify(result.result, null, 2)
    : `${result.error.code}: ${describeExecuteError(result.error)}`;
  if (result.logs.length === 0) return head;
  return `${head}\n\nLogs:\n${result.logs.join('\n')}`;
}
