import type { RunRequest } from '../../../shared/api/runs';
import { validateRunRequest } from '../runs/validateRunRequest';

export type ExecuteArguments = { ok: true; request: RunRequest } | { ok: false; message: string };

/** The execute tool's `{ code }`, or what is wrong with it in the words the agent or model reads. */
export function readExecuteArguments(args: unknown): ExecuteArguments {
  const code = typeof args === 'object' && args !== null ? (args as { code?: unknown }).code : undefined;
  try {
    return { ok: true, request: validateRunRequest({ code }) };
  } catch (error) {
    return {
      ok: false,
      message: `the execute tool needs { code: string }: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
