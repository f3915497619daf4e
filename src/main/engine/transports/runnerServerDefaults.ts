/** Largest protocol message a remote runner connection accepts either way (the parsers' own limit). */
export const DEFAULT_RUNNER_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_RUNNER_MAX_CONNECTIONS = 8;
export const RUNNER_TOKEN_ENV = 'EXECBOX_RUNNER_TOKEN';
