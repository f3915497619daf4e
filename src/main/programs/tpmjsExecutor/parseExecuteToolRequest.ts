import Ajv from 'ajv';
import { checkRequestEnvironment } from './checkRequestEnvironment';
import { isVersionSpec } from '../../../shared/isVersionSpec';
import { TpmjsError } from './tpmjsErrors';

export interface ExecuteToolRequest {
  packageName: string;
  version: string;
  name: string;
  params: Record<string, unknown>;
  env: Record<string, string>;
}

/** npm's naming rules: lowercase URL-safe characters, an optional scope, at most 214 characters. */
const PACKAGE_NAME_PATTERN = '^(?=.{1,214}$)(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$';

const PATTERN_MESSAGES: Record<string, string> = {
  '/packageName': 'must be a valid npm package name (lowercase, optionally @scope/name)',
};

const schema = {
  type: 'object',
  required: ['packageName', 'name'],
  properties: {
    packageName: { type: 'string', pattern: PACKAGE_NAME_PATTERN },
    version: { type: 'string', maxLength: 100 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    params: { type: 'object' },
    env: {
      type: 'object',
      propertyNames: { pattern: '^[^=\\u0000]+$' },
      additionalProperties: { type: 'string', pattern: '^[^\\u0000]*$' },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile(schema);

/** Validates a POST /execute-tool body; a bad one is a 400 whose message names each offending field. */
export function parseExecuteToolRequest(body: unknown): ExecuteToolRequest {
  if (!validate(body)) {
    const reasons = (validate.errors ?? []).map((e) => {
      const where = e.instancePath ? `body${e.instancePath.replaceAll('/', '.')}` : 'body';
      const message = e.keyword === 'pattern' ? (PATTERN_MESSAGES[e.instancePath] ?? e.message) : e.message;
      return `${where} ${message ?? 'is invalid'}`;
    });
    throw new TpmjsError('INVALID_REQUEST', `invalid request: ${reasons.join('; ')}`, 400);
  }
  const input = body as {
    packageName: string;
    version?: string;
    name: string;
    params?: Record<string, unknown>;
    env?: Record<string, string>;
  };
  if (input.version !== undefined && input.version.trim() !== '' && !isVersionSpec(input.version.trim())) {
    const message = `invalid request: body.version must be a dist-tag, a version or an npm version range, not '${input.version}'`;
    throw new TpmjsError('INVALID_REQUEST', message, 400);
  }
  checkRequestEnvironment(input.env ?? {});
  return {
    packageName: input.packageName,
    version: input.version?.trim() || 'latest',
    name: input.name,
    params: input.params ?? {},
    env: input.env ?? {},
  };
}
