import type { TpmjsToolErrorCode } from './tpmjsErrors';

/** What the executor sends its per-call child: data only, never code. */
export interface ToolChildRequest {
  /** The install folder whose node_modules holds the package. */
  prefix: string;
  packageName: string;
  name: string;
  params: Record<string, unknown>;
  toolCallId: string;
  /** The request's environment variables, set in process.env before the package loads. */
  env: Record<string, string>;
}

/** The child's one answer. `outputJson` is omitted when the tool returned undefined. */
export type ToolChildAnswer =
  { ok: true; outputJson?: string } | { ok: false; code: TpmjsToolErrorCode; message: string };
