/**
 * Thrown by a host service when a write was based on an older revision than the one it would
 * replace (another tab, window or program wrote first); becomes a `conflict` response, and nothing
 * was written.
 */
export class WriteConflictError extends Error {
  override readonly name = 'WriteConflictError';
}
