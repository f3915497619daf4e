import type { CommandRunnerChoice, ExecutorChoice, RunRequest } from '../../../shared/api/runs';
import {
  RUNTIME_OPTION_NAMES,
  runtimeOptionProblem,
  type ExecutorRuntimeOptions,
  type RuntimeOptionName,
} from '../../../shared/runtimeOptions';
import { codeTooLargeReason } from '../../../shared/api/codeSizeLimit';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validateLimits(value: unknown): Partial<ExecutorRuntimeOptions> {
  if (!isRecord(value)) throw new InvalidArgumentError('request.limits must be an object');
  const limits: Partial<ExecutorRuntimeOptions> = {};
  for (const [key, limit] of Object.entries(value)) {
    if (!(RUNTIME_OPTION_NAMES as readonly string[]).includes(key)) {
      throw new InvalidArgumentError(
        `request.limits.${key} is not a known limit (${RUNTIME_OPTION_NAMES.join(', ')})`,
      );
    }
    if (limit === undefined) continue;
    const name = key as RuntimeOptionName;
    const problem = runtimeOptionProblem(name, limit);
    if (problem) throw new InvalidArgumentError(`request.limits.${name} ${problem}`);
    limits[name] = limit as number;
  }
  return limits;
}

/** Checks an ExecutorChoice from the untrusted renderer or the workspace file. */
export function validateExecutorChoice(value: unknown, where = 'request.executor'): ExecutorChoice {
  if (!isRecord(value)) throw new InvalidArgumentError(`${where} must be an object`);
  const { kind } = value;
  if (kind === 'process' || kind === 'worker') {
    const { mode } = value;
    if (mode !== 'pooled' && mode !== 'ephemeral') {
      throw new InvalidArgumentError(`${where}.mode must be 'pooled' or 'ephemeral'`);
    }
    return { kind, mode };
  }
  if (kind === 'remote') {
    const { url, tokenSecret } = value;
    if (typeof url !== 'string' || !/^wss?:\/\/[^\s]+$/.test(url)) {
      throw new InvalidArgumentError(`${where}.url must be a ws:// or wss:// URL`);
    }
    if (tokenSecret !== undefined && (typeof tokenSecret !== 'string' || tokenSecret === '')) {
      throw new InvalidArgumentError(`${where}.tokenSecret must be a secret name`);
    }
    return tokenSecret === undefined ? { kind, url } : { kind, url, tokenSecret };
  }
  if (kind === 'command') return validateCommandRunner(value, where);
  throw new InvalidArgumentError(`${where}.kind must be 'process', 'worker', 'remote' or 'command'`);
}

/** A text a process can be started with: not empty, no NUL character (no argv can hold one). */
function commandText(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '')
    throw new InvalidArgumentError(`${where} must be a non-empty string`);
  if (value.includes('\0')) throw new InvalidArgumentError(`${where} must not contain a NUL character`);
  return value;
}

function validateCommandRunner(value: Record<string, unknown>, where: string): CommandRunnerChoice {
  const known = new Set(['kind', 'command', 'args', 'cwd', 'mode']);
  const unknown = Object.keys(value).find((key) => !known.has(key));
  if (unknown !== undefined)
    throw new InvalidArgumentError(
      `${where}.${unknown} is not a field of a command runner (command, args, cwd, mode)`,
    );
  const command = commandText(value.command, `${where}.command`);
  const { args, cwd, mode } = value;
  if (mode !== 'pooled' && mode !== 'ephemeral')
    throw new InvalidArgumentError(`${where}.mode must be 'pooled' or 'ephemeral'`);
  const choice: CommandRunnerChoice = { kind: 'command', command, mode };
  if (args !== undefined) {
    if (!Array.isArray(args)) throw new InvalidArgumentError(`${where}.args must be an array of strings`);
    choice.args = args.map((arg: unknown, index) => {
      if (typeof arg !== 'string') throw new InvalidArgumentError(`${where}.args[${index}] must be a string`);
      if (arg.includes('\0'))
        throw new InvalidArgumentError(`${where}.args[${index}] must not contain a NUL character`);
      return arg;
    });
  }
  if (cwd !== undefined) choice.cwd = commandText(cwd, `${where}.cwd`);
  return choice;
}

/** Every field the renderer sends is checked here: the renderer is untrusted. */
export function validateRunRequest(value: unknown): RunRequest {
  if (!isRecord(value)) throw new InvalidArgumentError('request must be an object');
  const { code, snippetId, limits, executor } = value;
  if (typeof code !== 'string') throw new InvalidArgumentError('request.code must be a string');
  const tooLarge = codeTooLargeReason(code);
  if (tooLarge) throw new InvalidArgumentError(`request.code: ${tooLarge}`);
  const request: RunRequest = { code };
  if (snippetId !== undefined) {
    if (typeof snippetId !== 'string') throw new InvalidArgumentError('request.snippetId must be a string');
    request.snippetId = snippetId;
  }
  if (limits !== undefined) request.limits = validateLimits(limits);
  if (executor !== undefined) request.executor = validateExecutorChoice(executor);
  return request;
}
