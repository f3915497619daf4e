import { UsageError } from './commandLine';
import { checkRuntimeOptions, type ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';

const FLAG_OF_OPTION: Record<keyof ExecutorRuntimeOptions, string> = {
  timeoutMs: '--timeout',
  memoryLimitBytes: '--memory',
  maxLogLines: '--max-log-lines',
  maxLogChars: '--max-log-chars',
};

/** The `parseArgs` options every command that runs guest code accepts. */
export const RUNTIME_LIMIT_OPTIONS = {
  timeout: { type: 'string' },
  memory: { type: 'string' },
  'max-log-lines': { type: 'string' },
  'max-log-chars': { type: 'string' },
} as const;

export const RUNTIME_LIMIT_USAGE = '[--timeout MS] [--memory BYTES] [--max-log-lines N] [--max-log-chars N]';

function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number (got '${text}')`);
  return Number(text);
}

/** `--memory 67108864`, or with a binary suffix: `64MiB`, `512KiB`, `1GiB` (also k/m/g). */
function byteSize(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\s*(k|kib|m|mib|g|gib|b)?$/i.exec(text);
  if (!match) throw new UsageError(`--memory must be a byte count such as 67108864 or 64MiB (got '${text}')`);
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const scale = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  return Number(match[1]) * scale;
}

type LimitFlagValues = { [K in keyof typeof RUNTIME_LIMIT_OPTIONS]?: string };

/** Only the limits given on the command line, checked against the same bounds as everywhere else. */
export function parseRuntimeLimitFlags(values: LimitFlagValues): Partial<ExecutorRuntimeOptions> {
  const given: Partial<ExecutorRuntimeOptions> = {};
  const set = (key: keyof ExecutorRuntimeOptions, value: number | undefined) => {
    if (value !== undefined) given[key] = value;
  };
  set('timeoutMs', wholeNumber('--timeout', values.timeout));
  set('memoryLimitBytes', byteSize(values.memory));
  set('maxLogLines', wholeNumber('--max-log-lines', values['max-log-lines']));
  set('maxLogChars', wholeNumber('--max-log-chars', values['max-log-chars']));
  const check = checkRuntimeOptions(given);
  if (!check.ok) {
    const flag = check.option ? FLAG_OF_OPTION[check.option as keyof ExecutorRuntimeOptions] : undefined;
    throw new UsageError(flag ? `${flag}: ${check.reason}` : check.reason);
  }
  return given;
}
