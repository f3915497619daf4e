import { quoteCommandWord } from './quoteCommandWord';

/**
 * The runner a transcript was recorded on, when it was not one of this app's own: a program started
 * with a command (a tap's `-- CMD`, a command runner), or a remote runner at a URL. A replay uses it.
 */
export type RunnerRef =
  | { kind: 'command'; command: string; args: string[]; /** Absolute folder it started in. */ cwd?: string }
  | { kind: 'remote'; url: string };

/** The runner in words: `python3 runner.py` (its words quoted as a shell would need), or the URL. */
export function describeRunnerRef(ref: RunnerRef): string {
  return ref.kind === 'remote' ? ref.url : [ref.command, ...ref.args].map(quoteCommandWord).join(' ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with `value` as a RunnerRef (a reason after its name: ` must be …`), or undefined. */
export function runnerRefProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return ' must be an object';
  if (value.kind === 'remote') {
    if (typeof value.url !== 'string' || !/^wss?:\/\/\S+$/.test(value.url))
      return '.url must be a ws:// or wss:// URL';
    return undefined;
  }
  if (value.kind !== 'command') return '.kind must be "command" or "remote"';
  if (typeof value.command !== 'string' || value.command === '') return '.command must be a non-empty string';
  if (!Array.isArray(value.args) || !value.args.every((arg) => typeof arg === 'string'))
    return '.args must be an array of strings';
  if (value.cwd !== undefined && (typeof value.cwd !== 'string' || value.cwd === ''))
    return '.cwd must be a non-empty string when present';
  return undefined;
}
