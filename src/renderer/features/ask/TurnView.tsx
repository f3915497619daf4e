import type { AskCall, AskTurn } from '../../../shared/api/ask';
import { formatCount, formatDuration } from '../../../shared/format';
import { usePlaygroundStore } from '../../state/store';
import { ReadOnlyCode } from './ReadOnlyCode';

function callOutcome(call: AskCall): string {
  if (call.problem) return `Not run: ${call.problem}`;
  if (call.typingsRead !== undefined) return `Read the typings of ${call.typingsRead}`;
  if (!call.outcome) return call.runId ? 'Running…' : 'Starting…';
  const calls = `${call.outcome.toolCalls} tool call${call.outcome.toolCalls === 1 ? '' : 's'}`;
  if (call.outcome.ok) return `OK in ${formatDuration(call.outcome.durationMs)} · ${calls}`;
  return `${call.outcome.errorCode}: ${call.outcome.message ?? ''} · ${calls}`;
}

/** One turn: what the model said, each call's code with its run one click away, tokens and time. */
export function TurnView(props: {
  conversationId: string;
  turn: AskTurn;
  onOpenAsSnippet(code: string, turn: number): void;
}) {
  const { turn } = props;
  const currentRunId = usePlaygroundStore((s) => s.currentRunId);
  const tokens =
    turn.inputTokens !== undefined || turn.outputTokens !== undefined
      ? `${formatCount(turn.inputTokens ?? 0)} in · ${formatCount(turn.outputTokens ?? 0)} out`
      : undefined;
  return (
    <li className={`ask-turn ${turn.state}`} aria-label={`Turn ${turn.number}`}>
      <div className="ask-turn-head">
        <strong>Turn {turn.number}</strong>
        <span className="muted">
          {turn.state === 'answering'
            ? 'the model is answering…'
            : turn.state === 'running'
              ? 'running its code…'
              : ''}
          {tokens ? ` ${tokens} tokens` : ''}
          {turn.durationMs !== undefined ? ` · ${formatDuration(turn.durationMs)}` : ''}
        </span>
      </div>
      {turn.text && <p className="ask-text">{turn.text}</p>}
      {turn.calls.map((call, index) => (
        <div
          key={call.callId}
          className={`ask-call ${call.problem || call.outcome?.ok === false ? 'failed' : ''}`}
        >
          {call.code !== undefined && (
            <ReadOnlyCode
              code={call.code}
              uri={`file:///execbox/ask/${props.conversationId}/${turn.number}-${index}.ts`}
              outcome={call.outcome}
            />
          )}
          <div className="ask-call-foot">
            <span className="ask-call-outcome">{callOutcome(call)}</span>
            {call.runId && (
              <button
                type="button"
                aria-pressed={call.runId === currentRunId}
                title="Show this run in the result, transcript and debugging panes"
                onClick={() => usePlaygroundStore.setState({ currentRunId: call.runId })}
              >
                Show run
              </button>
            )}
            {call.code !== undefined && (
              <button
                type="button"
                title="Copy this code into the workspace as a new snippet"
                onClick={() => props.onOpenAsSnippet(call.code!, turn.number)}
              >
                Open as snippet
              </button>
            )}
          </div>
        </div>
      ))}
    </li>
  );
}
