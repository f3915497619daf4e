import { useMemo, useState, type FormEvent } from 'react';
import type { ServerRequest, ServerRequestAnswer } from '../../../shared/api/providers';
import { initialValue } from '../../../shared/view/schemaFormModel';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { ValueViewer } from '../../ui/values/ValueViewer';
import { SchemaField } from './tryTool/SchemaField';
import { SchemaProblemList } from './tryTool/SchemaProblemList';
import { compileSchemaChecker, schemaProblems } from './tryTool/schemaProblems';

type Elicitation = Extract<ServerRequest, { kind: 'elicitation' }>;
type Sampling = Extract<ServerRequest, { kind: 'sampling' }>;

const FORM = "the server's form";

function whereFrom(request: ServerRequest): string {
  return request.toolName
    ? `${request.providerName}.${request.toolName}`
    : `MCP server ${request.providerName}`;
}

/** Drops fields left empty (undefined), which JSON cannot carry and the schema may not require. */
function withoutEmpty(value: unknown): unknown {
  return value === undefined ? {} : JSON.parse(JSON.stringify(value));
}

function useAnswer(request: ServerRequest) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string>();
  const send = (answer: ServerRequestAnswer) => {
    setSending(true);
    setRefused(undefined);
    api.providers.answerServerRequest(request.requestId, answer).then(
      () =>
        usePlaygroundStore.setState((s) => ({
          serverRequests: s.serverRequests.filter((r) => r.requestId !== request.requestId),
        })),
      (error: unknown) => {
        setSending(false);
        const reason = describeError(error);
        setRefused(reason);
        notify('error', `The answer was not sent: ${reason}`);
      },
    );
  };
  return { send, sending, refused };
}

function Refused({ reason }: { reason: string | undefined }) {
  return reason ? (
    <p className="field-error" role="alert">
      {reason}
    </p>
  ) : null;
}

function Waiting({ request }: { request: ServerRequest }) {
  const more = usePlaygroundStore((s) => s.serverRequests.length - 1);
  return (
    <p className="muted server-request-note">
      The tool call waits for you; the run's clock is paused meanwhile, so this time is not charged to the
      code.{more > 0 ? ` ${more} more request${more === 1 ? '' : 's'} waiting after this one.` : ''}
      {request.toolName ? '' : ' (No tool call of this server is running.)'}
    </p>
  );
}

function ElicitationForm({ request }: { request: Elicitation }) {
  const { send, sending, refused } = useAnswer(request);
  const [value, setValue] = useState<unknown>(() => initialValue(request.requestedSchema) ?? {});
  const checker = useMemo(
    () => compileSchemaChecker(request.requestedSchema, FORM),
    [request.requestedSchema],
  );
  const content = withoutEmpty(value);
  const problems = schemaProblems(checker, content, FORM);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length === 0 && !sending)
      send({ action: 'accept', content: content as Record<string, string> });
  };
  return (
    <Dialog
      title={`${whereFrom(request)} asks for your input`}
      onClose={() => send({ action: 'cancel' })}
      wide
    >
      <form className="server-request" onSubmit={submit} aria-label="Elicitation form">
        <blockquote className="server-request-message" aria-label="The server's message">
          {request.message}
        </blockquote>
        <Waiting request={request} />
        <SchemaField
          schema={request.requestedSchema}
          value={value}
          onChange={setValue}
          label="answer"
          path=""
        />
        <SchemaProblemList
          problems={problems}
          label="Answer problems"
          fits="The answer fits the server's form."
        />
        <Refused reason={refused} />
        <div className="row">
          <button type="submit" className="primary" disabled={problems.length > 0 || sending}>
            Send answer
          </button>
          <button type="button" disabled={sending} onClick={() => send({ action: 'decline' })}>
            Decline
          </button>
          <button type="button" disabled={sending} onClick={() => send({ action: 'cancel' })}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface SamplingMessageView {
  role: string;
  text: string;
}

function samplingMessages(params: Record<string, unknown>): SamplingMessageView[] {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return messages.map((message: unknown) => {
    const record = (message ?? {}) as { role?: unknown; content?: unknown };
    const parts = Array.isArray(record.content) ? record.content : [record.content];
    const text = parts
      .map((part) => {
        const item = (part ?? {}) as { type?: unknown; text?: unknown };
        return item.type === 'text' && typeof item.text === 'string'
          ? item.text
          : `[${String(item.type)} content]`;
      })
      .join('\n');
    return { role: typeof record.role === 'string' ? record.role : 'unknown', text };
  });
}

function SamplingForm({ request }: { request: Sampling }) {
  const { send, sending, refused } = useAnswer(request);
  const [text, setText] = useState('');
  const [model, setModel] = useState('');
  const messages = samplingMessages(request.params);
  const { systemPrompt, maxTokens } = request.params;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === '' || sending) return;
    send({ action: 'accept', text, ...(model.trim() ? { model: model.trim() } : {}) });
  };
  return (
    <Dialog
      title={`${whereFrom(request)} asks for a model completion`}
      onClose={() => send({ action: 'decline' })}
      wide
    >
      <form className="server-request" onSubmit={submit} aria-label="Sampling reply">
        {typeof systemPrompt === 'string' ? (
          <p>
            <strong>System prompt:</strong> {systemPrompt}
          </p>
        ) : null}
        <ol className="server-request-messages" aria-label="Messages to complete">
          {messages.map((message, index) => (
            <li key={index}>
              <strong>{message.role}:</strong> <span className="server-request-text">{message.text}</span>
            </li>
          ))}
        </ol>
        {typeof maxTokens === 'number' ? <p className="muted">Up to {maxTokens} tokens.</p> : null}
        <details>
          <summary>All request parameters</summary>
          <ValueViewer value={request.params} label="Sampling request parameters" />
        </details>
        <Waiting request={request} />
        <Field label="Your reply (sent as the assistant's message; Ctrl+Enter sends)">
          <textarea
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
        </Field>
        <Field label="Model name reported to the server (optional)">
          <input value={model} placeholder="execbox-person" onChange={(e) => setModel(e.target.value)} />
        </Field>
        <Refused reason={refused} />
        <div className="row">
          <button type="submit" className="primary" disabled={text.trim() === '' || sending}>
            Send reply
          </button>
          <button type="button" disabled={sending} onClick={() => send({ action: 'decline' })}>
            Decline
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** An MCP server asked for input or a completion during a tool call: the person answers or declines. */
export function ServerRequestDialog() {
  const request = usePlaygroundStore((s) => s.serverRequests[0]);
  if (!request) return null;
  return request.kind === 'elicitation' ? (
    <ElicitationForm key={request.requestId} request={request} />
  ) : (
    <SamplingForm key={request.requestId} request={request} />
  );
}
