import { isDeepStrictEqual } from 'node:util';
import type { ExecuteErrorCode } from '../../../shared/errors';
import type { DoneMessage, RunnerToHostMessage, ToolCallMessage } from '../../../shared/protocol/messages';
import { fail } from './CaseFailure';

const show = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));

function describeDone(done: DoneMessage): string {
  return done.ok
    ? `ok with result ${show(done.result)}`
    : `failed with ${done.error.code}: ${done.error.message}`;
}

/** The execution succeeded, with exactly this result when one is given. */
export function expectOk(done: DoneMessage, ...expected: [] | [unknown]): void {
  if (!done.ok)
    fail(
      `expected a successful done${expected.length ? ` with result ${show(expected[0])}` : ''}, but it ${describeDone(done)}`,
    );
  if (expected.length && !isDeepStrictEqual(done.result, expected[0])) {
    fail(`expected result ${show(expected[0])}, got ${show(done.result)}`);
  }
}

/** The execution failed with one of these codes. */
export function expectErrorCode(done: DoneMessage, ...codes: ExecuteErrorCode[]): void {
  if (done.ok)
    fail(
      `expected a failure with ${codes.join(' or ')}, but the done was ok with result ${show(done.result)}`,
    );
  if (!codes.includes(done.error.code))
    fail(`expected error code ${codes.join(' or ')}, but it ${describeDone(done)}`);
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected))
    fail(`expected ${what} to be ${show(expected)}, got ${show(actual)}`);
}

export function expectType<T extends RunnerToHostMessage['type']>(
  message: RunnerToHostMessage,
  type: T,
  context: string,
): Extract<RunnerToHostMessage, { type: T }> {
  if (message.type !== type)
    fail(`expected ${type} ${context}, got ${message.type}: ${JSON.stringify(message)}`);
  return message as Extract<RunnerToHostMessage, { type: T }>;
}

export function toolCallsIn(messages: readonly RunnerToHostMessage[]): ToolCallMessage[] {
  return messages.filter((m): m is ToolCallMessage => m.type === 'tool_call');
}
