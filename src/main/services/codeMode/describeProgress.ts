import type { TranscriptEntry } from '../../../shared/transcript';
import { MAX_MANUAL_WAIT_MS } from '../../providers/mock/ManualCallBroker';

export interface ProgressState {
  startedAt: number;
  /** Calls held for a person, by call id: what the person is asked to do. */
  waiting: Map<string, string>;
  /** Tool names by call id, for the calls seen so far. */
  tools: Map<string, string>;
}

/**
 * What an agent's progress notification says: each tool call as it is made, a person's wait (a
 * manual answer or a breakpoint) when it starts, and, with no entry (the heartbeat), how long the
 * run or the person's wait has lasted. Undefined for entries that are not worth a notification.
 */
export function describeProgress(state: ProgressState, entry?: TranscriptEntry): string | undefined {
  const { tools } = state;
  if (!entry) {
    const seconds = Math.round((performance.now() - state.startedAt) / 1000);
    const held = [...state.waiting.values()];
    if (held.length === 0) return `running for ${seconds} s`;
    return `waiting for a person in the playground ${held.join('; ')} (running for ${seconds} s)`;
  }
  if (entry.kind === 'message') {
    if (entry.message.type !== 'tool_call') return undefined;
    const tool = `${entry.message.providerName}.${entry.message.safeToolName}`;
    tools.set(entry.message.callId, tool);
    return `calling ${tool}`;
  }
  const { event } = entry;
  if (event.type === 'manual_answer_requested') {
    const minutes = Math.round(MAX_MANUAL_WAIT_MS / 60_000);
    const what = `to answer ${tools.get(event.callId) ?? 'a tool'} by hand (it gives up after ${minutes} min)`;
    state.waiting.set(event.callId, what);
    return `waiting for a person in the playground ${what}`;
  }
  if (event.type === 'breakpoint_hit') {
    const what = `to resume ${event.providerName}.${event.toolName}, held at a breakpoint or approval`;
    state.waiting.set(event.callId, what);
    return `waiting for a person in the playground ${what}`;
  }
  if (event.type === 'breakpoint_resumed' || event.type === 'tool_dispatch_finished')
    state.waiting.delete(event.callId);
  return undefined;
}
