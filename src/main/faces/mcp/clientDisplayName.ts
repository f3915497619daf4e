/** A client's name is shown in run lists and names its transcripts: at most this long. */
export const MAX_CLIENT_NAME_CHARS = 100;

/**
 * The name an MCP client gave in its initialize, made fit for lists, logs and file names: control
 * characters become spaces and a long name is shortened (never refused, so every run is recorded).
 */
export function clientDisplayName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (name ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  if (plain === '') return 'an MCP client';
  return plain.length > MAX_CLIENT_NAME_CHARS ? `${plain.slice(0, MAX_CLIENT_NAME_CHARS - 1)}…` : plain;
}
