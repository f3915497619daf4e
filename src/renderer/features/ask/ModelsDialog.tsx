import { useEffect, useState } from 'react';
import { MODEL_APIS, type ModelApi, type ModelEndpoint } from '../../../shared/api/ask';
import { describeError } from '../../state/describeError';
import { useApi } from '../../state/hostContext';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useAskStore } from './askStore';

const BLANK: ModelEndpoint = { name: '', api: 'openai', baseUrl: '', model: '' };
const BASE_URL_HINT: Record<ModelApi, string> = {
  openai:
    'OpenAI: https://api.openai.com/v1 · Ollama: http://127.0.0.1:11434/v1 · LM Studio: http://127.0.0.1:1234/v1',
  anthropic: 'https://api.anthropic.com',
};

/** The person's model endpoints (the app's settings, not the workspace): add, edit, delete. */
export function ModelsDialog(props: { onClose(): void; editing?: string }) {
  const api = useApi();
  const models = useAskStore((s) => s.models);
  const [secrets, setSecrets] = useState<string[]>([]);
  const [editing, setEditing] = useState<string | null>(props.editing ?? (models.length === 0 ? '' : null));
  const [draft, setDraft] = useState<ModelEndpoint>(
    () => models.find((model) => model.name === props.editing) ?? BLANK,
  );
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    api.workspace.listSecrets().then(setSecrets, () => setSecrets([]));
  }, [api]);

  const edit = (name: string | null) => {
    setEditing(name);
    setDraft(models.find((model) => model.name === name) ?? BLANK);
    setError(undefined);
  };
  const save = async () => {
    try {
      const endpoint: ModelEndpoint = {
        name: draft.name,
        api: draft.api,
        baseUrl: draft.baseUrl,
        model: draft.model,
        ...(draft.keySecret ? { keySecret: draft.keySecret } : {}),
        ...(draft.stream === false ? { stream: false } : {}),
        ...(draft.maxTokens ? { maxTokens: draft.maxTokens } : {}),
      };
      const saved = editing ? await api.ask.saveModel(endpoint, editing) : await api.ask.saveModel(endpoint);
      useAskStore.setState({ models: saved });
      setEditing(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const remove = async (name: string) => {
    try {
      useAskStore.setState({ models: await api.ask.deleteModel(name) });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <Dialog title="Models" onClose={props.onClose}>
      <p className="muted">
        Models you can ask, kept in this app’s settings (never in the workspace file). Keys live in the secret
        store: name the secret here, set its value under Secrets.
      </p>
      {editing === null ? (
        <>
          <ul className="ask-model-list" aria-label="Models">
            {models.map((model) => (
              <li key={model.name}>
                <span>
                  <strong>{model.name}</strong>{' '}
                  <span className="muted">
                    {model.api} · {model.model} · {model.baseUrl}
                  </span>
                  {model.keySecret ? <span className="muted"> · key: {model.keySecret}</span> : null}
                </span>
                <button type="button" onClick={() => edit(model.name)}>
                  Edit
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${model.name}`}
                  onClick={() => void remove(model.name)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" onClick={() => edit('')}>
            Add a model
          </button>
        </>
      ) : (
        <form
          className="ask-model-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Field label="Name" hint="Runs it makes show as “model: NAME”.">
            <input
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              autoFocus
            />
          </Field>
          <Field label="API">
            <select
              value={draft.api}
              onChange={(e) => setDraft({ ...draft, api: e.target.value as ModelApi })}
            >
              {MODEL_APIS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind === 'openai' ? 'OpenAI compatible chat completions' : 'Anthropic Messages'}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Base URL" hint={BASE_URL_HINT[draft.api]}>
            <input value={draft.baseUrl} onChange={(e) => setDraft({ ...draft, baseUrl: e.target.value })} />
          </Field>
          <Field label="Model" hint="The model id the server knows.">
            <input value={draft.model} onChange={(e) => setDraft({ ...draft, model: e.target.value })} />
          </Field>
          <Field label="Key secret" hint="None for a local server that needs no key.">
            <select
              value={draft.keySecret ?? ''}
              onChange={(e) => setDraft({ ...draft, keySecret: e.target.value || undefined })}
            >
              <option value="">(no key)</option>
              {[...new Set([...secrets, ...(draft.keySecret ? [draft.keySecret] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.stream !== false}
              onChange={(e) => setDraft({ ...draft, stream: e.target.checked })}
            />{' '}
            Stream the answer as it comes
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="submit">Save</button>
            <button type="button" onClick={() => edit(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
