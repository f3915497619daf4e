import { MCP_LOG_LEVELS } from '../../../shared/api/providers';
import { EXECUTE_ERROR_CODES } from '../../../shared/errors';
import { CANCEL_REASONS } from '../../../shared/runOutcome';
import { RUNTIME_OPTION_NAMES } from '../../../shared/runtimeOptions';
import { WORKSPACE_FORMAT_VERSION } from '../../../shared/workspaceFormat';
import { RUNTIME_OPTION_RANGES, type RuntimeOptionName } from '../../../shared/runtimeOptions';

const identifier = { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' };
const id = { type: 'string', minLength: 1, maxLength: 200 };
const jsonSchema = { type: ['object', 'boolean'] };
const secretRef = { type: 'string', pattern: '^\\$\\{secret:[A-Za-z_][A-Za-z0-9_]*\\}$' };
const stringRecord = { type: 'object', additionalProperties: { type: 'string' } };
const errorCode = { enum: [...EXECUTE_ERROR_CODES] };
const httpUrl = { type: 'string', format: 'uri', pattern: '^https?://' };

const providerBase = {
  id,
  name: identifier,
  description: { type: 'string' },
  outputTypes: { type: 'object', additionalProperties: jsonSchema },
  askBeforeRunning: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
};

const mockOutcome = {
  oneOf: [
    { type: 'object', required: ['result'], additionalProperties: false, properties: { result: true } },
    {
      type: 'object',
      required: ['error'],
      additionalProperties: false,
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: false,
          properties: { code: errorCode, message: { type: 'string' } },
        },
      },
    },
  ],
};

/** A path plus exactly one operator. */
const mockCondition = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  minProperties: 2,
  maxProperties: 2,
  description: "needs 'path' and exactly one of 'equals', 'contains', 'matches', 'exists'",
  properties: {
    path: { type: 'string', pattern: '^(/.*)?$' },
    equals: true,
    contains: true,
    matches: { type: 'string' },
    exists: { type: 'boolean' },
  },
};

const mockResponse = {
  type: 'object',
  required: ['mode'],
  discriminator: { propertyName: 'mode' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['result'],
      properties: { mode: { const: 'fixed' }, result: true },
    },
    {
      additionalProperties: false,
      required: ['rules'],
      properties: {
        mode: { const: 'rules' },
        rules: {
          type: 'array',
          items: {
            type: 'object',
            required: ['when', 'then'],
            additionalProperties: false,
            properties: { when: { type: 'array', items: mockCondition }, then: mockOutcome },
          },
        },
        otherwise: mockOutcome,
      },
    },
    {
      additionalProperties: false,
      required: ['trusted', 'source'],
      properties: { mode: { const: 'handler' }, trusted: { const: true }, source: { type: 'string' } },
    },
    { additionalProperties: false, properties: { mode: { const: 'manual' } } },
  ],
};

const mockTool = {
  type: 'object',
  required: ['response'],
  additionalProperties: false,
  properties: {
    description: { type: 'string' },
    inputSchema: jsonSchema,
    outputSchema: jsonSchema,
    latencyMs: { type: 'integer', minimum: 0, maximum: 600_000 },
    response: mockResponse,
  },
};

const oauthSettings = {
  type: 'object',
  additionalProperties: false,
  properties: {
    clientId: { type: 'string', minLength: 1, maxLength: 1000 },
    clientSecret: { type: 'string', pattern: '^\\$\\{secret:[A-Za-z_][A-Za-z0-9_]*\\}$' },
    scope: { type: 'string', maxLength: 1000 },
  },
};

const mcpTransport = {
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['command'],
      properties: {
        type: { const: 'stdio' },
        command: { type: 'string', minLength: 1 },
        args: { type: 'array', items: { type: 'string' } },
        env: stringRecord,
        cwd: { type: 'string' },
      },
    },
    {
      additionalProperties: false,
      required: ['url'],
      properties: { type: { const: 'http' }, url: httpUrl, headers: stringRecord, oauth: oauthSettings },
    },
    {
      additionalProperties: false,
      required: ['url'],
      properties: { type: { const: 'sse' }, url: httpUrl, headers: stringRecord, oauth: oauthSettings },
    },
  ],
};

const ruleConditions = { type: 'array', items: mockCondition };

const elicitationAnswer = {
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['content'],
      properties: {
        action: { const: 'accept' },
        content: {
          type: 'object',
          description: 'the form fields: strings, numbers, booleans or lists of strings',
          additionalProperties: { type: ['string', 'number', 'boolean', 'array'], items: { type: 'string' } },
        },
      },
    },
    { additionalProperties: false, properties: { action: { const: 'decline' } } },
    { additionalProperties: false, properties: { action: { const: 'cancel' } } },
  ],
};

const samplingAnswer = {
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['text'],
      properties: {
        action: { const: 'accept' },
        text: { type: 'string' },
        model: { type: 'string', minLength: 1 },
        stopReason: { type: 'string', minLength: 1 },
      },
    },
    {
      additionalProperties: false,
      properties: { action: { const: 'decline' }, message: { type: 'string', minLength: 1 } },
    },
  ],
};

const ruleOf = (answer: object) => ({
  type: 'object',
  required: ['then'],
  additionalProperties: false,
  properties: { when: ruleConditions, then: answer },
});

/** Mock answers to an MCP server's elicitation and sampling requests. */
const serverRequests = {
  type: 'object',
  additionalProperties: false,
  properties: {
    elicitation: { type: 'array', items: ruleOf(elicitationAnswer) },
    sampling: { type: 'array', items: ruleOf(samplingAnswer) },
  },
};

const tpmjsTool = {
  oneOf: [
    { type: 'string', minLength: 1 },
    {
      type: 'object',
      required: ['ref'],
      additionalProperties: false,
      properties: {
        ref: { type: 'string', minLength: 1 },
        description: { type: 'string' },
        inputSchema: jsonSchema,
        outputSchema: jsonSchema,
      },
    },
  ],
};

const timeoutMs = { type: 'integer', minimum: 1, maximum: 3_600_000 };
const limitSchema = (name: RuntimeOptionName) => ({
  type: 'integer',
  minimum: RUNTIME_OPTION_RANGES[name].min,
  maximum: RUNTIME_OPTION_RANGES[name].max,
});

const provider = {
  type: 'object',
  required: ['id', 'name', 'kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['tools'],
      properties: {
        ...providerBase,
        kind: { const: 'mock' },
        tools: { type: 'object', additionalProperties: mockTool },
      },
    },
    {
      additionalProperties: false,
      required: ['transport'],
      properties: {
        ...providerBase,
        kind: { const: 'mcp' },
        transport: mcpTransport,
        requestTimeoutMs: timeoutMs,
        maxTotalTimeoutMs: timeoutMs,
        logLevel: { enum: [...MCP_LOG_LEVELS] },
        serverRequests,
      },
    },
    {
      additionalProperties: false,
      required: ['baseUrl', 'tools'],
      properties: {
        ...providerBase,
        kind: { const: 'tpmjs' },
        baseUrl: httpUrl,
        apiKey: secretRef,
        tools: { type: 'array', items: tpmjsTool },
        env: stringRecord,
        requestTimeoutMs: timeoutMs,
      },
    },
    {
      additionalProperties: false,
      required: ['path'],
      properties: { ...providerBase, kind: { const: 'module' }, path: { type: 'string', minLength: 1 } },
    },
  ],
};

/** One entry of `providers` (also how the host checks a provider config the renderer sends). */
export const PROVIDER_SCHEMA = { $id: 'https://execbox.dev/schemas/provider-v1.json', ...provider } as const;

const text = { type: 'string', maxLength: 2000 };
const runOrigin = {
  oneOf: [
    {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: { kind: { const: 'person' } },
    },
    {
      type: 'object',
      required: ['kind', 'clientName'],
      additionalProperties: false,
      properties: {
        kind: { const: 'agent' },
        clientName: text,
        clientVersion: text,
        session: text,
        timeoutMs: { type: 'number', minimum: 0 },
      },
    },
    {
      type: 'object',
      required: ['kind', 'against'],
      additionalProperties: false,
      properties: {
        kind: { const: 'replay' },
        against: { enum: ['recording', 'live'] },
        transcript: text,
        runner: text,
      },
    },
    {
      type: 'object',
      required: ['kind', 'clientName'],
      additionalProperties: false,
      properties: { kind: { const: 'tap' }, clientName: text, clientVersion: text },
    },
  ],
};
const ms = { type: 'number', minimum: 0 };
const runEndRecord = {
  type: 'object',
  required: ['result'],
  additionalProperties: false,
  properties: {
    result: {
      type: 'object',
      required: ['ok', 'durationMs'],
      additionalProperties: false,
      properties: {
        ok: { type: 'boolean' },
        durationMs: ms,
        error: {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: false,
          properties: {
            code: errorCode,
            message: { type: 'string' },
            name: text,
            line: { type: 'integer', minimum: 1 },
            column: { type: 'integer', minimum: 1 },
            tool: text,
          },
        },
      },
      if: { properties: { ok: { const: false } } },
      then: { required: ['error'] },
    },
    facts: {
      type: 'object',
      additionalProperties: false,
      properties: {
        cancelReason: { enum: [...CANCEL_REASONS] },
        wallMs: ms,
        guestMs: ms,
        heldMs: ms,
        timeoutMs: ms,
        memoryLimitBytes: ms,
        refusedOption: { enum: [...RUNTIME_OPTION_NAMES] },
        failedCall: {
          type: 'object',
          required: ['callId', 'providerName', 'toolName'],
          additionalProperties: false,
          properties: { callId: text, providerName: text, toolName: text, toolLimitMs: ms },
        },
      },
    },
  },
};

const executorChoice = {
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    {
      additionalProperties: false,
      required: ['mode'],
      properties: { kind: { const: 'process' }, mode: { enum: ['pooled', 'ephemeral'] } },
    },
    {
      additionalProperties: false,
      required: ['mode'],
      properties: { kind: { const: 'worker' }, mode: { enum: ['pooled', 'ephemeral'] } },
    },
    {
      additionalProperties: false,
      required: ['url'],
      properties: {
        kind: { const: 'remote' },
        url: { type: 'string', format: 'uri', pattern: '^wss?://' },
        tokenSecret: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      },
    },
    {
      additionalProperties: false,
      required: ['command', 'mode'],
      properties: {
        kind: { const: 'command' },
        command: { type: 'string', minLength: 1 },
        args: { type: 'array', items: { type: 'string' } },
        cwd: { type: 'string', minLength: 1 },
        mode: { enum: ['pooled', 'ephemeral'] },
      },
    },
  ],
};

/** The JSON Schema of a `*.execbox.json` workspace file (draft-07, validated with ajv). */
export const WORKSPACE_SCHEMA = {
  $id: 'https://execbox.dev/schemas/workspace-v1.json',
  type: 'object',
  required: ['formatVersion', 'name', 'providers', 'snippets'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    formatVersion: { const: WORKSPACE_FORMAT_VERSION },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    providers: { type: 'array', items: provider },
    snippets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'code'],
        additionalProperties: false,
        properties: { id, name: { type: 'string', minLength: 1, maxLength: 200 }, code: { type: 'string' } },
      },
    },
    activeSnippetId: { type: ['string', 'null'] },
    runtime: {
      type: 'object',
      additionalProperties: false,
      properties: {
        limits: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // The runner's own ranges, so a limit the file accepts never fails a run.
            timeoutMs: limitSchema('timeoutMs'),
            memoryLimitBytes: limitSchema('memoryLimitBytes'),
            maxLogLines: limitSchema('maxLogLines'),
            maxLogChars: limitSchema('maxLogChars'),
          },
        },
        executor: executorChoice,
      },
    },
    transcripts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'file'],
        additionalProperties: false,
        properties: {
          id,
          name: { type: 'string', minLength: 1 },
          file: { type: 'string', minLength: 1 },
          savedAt: { type: 'string' },
          origin: runOrigin,
          outcome: runEndRecord,
        },
      },
    },
  },
} as const;
