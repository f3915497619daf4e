import type {
  ConformanceRunRequest,
  ConformanceTarget,
  LocalExecutorStartOptions,
} from '../../../shared/api/network';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

const MAX_TEXT = 4096;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, where: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TEXT) {
    throw new InvalidArgumentError(`${where} must be a non-empty string of at most ${MAX_TEXT} characters`);
  }
  return value;
}

function onlyKeys(value: Record<string, unknown>, where: string, keys: string[]): void {
  const extra = Object.keys(value).find((key) => !keys.includes(key));
  if (extra) throw new InvalidArgumentError(`${where}.${extra} is not a known field (${keys.join(', ')})`);
}

function target(value: unknown): ConformanceTarget {
  if (!isRecord(value)) throw new InvalidArgumentError('request.target must be an object');
  switch (value.kind) {
    case 'builtin':
      onlyKeys(value, 'request.target', ['kind']);
      return { kind: 'builtin' };
    case 'stdio':
      onlyKeys(value, 'request.target', ['kind', 'command']);
      return { kind: 'stdio', command: text(value.command, 'request.target.command')! };
    case 'ws': {
      onlyKeys(value, 'request.target', ['kind', 'url', 'token']);
      const url = text(value.url, 'request.target.url')!;
      if (!/^wss?:\/\//i.test(url))
        throw new InvalidArgumentError('request.target.url must start with ws:// or wss://');
      const token = text(value.token, 'request.target.token', true);
      return token ? { kind: 'ws', url, token } : { kind: 'ws', url };
    }
    default:
      throw new InvalidArgumentError("request.target.kind must be 'builtin', 'stdio' or 'ws'");
  }
}

/** Checks a conformance run request from the (untrusted) renderer. */
export function validateConformanceRunRequest(value: unknown): ConformanceRunRequest {
  if (!isRecord(value)) throw new InvalidArgumentError('request must be an object');
  onlyKeys(value, 'request', ['target', 'caseIds']);
  const request: ConformanceRunRequest = { target: target(value.target) };
  if (value.caseIds !== undefined) {
    if (!Array.isArray(value.caseIds) || value.caseIds.some((id) => typeof id !== 'string')) {
      throw new InvalidArgumentError('request.caseIds must be an array of case ids');
    }
    request.caseIds = value.caseIds as string[];
  }
  return request;
}

/** Checks the options for starting the local TPMJS executor. */
export function validateLocalExecutorOptions(value: unknown): LocalExecutorStartOptions {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new InvalidArgumentError('options must be an object');
  onlyKeys(value, 'options', ['port', 'registry', 'apiKeySecret']);
  const options: LocalExecutorStartOptions = {};
  if (value.port !== undefined) {
    if (!Number.isInteger(value.port) || (value.port as number) < 0 || (value.port as number) > 65535) {
      throw new InvalidArgumentError('options.port must be a whole number from 0 to 65535');
    }
    options.port = value.port as number;
  }
  const registry = text(value.registry, 'options.registry', true);
  if (registry) {
    if (!/^https?:\/\//i.test(registry))
      throw new InvalidArgumentError('options.registry must be an http:// or https:// URL');
    options.registry = registry;
  }
  const apiKeySecret = text(value.apiKeySecret, 'options.apiKeySecret', true);
  if (apiKeySecret) options.apiKeySecret = apiKeySecret;
  return options;
}
