import type { DebugToolResult, PausePhase, ResumeAction } from '../../../shared/api/debug';
import { isExecuteErrorCode } from '../../../shared/errors';
import type { MessageDirection, ProtocolMessage } from '../../../shared/protocol/messages';
import { parseHostMessage, parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { checkTransportSafe, describeTransportUnsafe } from '../../../shared/transportSafe';

const ACTIONS_BY_PHASE: Record<PausePhase, readonly ResumeAction['action'][]> = {
  call: ['continue', 'step', 'edit_input', 'answer'],
  result: ['continue', 'step', 'edit_result'],
};

/** What a tap's held message allows: no hand-written answer (that would need a message the other way). */
const TAP_ACTIONS_BY_PHASE: Record<PausePhase, readonly ResumeAction['action'][]> = {
  call: ['continue', 'step', 'edit_input', 'edit_message', 'drop'],
  result: ['continue', 'step', 'edit_result', 'edit_message', 'drop'],
};

/**
 * Validates a resume action from the (untrusted) renderer for a call held in `phase`; `tapDirection`
 * is set when a tap holds the message between two real programs.
 */
export function checkResumeAction(
  value: unknown,
  phase: PausePhase,
  tapDirection?: MessageDirection,
): ResumeAction {
  const record = asRecord(value, 'the resume action');
  const action = record.action;
  const allowed = (tapDirection ? TAP_ACTIONS_BY_PHASE : ACTIONS_BY_PHASE)[phase];
  if (typeof action !== 'string' || !(allowed as readonly string[]).includes(action))
    throw new InvalidArgumentError(
      `action must be one of ${allowed.join(', ')} for a call held at its ${phase} (got ${JSON.stringify(action)})`,
    );
  const pauseOnResult = record.pauseOnResult;
  if (pauseOnResult !== undefined && typeof pauseOnResult !== 'boolean')
    throw new InvalidArgumentError('pauseOnResult must be a boolean');
  const hold = phase === 'call' && pauseOnResult === true ? { pauseOnResult: true } : {};
  switch (action) {
    case 'continue':
    case 'step':
      return { action, ...hold };
    case 'edit_input': {
      checkSafe(record.input, 'input');
      if (record.step !== undefined && typeof record.step !== 'boolean')
        throw new InvalidArgumentError('step must be a boolean');
      return { action, input: record.input, ...hold, ...(record.step === true ? { step: true } : {}) };
    }
    case 'answer':
      return { action, answer: checkToolResult(record.answer, 'answer') };
    case 'drop':
      return { action };
    case 'edit_message':
      return { action, message: checkTapMessage(record.message, tapDirection!), ...hold };
    default:
      return { action: 'edit_result', result: checkToolResult(record.result, 'result') };
  }
}

export function checkToolResult(value: unknown, name: string): DebugToolResult {
  const record = asRecord(value, name);
  if (record.ok === true) {
    checkSafe(record.result, `${name}.result`);
    return record.result === undefined ? { ok: true } : { ok: true, result: record.result };
  }
  if (record.ok !== false) throw new InvalidArgumentError(`${name}.ok must be true or false`);
  const error = asRecord(record.error, `${name}.error`);
  if (!isExecuteErrorCode(error.code))
    throw new InvalidArgumentError(
      `${name}.error.code must be one of the execbox error codes (got ${JSON.stringify(error.code)})`,
    );
  if (typeof error.message !== 'string')
    throw new InvalidArgumentError(`${name}.error.message must be a string`);
  return { ok: false, error: { code: error.code, message: error.message } };
}

/** An edited message must be one the receiving program could get: strictly parsed for its direction. */
function checkTapMessage(value: unknown, direction: MessageDirection): ProtocolMessage {
  const parsed = direction === 'runner_to_host' ? parseRunnerMessage(value) : parseHostMessage(value);
  if (!parsed.ok)
    throw new InvalidArgumentError(`the edited message is not a valid protocol message: ${parsed.reason}`);
  return parsed.message;
}

function checkSafe(value: unknown, name: string): void {
  const check = checkTransportSafe(value, { rootName: name });
  if (!check.ok) throw new InvalidArgumentError(describeTransportUnsafe(check));
}

function asRecord(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidArgumentError(`${name} must be an object`);
  return value as Record<string, unknown>;
}
