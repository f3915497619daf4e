import type { TpmjsToolErrorCode } from './tpmjsErrors';

/**
 * What the executor sends its per-call child: data only, never code. It travels as one JSON line on
 * the child's file descriptor 3, and the answer comes back the same way.
 */
export interface ToolChildRequest {
  /** The install folder whose node_modules holds the package. */
  prefix: string;
  packageName: string;
  name: string;
  params: Record<string, unknown>;
  toolCallId: string;
  /** The request's environment variables, set in process.env before the package loads. */
  env: Record<string, string>;
  /** The longest output (its JSON, in bytes) the executor accepts. */
  maxOutputBytes: number;
}

/** The child's one answer, one JSON line. `output` is omitted when the tool returned undefined. */
export type ToolChildAnswer =
  { ok: true; output?: unknown } | { ok: false; code: TpmjsToolErrorCode; message: string };

/** The file descriptor the request and the answer travel on (a socket pair, so both ways). */
export const TOOL_CHANNEL_FD = 3;
