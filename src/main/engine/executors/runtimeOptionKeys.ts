/** ExecutionOptions keys that are not runtime options. */
export const RUNTIME_OPTION_IGNORED_KEYS = ['signal', 'hooks'] as const;
