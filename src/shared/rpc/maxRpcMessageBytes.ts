/** Largest browser-mode message either way, as UTF-8: room for a big program or provider config, bounded for the host's memory. */
export const MAX_RPC_MESSAGE_BYTES = 16 * 1024 * 1024;
