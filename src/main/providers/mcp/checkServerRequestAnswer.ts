import type {
  ElicitationAnswer,
  SamplingAnswer,
  ServerRequestAnswer,
  ServerRequestKind,
} from '../../../shared/api/providers';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { compileSchemaValidator } from '../../engine/core/compileSchemaValidator';

const MAX_TEXT_CHARS = 1_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidArgumentError(`${where} must be a string`);
  if (value.length > MAX_TEXT_CHARS)
    throw new InvalidArgumentError(`${where} is longer than ${MAX_TEXT_CHARS} characters`);
  return value;
}

/** An elicitation's accepted content: flat string/number/boolean/string[] values that fit the schema. */
function checkContent(value: unknown, requestedSchema: Record<string, unknown> | undefined) {
  if (!isRecord(value)) throw new InvalidArgumentError('answer.content must be an object of the form fields');
  for (const [key, field] of Object.entries(value)) {
    const flat =
      typeof field === 'string' ||
      typeof field === 'boolean' ||
      (typeof field === 'number' && Number.isFinite(field)) ||
      (Array.isArray(field) && field.every((item) => typeof item === 'string'));
    if (!flat)
      throw new InvalidArgumentError(
        `answer.content.${key} must be a string, a number, a boolean or a list of strings`,
      );
  }
  if (requestedSchema) {
    let validate;
    try {
      validate = compileSchemaValidator(requestedSchema, 'answer');
    } catch (error) {
      throw new InvalidArgumentError(
        `the server's requested schema cannot be checked: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const problem = validate(value);
    if (problem) throw new InvalidArgumentError(`the answer does not fit the requested form: ${problem}`);
  }
  return value as Extract<ElicitationAnswer, { action: 'accept' }>['content'];
}

/**
 * Checks an answer to a server's request (from the renderer or a workspace rule) against the
 * request's kind and, for an accepted elicitation, against the schema the server asked for.
 * Throws InvalidArgumentError with a sentence that names the field.
 */
export function checkServerRequestAnswer(
  kind: ServerRequestKind,
  value: unknown,
  requestedSchema?: Record<string, unknown>,
): ServerRequestAnswer {
  if (!isRecord(value)) throw new InvalidArgumentError('answer must be an object with an action');
  const action = value.action;
  if (kind === 'elicitation') {
    if (action === 'decline' || action === 'cancel') return { action };
    if (action !== 'accept')
      throw new InvalidArgumentError('answer.action must be "accept", "decline" or "cancel"');
    return { action, content: checkContent(value.content, requestedSchema) };
  }
  if (action === 'decline') {
    const message = optionalString(value.message, 'answer.message');
    return message === undefined ? { action } : { action, message };
  }
  if (action !== 'accept')
    throw new InvalidArgumentError('answer.action must be "accept" or "decline" for a sampling request');
  const text = optionalString(value.text, 'answer.text');
  if (text === undefined) throw new InvalidArgumentError('answer.text must be the completion text');
  const model = optionalString(value.model, 'answer.model');
  const stopReason = optionalString(value.stopReason, 'answer.stopReason');
  const answer: SamplingAnswer = { action, text };
  if (model !== undefined) answer.model = model;
  if (stopReason !== undefined) answer.stopReason = stopReason;
  return answer;
}
