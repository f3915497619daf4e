import { beforeEach, describe, expect, it } from 'vitest';
import type { AskConversation } from '../../src/shared/api/ask';
import { useAskStore } from '../../src/renderer/features/ask/askStore';
import { summarizeConversation } from '../../src/renderer/features/ask/summarizeConversation';

function conversation(version: number, patch: Partial<AskConversation> = {}): AskConversation {
  return {
    id: 'c1',
    modelName: 'm',
    task: 't',
    state: 'running',
    turns: [{ number: 1, text: '', calls: [], state: 'answering' }],
    maxTurns: 8,
    startedAt: '2026-01-01T00:00:00.000Z',
    version,
    ...patch,
  };
}

beforeEach(() => useAskStore.setState({ models: [], conversations: {} }));

describe('the ask store', () => {
  it('appends streamed text to its turn, and a newer snapshot replaces it whole', () => {
    const { applyAskEvent } = useAskStore.getState();
    applyAskEvent({ channel: 'ask', type: 'conversation', conversation: conversation(1) });
    applyAskEvent({ channel: 'ask', type: 'text', conversationId: 'c1', turn: 1, delta: 'Hel' });
    applyAskEvent({ channel: 'ask', type: 'text', conversationId: 'c1', turn: 1, delta: 'lo' });
    expect(useAskStore.getState().conversations.c1!.turns[0]!.text).toBe('Hello');
    applyAskEvent({
      channel: 'ask',
      type: 'conversation',
      conversation: conversation(3, { state: 'answered' }),
    });
    // A snapshot older than the one held arrives late: it does not win.
    applyAskEvent({ channel: 'ask', type: 'conversation', conversation: conversation(2) });
    expect(useAskStore.getState().conversations.c1!.state).toBe('answered');
    // Text for a conversation or turn it does not hold is dropped.
    applyAskEvent({ channel: 'ask', type: 'text', conversationId: 'gone', turn: 1, delta: 'x' });
    applyAskEvent({ channel: 'ask', type: 'text', conversationId: 'c1', turn: 9, delta: 'x' });
    expect(Object.keys(useAskStore.getState().conversations)).toEqual(['c1']);
  });

  it('keeps only what the host has after a reload, the newer of each', () => {
    useAskStore
      .getState()
      .applyAskEvent({ channel: 'ask', type: 'conversation', conversation: conversation(5) });
    useAskStore.getState().applyAskEvent({
      channel: 'ask',
      type: 'conversation',
      conversation: conversation(1, { id: 'gone' }),
    });
    useAskStore.getState().replaceAll([], [conversation(4, { state: 'stopped' })]);
    const { conversations } = useAskStore.getState();
    expect(Object.keys(conversations)).toEqual(['c1']);
    expect(conversations.c1!.version).toBe(5);
  });
});

describe('summarizeConversation', () => {
  it('counts turns, runs, tool calls, errors, tokens and the last run', () => {
    const summary = summarizeConversation(
      conversation(1, {
        durationMs: 1200,
        turns: [
          {
            number: 1,
            text: '',
            state: 'done',
            inputTokens: 10,
            outputTokens: 2,
            calls: [
              { callId: 'a', problem: 'bad' },
              { callId: 'b', code: 'x', runId: 'r1', outcome: { ok: false, toolCalls: 1, durationMs: 3 } },
            ],
          },
          {
            number: 2,
            text: '',
            state: 'done',
            inputTokens: 20,
            outputTokens: 4,
            calls: [
              { callId: 'c', code: 'y', runId: 'r2', outcome: { ok: true, toolCalls: 2, durationMs: 3 } },
            ],
          },
        ],
      }),
    );
    expect(summary).toEqual({
      turns: 2,
      runs: 2,
      toolCalls: 3,
      errors: 2,
      inputTokens: 30,
      outputTokens: 6,
      durationMs: 1200,
      lastRunId: 'r2',
    });
  });
});
