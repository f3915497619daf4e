import type { AskConversation } from '../../../shared/api/ask';
import { formatDuration } from '../../../shared/format';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeAskState } from './describeAskState';
import { TurnView } from './TurnView';

/** One conversation with a model: its turns as they come, the answer or why it ended, and Stop. */
export function ConversationView(props: { conversation: AskConversation }) {
  const { conversation } = props;
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const openAsSnippet = async (code: string, turn: number) => {
    try {
      const snippet = await api.workspace.createSnippet(`${conversation.modelName}, turn ${turn}`, code);
      await api.workspace.setActiveSnippet(snippet.id);
      notify('info', `Opened the code of turn ${turn} as snippet “${snippet.name}”.`);
    } catch (error) {
      notify('error', describeError(error));
    }
  };
  return (
    <section
      className={`ask-conversation ${conversation.state}`}
      aria-label={`Conversation with ${conversation.modelName}`}
      data-state={conversation.state}
    >
      <header className="ask-conversation-head">
        <span>
          <strong>{conversation.modelName}</strong>{' '}
          <span className="ask-state">{describeAskState(conversation)}</span>
          {conversation.durationMs !== undefined && (
            <span className="muted"> · {formatDuration(conversation.durationMs)}</span>
          )}
        </span>
        {conversation.state === 'running' && (
          <button
            type="button"
            title="Stop the model: its answer in flight and the run going on are cancelled"
            onClick={() =>
              api.ask.stop(conversation.id).catch((error) => notify('error', describeError(error)))
            }
          >
            Stop
          </button>
        )}
      </header>
      <p className="ask-task muted">{conversation.task}</p>
      <ol className="ask-turns">
        {conversation.turns.map((turn) => (
          <TurnView
            key={turn.number}
            conversationId={conversation.id}
            turn={turn}
            onOpenAsSnippet={(code, number) => void openAsSnippet(code, number)}
          />
        ))}
      </ol>
      {conversation.answer !== undefined && (
        <div className="ask-answer" aria-label="Answer">
          {conversation.answer}
        </div>
      )}
      {conversation.failure && (
        <p className="ask-failure" role="alert">
          {conversation.failure}
        </p>
      )}
    </section>
  );
}
