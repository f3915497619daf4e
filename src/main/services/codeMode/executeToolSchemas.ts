import { EXECUTE_ERROR_CODES } from '../../../shared/errors';

export const EXECUTE_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    code: {
      type: 'string',
      description: 'The body of an async JavaScript function; `return` the value you want back.',
    },
  },
  required: ['code'],
  additionalProperties: false,
} as const;

/** The ExecuteResult, as `structuredContent` carries it. */
export const EXECUTE_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    result: { description: 'What the code returned (absent when it returned undefined).' },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: [...EXECUTE_ERROR_CODES] },
        message: { type: 'string', description: 'The text thrown or provided, as it was.' },
        name: { type: 'string', description: "The thrown error's name (TypeError, SyntaxError, …)." },
        line: { type: 'integer', minimum: 1, description: 'The line of the code where it happened.' },
        column: { type: 'integer', minimum: 1, description: 'The column, beside line (syntax errors).' },
        tool: { type: 'string', description: 'The tool (namespace.tool) whose call failed.' },
      },
      required: ['code', 'message'],
    },
    logs: { type: 'array', items: { type: 'string' } },
    durationMs: { type: 'number' },
  },
  required: ['ok', 'logs', 'durationMs'],
} as const;

export const TYPINGS_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    providers: {
      type: 'array',
      items: { type: 'string' },
      description: 'Provider namespaces whose declarations you want.',
    },
    tools: {
      type: 'array',
      items: { type: 'string' },
      description: 'Single tools as namespace.tool.',
    },
  },
  additionalProperties: false,
} as const;
