import { describe, expect, it } from 'vitest';
import { createProtocolChecker } from '../../src/shared/protocol/createProtocolChecker';
import type { ProtocolMessage } from '../../src/shared/protocol/messages';
import type { TranscriptEntry } from '../../src/shared/transcript';

const OPTIONS = { timeoutMs: 1000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 };
const execute = (id: string): ProtocolMessage => ({
  type: 'execute',
  id,
  code: '',
  options: OPTIONS,
  providers: [],
});
const started = (id: string): ProtocolMessage => ({ type: 'started', id });
const call = (callId: string): ProtocolMessage => ({
  type: 'tool_call',
  callId,
  providerName: 'tools',
  safeToolName: 'echo',
});
const result = (callId: string): ProtocolMessage => ({ type: 'tool_result', callId, ok: true });
const done = (id: string): ProtocolMessage => ({ type: 'done', id, ok: true, durationMs: 1, logs: [] });

/** The rules broken by a session of these messages, in order (`side:rule@seq`). */
function check(...messages: ProtocolMessage[]): string[] {
  const checker = createProtocolChecker();
  const found = messages.flatMap((message, seq) => {
    const direction = ['execute', 'cancel', 'tool_result'].includes(message.type)
      ? 'host_to_runner'
      : 'runner_to_host';
    const entry: TranscriptEntry = { kind: 'message', seq, at: seq, direction, message };
    return checker.observe(entry);
  });
  found.push(...checker.finish(messages.length));
  return found.map((finding) => `${finding.side}:${finding.rule}@${finding.seq}`);
}

describe('createProtocolChecker', () => {
  it('finds nothing in well-behaved sessions, one execution after another included', () => {
    expect(check(execute('a'), started('a'), call('1'), result('1'), done('a'))).toEqual([]);
    expect(check(execute('a'), started('a'), done('a'), execute('b'), started('b'), done('b'))).toEqual([]);
  });

  it('takes a tool_result that crossed the done of its execution for a race, not a break', () => {
    expect(check(execute('a'), started('a'), call('1'), done('a'), result('1'))).toEqual([]);
  });

  it('names each broken rule, who broke it and where', () => {
    expect(check(execute('a'), execute('b'))).toEqual([
      'host:execute_while_active@1',
      'runner:ended_without_done@2',
    ]);
    expect(check(execute('a'), started('b'), started('a'), started('a'), done('a'))).toEqual([
      'runner:started_id_mismatch@1',
      'runner:started_twice@3',
    ]);
    expect(
      check(execute('a'), call('1'), started('a'), call('1'), result('1'), result('1'), done('a')),
    ).toEqual([
      'runner:tool_call_before_started@1',
      'runner:duplicate_call_id@3',
      'host:tool_result_twice@5',
    ]);
    expect(check(call('1'), execute('a'), started('a'), done('b'), done('a'), call('2'))).toEqual([
      'runner:tool_call_outside_execution@0',
      'runner:done_id_mismatch@3',
      'runner:tool_call_outside_execution@5',
    ]);
  });

  it('reports malformed lines by what the parser knew, not by their wording', () => {
    const checker = createProtocolChecker();
    const event = (problem: 'unknown_type' | 'too_large' | 'not_json'): TranscriptEntry => ({
      kind: 'event',
      seq: 0,
      at: 0,
      event: {
        type: 'malformed_message',
        direction: 'host_to_runner',
        reason: 'done twice (just words)',
        problem,
      },
    });
    expect(checker.observe(event('unknown_type')).map((f) => f.rule)).toEqual(['unknown_type']);
    expect(checker.observe(event('too_large')).map((f) => f.rule)).toEqual(['over_size_cap']);
    expect(checker.observe(event('not_json')).map((f) => f.rule)).toEqual(['malformed']);
  });
});
