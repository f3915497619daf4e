/** Largest protocol message accepted, measured as UTF-8 JSON text: 32 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
