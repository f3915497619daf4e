/** `execbox run` starts from one code-cached bundle beside cli.js (see scripts/bundleCli.ts). */
export const CLI_LOADER_FILE = 'execbox-cli.cjs';
export const CLI_BUNDLE_FILE = 'execbox-cli-bundle.cjs';
export const CLI_CODE_CACHE_FILE = 'execbox-cli-bundle.cache';
/** Set only by the build: where the CLI writes its bundle's code cache at exit (and sets no V8 flag). */
export const CLI_CODE_CACHE_OUT_ENV = 'EXECBOX_CLI_CODE_CACHE_OUT';
