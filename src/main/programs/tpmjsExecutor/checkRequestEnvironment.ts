import { TpmjsError } from './tpmjsErrors';

/**
 * Variables a request may not set because they change how Node, the dynamic loader or a program the
 * tool starts loads code: with them a caller could run code of its own choosing without publishing a
 * package (NODE_OPTIONS=--import=data:…, LD_PRELOAD, BASH_ENV, …). Names are compared upper-cased,
 * since Windows treats environment names case-insensitively.
 */
const REFUSED_PREFIXES: readonly [prefix: string, why: string][] = [
  ['NODE_', 'it changes how Node starts, loads modules or trusts certificates'],
  ['NPM_CONFIG_', 'it changes how npm installs and runs scripts'],
  ['ELECTRON_', "it changes how Electron's binary runs"],
  ['UV_', "it changes Node's I/O layer"],
  ['LD_', 'it changes how the dynamic loader loads libraries'],
  ['DYLD_', 'it changes how the macOS dynamic loader loads libraries'],
  ['BASH_FUNC_', 'it defines shell functions in every bash the tool starts'],
  ['PYTHON', 'it changes how Python starts and loads modules'],
  ['PERL', 'it changes how Perl starts and loads modules'],
  ['RUBY', 'it changes how Ruby starts and loads modules'],
  ['GIT_', 'it changes which programs git runs'],
  ['OPENSSL_', 'it makes OpenSSL load configuration and engines'],
];

const REFUSED_NAMES: Readonly<Record<string, string>> = {
  BASH_ENV: 'bash runs the file it names before every script',
  ENV: 'sh runs the file it names when it starts',
  SHELLOPTS: 'it changes how every bash the tool starts behaves',
  BASHOPTS: 'it changes how every bash the tool starts behaves',
  PS4: 'bash evaluates it while tracing',
  PROMPT_COMMAND: 'bash runs it',
  GCONV_PATH: 'glibc loads character-set modules from it',
  JAVA_TOOL_OPTIONS: 'the JVM reads options (agents) from it',
  _JAVA_OPTIONS: 'the JVM reads options (agents) from it',
  JDK_JAVA_OPTIONS: 'the JVM reads options (agents) from it',
  SSL_CERT_FILE: 'it replaces the certificates TLS connections trust',
  SSL_CERT_DIR: 'it replaces the certificates TLS connections trust',
  MALLOC_CONF: 'it configures the memory allocator',
  GLIBC_TUNABLES: 'it configures glibc (and has been used to exploit the loader)',
};

/** Why the variable `name` is refused, or undefined when a request may set it. */
export function refusedEnvironmentReason(name: string): string | undefined {
  const upper = name.toUpperCase();
  const exact = REFUSED_NAMES[upper];
  if (exact) return exact;
  return REFUSED_PREFIXES.find(([prefix]) => upper.startsWith(prefix))?.[1];
}

/** Refuses (400) a request whose `env` names a variable that would change how code is loaded. */
export function checkRequestEnvironment(env: Record<string, string>): void {
  const reasons = Object.keys(env).flatMap((name) => {
    const why = refusedEnvironmentReason(name);
    return why ? [`body.env.${name} is not allowed: ${why}`] : [];
  });
  if (reasons.length > 0) {
    throw new TpmjsError('INVALID_REQUEST', `invalid request: ${reasons.join('; ')}`, 400);
  }
}
