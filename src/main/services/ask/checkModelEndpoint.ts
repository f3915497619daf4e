import { MODEL_APIS, type ModelApi, type ModelEndpoint } from '../../../shared/api/ask';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { SECRET_NAME_PATTERN } from '../../secrets/SecretStore';

const MAX_NAME_CHARS = 80;
const MAX_MODEL_CHARS = 200;
const MAX_URL_CHARS = 2_000;
export const MAX_MODEL_TOKENS = 1_000_000;

function text(value: unknown, where: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidArgumentError(`${where} must be a non-empty string`);
  if (value.length > max) throw new InvalidArgumentError(`${where} is longer than ${max} characters`);
  return value.trim();
}

/** A base URL the SDKs can use: http or https, with no credentials in it (keys go in the secret store). */
export function checkBaseUrl(value: unknown, where = 'baseUrl'): string {
  const raw = text(value, where, MAX_URL_CHARS);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError(`${where} must be a URL such as http://127.0.0.1:11434/v1 (got '${raw}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError(`${where} must be an http:// or https:// URL (got '${url.protocol}')`);
  if (url.username || url.password)
    throw new InvalidArgumentError(
      `${where} must not carry a user or password: put the key in the secret store and name it as the key secret`,
    );
  return raw.replace(/\/+$/, '');
}

export function checkModelApi(value: unknown, where = 'api'): ModelApi {
  if (!(MODEL_APIS as readonly unknown[]).includes(value))
    throw new InvalidArgumentError(`${where} must be one of ${MODEL_APIS.join(', ')}`);
  return value as ModelApi;
}

/** Checks an endpoint from the page or the settings file; says what and where when it is wrong. */
export function checkModelEndpoint(value: unknown, where = 'model'): ModelEndpoint {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidArgumentError(`${where} must be an object`);
  const raw = value as Record<string, unknown>;
  const known = ['name', 'api', 'baseUrl', 'model', 'keySecret', 'stream', 'maxTokens'];
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `${where}.${unknown[0]} is not a setting of a model (${known.join(', ')})`,
    );
  const endpoint: ModelEndpoint = {
    name: text(raw.name, `${where}.name`, MAX_NAME_CHARS),
    api: checkModelApi(raw.api, `${where}.api`),
    baseUrl: checkBaseUrl(raw.baseUrl, `${where}.baseUrl`),
    model: text(raw.model, `${where}.model`, MAX_MODEL_CHARS),
  };
  if (raw.keySecret !== undefined && raw.keySecret !== '') {
    if (typeof raw.keySecret !== 'string' || !SECRET_NAME_PATTERN.test(raw.keySecret))
      throw new InvalidArgumentError(
        `${where}.keySecret must name a secret (letters, digits and underscores, not starting with a digit)`,
      );
    endpoint.keySecret = raw.keySecret;
  }
  if (raw.stream !== undefined) {
    if (typeof raw.stream !== 'boolean')
      throw new InvalidArgumentError(`${where}.stream must be true or false`);
    endpoint.stream = raw.stream;
  }
  if (raw.maxTokens !== undefined) {
    const tokens = raw.maxTokens;
    if (typeof tokens !== 'number' || !Number.isInteger(tokens) || tokens < 1 || tokens > MAX_MODEL_TOKENS)
      throw new InvalidArgumentError(
        `${where}.maxTokens must be a whole number from 1 to ${MAX_MODEL_TOKENS}`,
      );
    endpoint.maxTokens = tokens;
  }
  return endpoint;
}
