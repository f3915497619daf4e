import type { AskConversation } from '../../../shared/api/ask';
import { formatCount, formatDuration } from '../../../shared/format';
import { useDiffRequest } from '../../state/diffRequest';
import { useTabStore } from '../../state/tabStore';
import { ConversationView } from './ConversationView';
import { summarizeConversation, type ConversationSummary } from './summarizeConversation';

const ROWS: [string, (s: ConversationSummary) => string][] = [
  ['Turns', (s) => formatCount(s.turns)],
  ['Runs', (s) => formatCount(s.runs)],
  ['Tool calls', (s) => formatCount(s.toolCalls)],
  ['Errors', (s) => formatCount(s.errors)],
  ['Tokens in / out', (s) => `${formatCount(s.inputTokens)} / ${formatCount(s.outputTokens)}`],
  ['Time', (s) => (s.durationMs === undefined ? '…' : formatDuration(s.durationMs))],
];

/** The same task given to two models (or twice to one), side by side, with the Diff of their last runs. */
export function CompareView(props: { sides: [AskConversation, AskConversation] }) {
  const [left, right] = props.sides;
  const summaries = [summarizeConversation(left), summarizeConversation(right)] as const;
  const lastRuns = [summaries[0].lastRunId, summaries[1].lastRunId] as const;
  const label = (c: AskConversation, index: number) =>
    left.modelName === right.modelName ? `${c.modelName} (${index + 1})` : c.modelName;
  return (
    <div className="ask-compare">
      <table className="ask-compare-table" aria-label="Comparison">
        <thead>
          <tr>
            <th />
            <th>{label(left, 0)}</th>
            <th>{label(right, 1)}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value(summaries[0])}</td>
              <td>{value(summaries[1])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        disabled={!lastRuns[0] || !lastRuns[1]}
        title={
          lastRuns[0] && lastRuns[1]
            ? 'Compare the last run of each side in the Diff panel'
            : 'Each side needs a run first'
        }
        onClick={() => {
          useDiffRequest.getState().compare(lastRuns[0]!, lastRuns[1]!);
          useTabStore.getState().select('bottom', 'diff');
        }}
      >
        Diff their last runs
      </button>
      <div className="ask-compare-sides">
        <ConversationView conversation={left} />
        <ConversationView conversation={right} />
      </div>
    </div>
  );
}
