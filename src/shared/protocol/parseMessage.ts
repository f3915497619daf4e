import { checkRuntimeOptions } from '../runtimeOptions';
import { checkTransportSafe, describeTransportUnsafe } from '../transportSafe';
import { findTooDeepNesting } from '../findTooDeepNesting';
import { DEFAULT_MAX_MESSAGE_BYTES, MAX_MESSAGE_DEPTH } from './limits';
import type {
  CancelMessage,
  DoneMessage,
  ExecuteMessage,
  HostToRunnerMessage,
  RunnerToHostMessage,
  StartedMessage,
  ToolCallMessage,
  ToolResultMessage,
} from './messages';
import {
  expectId,
  expectObject,
  expectOnlyKeys,
  expectOutcome,
  expectString,
  type Fields,
  MalformedMessage,
} from './messageFields';
import { parseProviderManifests } from './parseProviderManifests';
import { utf8ByteLength } from './utf8ByteLength';

export { DEFAULT_MAX_MESSAGE_BYTES } from './limits';
export { encodeMessage } from './encodeMessage';

/** Why a message was refused, as the parser knows it (the reason words it for people). */
export type ParseProblem =
  'too_large' | 'too_deep' | 'not_json' | 'unknown_type' | 'wrong_direction' | 'invalid';

export type ParseResult<T> = { ok: true; message: T } | { ok: false; reason: string; problem: ParseProblem };

type ParseFailure = { ok: false; reason: string; problem: ParseProblem };

export interface ParseMessageOptions {
  /** Largest accepted message as UTF-8 JSON text (default 32 MiB); estimated for decoded values. */
  maxBytes?: number;
  /** Deepest accepted nesting of the message including its payload (default MAX_MESSAGE_DEPTH, 513). */
  maxDepth?: number;
  /**
   * `raw` is an object this process built and handed over by reference (the in-process executor's
   * host session): an `execute` is then checked field by field and against `maxBytes`, but not
   * walked for getters, cycles or foreign prototypes, since nothing in it was decoded. Every other
   * message is walked as usual (a tool_result carries whatever a provider returned).
   */
  builtInProcess?: boolean;
}

const HOST_TYPES = ['execute', 'cancel', 'tool_result'];
const RUNNER_TYPES = ['started', 'tool_call', 'done'];

function parseExecute(fields: Fields): ExecuteMessage {
  expectOnlyKeys(fields, 'execute', ['type', 'id', 'code', 'options', 'providers']);
  const id = expectId(fields, 'id', 'execute');
  const code = expectString(fields, 'code', 'execute');
  const options = checkRuntimeOptions(expectObject(fields.options, 'execute.options'), { requireAll: true });
  if (!options.ok) throw new MalformedMessage(`execute.options: ${options.reason}`);
  const providers = parseProviderManifests(fields.providers, 'execute.providers');
  return { type: 'execute', id, code, options: options.options, providers };
}

function parseCancel(fields: Fields): CancelMessage {
  expectOnlyKeys(fields, 'cancel', ['type', 'id']);
  return { type: 'cancel', id: expectId(fields, 'id', 'cancel') };
}

function parseToolResult(fields: Fields): ToolResultMessage {
  expectOnlyKeys(fields, 'tool_result', ['type', 'callId', 'ok', 'result', 'error']);
  const callId = expectId(fields, 'callId', 'tool_result');
  return { type: 'tool_result', callId, ...expectOutcome(fields, 'tool_result') };
}

function parseStarted(fields: Fields): StartedMessage {
  expectOnlyKeys(fields, 'started', ['type', 'id']);
  return { type: 'started', id: expectId(fields, 'id', 'started') };
}

function parseToolCall(fields: Fields): ToolCallMessage {
  expectOnlyKeys(fields, 'tool_call', ['type', 'callId', 'providerName', 'safeToolName', 'input']);
  const message: ToolCallMessage = {
    type: 'tool_call',
    callId: expectId(fields, 'callId', 'tool_call'),
    providerName: expectId(fields, 'providerName', 'tool_call'),
    safeToolName: expectId(fields, 'safeToolName', 'tool_call'),
  };
  if (fields.input !== undefined) message.input = fields.input;
  return message;
}

function parseDone(fields: Fields): DoneMessage {
  expectOnlyKeys(fields, 'done', ['type', 'id', 'ok', 'durationMs', 'logs', 'result', 'error']);
  const id = expectId(fields, 'id', 'done');
  const durationMs = fields.durationMs;
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0) {
    throw new MalformedMessage('done.durationMs must be a finite number >= 0');
  }
  const logs = fields.logs;
  if (!Array.isArray(logs)) throw new MalformedMessage('done.logs must be an array of strings');
  const badLine = logs.findIndex((line) => typeof line !== 'string');
  if (badLine !== -1) throw new MalformedMessage(`done.logs[${badLine}] must be a string`);
  return { type: 'done', id, durationMs, logs: logs as string[], ...expectOutcome(fields, 'done') };
}

const PARSERS: Record<string, (fields: Fields) => HostToRunnerMessage | RunnerToHostMessage> = {
  execute: parseExecute,
  cancel: parseCancel,
  tool_result: parseToolResult,
  started: parseStarted,
  tool_call: parseToolCall,
  done: parseDone,
};

/** Whether an execute built in this process could be over `maxBytes` as JSON (a cheap upper bound). */
function mayExceed(message: ExecuteMessage, maxBytes: number): boolean {
  // A UTF-16 code unit takes at most 6 bytes in JSON text (\uXXXX); the fixed fields take far less than 4 KiB.
  let units = message.code.length + message.id.length;
  for (const provider of message.providers) {
    units += provider.name.length + provider.types.length;
    for (const tool of Object.values(provider.tools))
      units += tool.safeName.length * 2 + tool.originalName.length + (tool.description?.length ?? 0) + 64;
  }
  return units * 6 + 4096 > maxBytes;
}

function overLimit(size: number, maxBytes: number): ParseFailure {
  return {
    ok: false,
    reason: `message is ${size} bytes, over the ${maxBytes}-byte limit`,
    problem: 'too_large',
  };
}

function isExecuteObject(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'execute';
}

function parseDirected<T>(
  raw: unknown,
  options: ParseMessageOptions,
  expected: readonly string[],
  direction: string,
): ParseResult<T> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const maxDepth = options.maxDepth ?? MAX_MESSAGE_DEPTH;
  try {
    let value = raw;
    const builtExecute = options.builtInProcess === true && isExecuteObject(raw);
    if (typeof raw === 'string') {
      // A UTF-16 string never takes fewer UTF-8 bytes than it has code units.
      const size = raw.length > maxBytes ? raw.length : utf8ByteLength(raw);
      if (size > maxBytes) return overLimit(size, maxBytes);
      if (findTooDeepNesting(raw, maxDepth) !== undefined)
        return { ok: false, reason: `message is nested deeper than ${maxDepth} levels`, problem: 'too_deep' };
      try {
        value = JSON.parse(raw);
      } catch (error) {
        return {
          ok: false,
          reason: `message is not valid JSON: ${(error as Error).message}`,
          problem: 'not_json',
        };
      }
    } else if (!builtExecute) {
      // A decoded value may hold anything (getters, cycles, class instances): walk all of it.
      const safe = checkTransportSafe(raw, {
        rootName: 'message',
        maxDepth,
        maxBytes,
        allowUndefinedRoot: false,
      });
      if (!safe.ok) return { ok: false, reason: describeTransportUnsafe(safe), problem: 'invalid' };
    }
    const fields = expectObject(value, 'message');
    const type = fields.type;
    if (typeof type !== 'string')
      return { ok: false, reason: 'message.type must be a string', problem: 'unknown_type' };
    if (!expected.includes(type)) {
      const known = HOST_TYPES.includes(type) || RUNNER_TYPES.includes(type);
      return {
        ok: false,
        reason: known
          ? `message type ${JSON.stringify(type)} is not valid ${direction}`
          : `unknown message type ${JSON.stringify(type)}`,
        problem: known ? 'wrong_direction' : 'unknown_type',
      };
    }
    const message = PARSERS[type]!(fields);
    if (builtExecute && mayExceed(message as ExecuteMessage, maxBytes)) {
      const size = utf8ByteLength(JSON.stringify(message));
      if (size > maxBytes) return overLimit(size, maxBytes);
    }
    return { ok: true, message: message as T };
  } catch (error) {
    if (error instanceof MalformedMessage) return { ok: false, reason: error.reason, problem: 'invalid' };
    return {
      ok: false,
      reason: `message could not be read: ${error instanceof Error ? error.message : String(error)}`,
      problem: 'invalid',
    };
  }
}

/**
 * Strictly parses a message the host sent to a runner (execute, cancel, tool_result). `raw` is JSON
 * text or an already-decoded value (structured clone). Never throws.
 */
export function parseHostMessage(
  raw: unknown,
  options: ParseMessageOptions = {},
): ParseResult<HostToRunnerMessage> {
  return parseDirected(raw, options, HOST_TYPES, 'from the host');
}

/** Strictly parses a message a runner sent to the host (started, tool_call, done). Never throws. */
export function parseRunnerMessage(
  raw: unknown,
  options: ParseMessageOptions = {},
): ParseResult<RunnerToHostMessage> {
  return parseDirected(raw, options, RUNNER_TYPES, 'from a runner');
}
