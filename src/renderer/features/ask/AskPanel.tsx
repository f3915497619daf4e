import { useState } from 'react';
import { DEFAULT_MAX_TURNS, MAX_MAX_TURNS, type AskConversation } from '../../../shared/api/ask';
import { describeError } from '../../state/describeError';
import { usePlaygroundStore } from '../../state/store';
import { shortcutLabel } from '../../ui/shortcutLabel';
import { useAskStore } from './askStore';
import { CompareView } from './CompareView';
import { ConversationView } from './ConversationView';
import { ModelsDialog } from './ModelsDialog';
import { useAskSync } from './useAskSync';
import './ask.css';

function byStart(a: AskConversation, b: AskConversation) {
  return a.startedAt.localeCompare(b.startedAt);
}

/** Ask a model: it writes the tool code, and every run it makes shows in the debugger. */
export function AskPanel() {
  const api = useAskSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const models = useAskStore((s) => s.models);
  const conversations = useAskStore((s) => s.conversations);
  const shown = useAskStore((s) => s.shown);
  const [model, setModel] = useState('');
  const [second, setSecond] = useState('');
  const [compare, setCompare] = useState(false);
  const [task, setTask] = useState('');
  const [maxTurns, setMaxTurns] = useState(DEFAULT_MAX_TURNS);
  const [dialog, setDialog] = useState(false);
  const [starting, setStarting] = useState(false);

  const chosen = models.some((m) => m.name === model) ? model : (models[0]?.name ?? '');
  const chosenSecond = models.some((m) => m.name === second) ? second : chosen;
  const all = Object.values(conversations).sort(byStart);
  const group = shown?.compareGroup ? all.filter((c) => c.compareGroup === shown.compareGroup) : undefined;
  const single = shown?.conversationId ? conversations[shown.conversationId] : undefined;
  const latest = all.at(-1);
  const showing: AskConversation[] =
    group && group.length === 2
      ? group
      : single
        ? [single]
        : latest
          ? latest.compareGroup
            ? all.filter((c) => c.compareGroup === latest.compareGroup)
            : [latest]
          : [];

  const start = async () => {
    if (!chosen || task.trim() === '' || starting) return;
    setStarting(true);
    try {
      if (compare) {
        const compareGroup = crypto.randomUUID();
        await Promise.all(
          [chosen, chosenSecond].map((name) => api.ask.start({ model: name, task, maxTurns, compareGroup })),
        );
        useAskStore.setState({ shown: { compareGroup } });
      } else {
        const { conversationId } = await api.ask.start({ model: chosen, task, maxTurns });
        useAskStore.setState({ shown: { conversationId } });
      }
    } catch (error) {
      notify('error', describeError(error), 'ask');
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="debug-panel ask-panel">
      <div className="ask-form">
        <div className="ask-row">
          <label>
            Model{' '}
            <select
              aria-label="Model"
              value={chosen}
              onChange={(e) => setModel(e.target.value)}
              disabled={models.length === 0}
            >
              {models.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} /> Compare
            with
          </label>
          {compare && (
            <select
              aria-label="Second model"
              value={chosenSecond}
              onChange={(e) => setSecond(e.target.value)}
            >
              {models.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
          <button type="button" onClick={() => setDialog(true)}>
            Models…
          </button>
        </div>
        {models.length === 0 && (
          <p className="muted">
            No model yet: add one (an OpenAI compatible server such as Ollama, or Anthropic) under Models….
          </p>
        )}
        <textarea
          aria-label="Task"
          placeholder="What should the model do with the workspace's tools?"
          value={task}
          rows={3}
          onChange={(e) => setTask(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              // Ctrl+Enter is also the app's Run shortcut: here it asks, and must not run the snippet too.
              e.stopPropagation();
              void start();
            }
          }}
        />
        <div className="ask-row">
          <label>
            Turns at most{' '}
            <input
              type="number"
              aria-label="Turns at most"
              min={1}
              max={MAX_MAX_TURNS}
              value={maxTurns}
              onChange={(e) => setMaxTurns(Math.max(1, Math.min(MAX_MAX_TURNS, Number(e.target.value) || 1)))}
            />
          </label>
          <button
            type="button"
            className="primary"
            disabled={!chosen || task.trim() === '' || starting}
            title={`Give the task to the model (${shortcutLabel('Ctrl+Enter')})`}
            onClick={() => void start()}
          >
            {compare ? 'Ask both' : 'Ask'}
          </button>
          {all.length > 1 && (
            <select
              aria-label="Conversation"
              value={
                showing.length === 2 ? `group:${showing[0]!.compareGroup}` : `one:${showing[0]?.id ?? ''}`
              }
              onChange={(e) => {
                const [kind, id] = e.target.value.split(/:(.*)/s) as [string, string];
                useAskStore.setState({
                  shown: kind === 'group' ? { compareGroup: id } : { conversationId: id },
                });
              }}
            >
              {all
                .filter(
                  (c, index) =>
                    !c.compareGroup || all.findIndex((o) => o.compareGroup === c.compareGroup) === index,
                )
                .map((c) => (
                  <option key={c.id} value={c.compareGroup ? `group:${c.compareGroup}` : `one:${c.id}`}>
                    {c.compareGroup ? 'Compare: ' : ''}
                    {c.modelName}: {c.task.slice(0, 40)}
                  </option>
                ))}
            </select>
          )}
        </div>
      </div>
      {showing.length === 2 ? (
        <CompareView sides={[showing[0]!, showing[1]!]} />
      ) : showing[0] ? (
        <ConversationView conversation={showing[0]} />
      ) : (
        <p className="muted">
          The model gets the workspace’s providers as one code-mode tool (the execute tool agents get). Each
          run it makes shows here and in the debugger, with breakpoints, approvals and held answers.
        </p>
      )}
      {dialog && <ModelsDialog onClose={() => setDialog(false)} />}
    </div>
  );
}
