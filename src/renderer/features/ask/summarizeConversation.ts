import type { AskConversation } from '../../../shared/api/ask';

export interface ConversationSummary {
  turns: number;
  runs: number;
  toolCalls: number;
  /** Runs that failed and calls that could not be run. */
  errors: number;
  inputTokens: number;
  outputTokens: number;
  durationMs?: number;
  /** The last run the model made, for the Diff. */
  lastRunId?: string;
}

/** The figures a comparison puts side by side. */
export function summarizeConversation(conversation: AskConversation): ConversationSummary {
  const calls = conversation.turns.flatMap((turn) => turn.calls);
  const runs = calls.filter((call) => call.runId !== undefined);
  return {
    turns: conversation.turns.length,
    runs: runs.length,
    toolCalls: runs.reduce((sum, call) => sum + (call.outcome?.toolCalls ?? 0), 0),
    errors: calls.filter((call) => call.problem !== undefined || call.outcome?.ok === false).length,
    inputTokens: conversation.turns.reduce((sum, turn) => sum + (turn.inputTokens ?? 0), 0),
    outputTokens: conversation.turns.reduce((sum, turn) => sum + (turn.outputTokens ?? 0), 0),
    ...(conversation.durationMs !== undefined ? { durationMs: conversation.durationMs } : {}),
    ...(runs.length > 0 ? { lastRunId: runs[runs.length - 1]!.runId } : {}),
  };
}
