import { useState } from 'react';
import type { DebugToolResult, PausedCall, ResumeAction } from '../../../shared/api/debug';
import { EXECUTE_ERROR_CODES, type ExecuteErrorCode } from '../../../shared/errors';
import { jsonEqual } from '../../../shared/transcriptJsonEqual';
import { RevealableValue } from './RevealableValue';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useDebugStore } from '../../state/debugStore';
import { JsonTextArea, type JsonParse } from './JsonTextArea';
import { TapHeldCard } from './TapHeldCard';
import { HeldCallRun } from './HeldCallRun';
import { originNamer } from '../../../shared/format';
import { useDebugSync } from '../../state/useDebugSync';

const REASON_WORDS = {
  breakpoint: 'a breakpoint',
  step: 'stepping',
  diverged: 'a difference from the recording',
  approval: '“ask before running”',
} as const;

/** The calls the host is holding, and what the user can do with each. */
export function PausedCallPanel() {
  useDebugSync();
  const paused = useDebugStore((s) => s.paused);
  const currentRunId = usePlaygroundStore((s) => s.currentRunId);
  if (paused.length === 0)
    return (
      <div className="pane-empty">
        No call is paused. Set a breakpoint and run: the call stops here before the provider sees it.
      </div>
    );
  const name = originNamer(paused.map((call) => call.origin));
  // The run shown first: its calls are what F8 and F10 act on.
  const ordered = [
    ...paused.filter((call) => call.runId === currentRunId),
    ...paused.filter((call) => call.runId !== currentRunId),
  ];
  return (
    <div className="debug-panel paused-panel">
      {ordered.map((call) =>
        call.tap ? (
          <TapHeldCard key={call.pauseId} call={{ ...call, tap: call.tap }} originName={name(call.origin)} />
        ) : (
          <PausedCallCard key={call.pauseId} call={call} originName={name(call.origin)} />
        ),
      )}
    </div>
  );
}

/** An action that would drop what the person edited, waiting for them to confirm it. */
interface PendingDiscard {
  warning: string;
  confirmLabel: string;
  action: ResumeAction;
}

function PausedCallCard({ call, originName }: { call: PausedCall; originName: string }) {
  const api = useDebugSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const original = call.phase === 'call' ? call.input : resultValue(call.result);
  // Remounting the editor (a new key) puts the original text back.
  const [editorKey, setEditorKey] = useState(0);
  const [edited, setEdited] = useState<JsonParse>({ ok: true, value: original });
  const [holdResult, setHoldResult] = useState(false);
  const [rejectMessage, setRejectMessage] = useState('');
  const [mode, setMode] = useState<'value' | 'error'>(call.result && !call.result.ok ? 'error' : 'value');
  const [errorCode, setErrorCode] = useState<ExecuteErrorCode>(
    call.result && !call.result.ok ? call.result.error.code : 'tool_error',
  );
  const [errorMessage, setErrorMessage] = useState(
    call.result && !call.result.ok ? call.result.error.message : '',
  );
  const [handAnswer, setHandAnswer] = useState<JsonParse>({ ok: true, value: undefined });
  const [discard, setDiscard] = useState<PendingDiscard | null>(null);
  const [busy, setBusy] = useState(false);

  const error = {
    code: errorCode,
    setCode: setErrorCode,
    message: errorMessage,
    setMessage: setErrorMessage,
  };
  const editChanged = !edited.ok || !jsonEqual(edited.value, original);
  const handWritten = !handAnswer.ok || handAnswer.value !== undefined || errorMessage !== '';
  const resume = async (action: ResumeAction) => {
    setBusy(true);
    setDiscard(null);
    try {
      await api.debug.resume(call.pauseId, action);
    } catch (error) {
      notify('error', describeError(error));
      setBusy(false);
    }
  };
  const errorAnswer = (): DebugToolResult => ({
    ok: false,
    error: { code: errorCode, message: errorMessage },
  });
  const valueAnswer = (parse: JsonParse): DebugToolResult | undefined =>
    parse.ok ? (parse.value === undefined ? { ok: true } : { ok: true, result: parse.value }) : undefined;
  /** Runs `action`, or first asks when it would drop an edit. */
  const act = (
    action: ResumeAction,
    dropsEdit: string | undefined,
    confirmLabel = 'Drop my edit and go on',
  ) => {
    if (dropsEdit) setDiscard({ warning: dropsEdit, confirmLabel, action });
    else void resume(action);
  };

  const reset = (
    <button
      type="button"
      className="link"
      onClick={() => {
        setEditorKey((key) => key + 1);
        setEdited({ ok: true, value: original });
      }}
    >
      Undo my edit
    </button>
  );

  return (
    <section
      className={`paused-call ${call.reason}`}
      data-testid="paused-call"
      data-run-id={call.runId}
      aria-label={`Paused call ${call.callId} of ${originName}’s run`}
    >
      <HeldCallRun call={call} originName={originName} />
      <header>
        <strong>
          {call.providerName}.{call.toolName}
        </strong>{' '}
        <span className="muted">
          {call.phase === 'call' ? 'held before the provider is called' : 'held with the provider’s answer'},
          by {REASON_WORDS[call.reason]}
        </span>
        <button
          className="link danger"
          onClick={() =>
            void api.runs.cancel(call.runId).catch((e: unknown) => notify('error', describeError(e)))
          }
        >
          Cancel run
        </button>
      </header>
      {call.detail && (
        <p className="banner warn" role="alert" data-testid="divergence">
          {call.detail}
        </p>
      )}
      {call.phase === 'call' ? (
        <>
          <div className="paused-editor">
            <JsonTextArea
              key={editorKey}
              label="Input the provider will get (JSON)"
              initial={call.input}
              onChange={setEdited}
              testId="paused-json"
            />
            {editChanged && (
              <div className="paused-original" data-testid="original-input">
                <h4>The guest’s original input {reset}</h4>
                <RevealableValue value={call.input} label="Original tool input" where="the paused call" />
              </div>
            )}
          </div>
          <div className="paused-actions" role="group" aria-label="Send to the provider">
            <button
              className="primary"
              disabled={busy || !edited.ok}
              onClick={() => {
                if (!edited.ok) return;
                const hold = holdResult ? { pauseOnResult: true } : {};
                act(
                  editChanged
                    ? { action: 'edit_input', input: edited.value, ...hold }
                    : { action: 'continue', ...hold },
                  handWritten
                    ? 'The answer you started writing by hand will not be used: the provider answers.'
                    : undefined,
                );
              }}
            >
              {editChanged ? 'Send edited input' : call.reason === 'approval' ? 'Run it' : 'Send input'}
            </button>
            {call.reason === 'approval' && (
              <span className="reject-call">
                <button
                  className="danger"
                  disabled={busy}
                  title="Refuse the call: the program (and an agent) gets a tool_error with your message"
                  onClick={() =>
                    void resume({
                      action: 'answer',
                      answer: {
                        ok: false,
                        error: {
                          code: 'tool_error',
                          message: rejectMessage.trim() || 'The person at the playground rejected this call.',
                        },
                      },
                    })
                  }
                >
                  Reject
                </button>
                <input
                  aria-label="Reject message"
                  placeholder="with this message (optional)"
                  value={rejectMessage}
                  maxLength={2000}
                  onChange={(e) => setRejectMessage(e.target.value)}
                />
              </span>
            )}
            <button
              disabled={busy || !edited.ok}
              title="Send the input shown, then stop at the next tool call"
              onClick={() => {
                if (!edited.ok) return;
                act(
                  editChanged
                    ? { action: 'edit_input', input: edited.value, step: true }
                    : { action: 'step' },
                  handWritten
                    ? 'The answer you started writing by hand will not be used: the provider answers.'
                    : undefined,
                );
              }}
            >
              Send and step
            </button>
            <label
              className="field-inline"
              title="Hold the provider's answer so you can edit it before the guest gets it"
            >
              <input type="checkbox" checked={holdResult} onChange={(e) => setHoldResult(e.target.checked)} />{' '}
              hold the real result for editing
            </label>
          </div>
          <details className="hand-answer">
            <summary>Answer by hand instead (the provider is not called)</summary>
            <AnswerEditor
              mode={mode}
              setMode={setMode}
              value={{
                label: 'Value the guest gets (JSON)',
                initial: undefined,
                onChange: setHandAnswer,
                testId: 'hand-json',
              }}
              error={error}
            />
            <button
              disabled={busy || (mode === 'value' && !handAnswer.ok)}
              onClick={() => {
                const answer = mode === 'error' ? errorAnswer() : valueAnswer(handAnswer);
                if (!answer) return;
                act(
                  { action: 'answer', answer },
                  editChanged
                    ? 'Your edited input will not be sent: answering by hand skips the provider.'
                    : undefined,
                  'Answer without sending my input',
                );
              }}
            >
              Answer by hand
            </button>
          </details>
        </>
      ) : (
        <>
          <div>
            <h4>The provider answered</h4>
            {call.result?.ok ? (
              <RevealableValue value={call.result.result} label="Provider result" where="the paused call" />
            ) : (
              <code>
                {call.result?.error.code}: {call.result?.error.message}
              </code>
            )}
          </div>
          <div className="paused-editor">
            <AnswerEditor
              mode={mode}
              setMode={setMode}
              value={{
                editorKey,
                label: 'Result the guest gets (JSON)',
                initial: resultValue(call.result),
                onChange: setEdited,
                testId: 'paused-json',
              }}
              error={error}
            />
            {mode === 'value' && editChanged && reset}
          </div>
          <div className="paused-actions">
            {(() => {
              const resultChanged = mode === 'error' ? !jsonEqual(errorAnswer(), call.result) : editChanged;
              const dropWarning = resultChanged
                ? 'You edited the result. Sending the provider’s answer as is drops your edit.'
                : undefined;
              const written = mode === 'error' ? errorAnswer() : valueAnswer(edited);
              return (
                <>
                  <button
                    className={resultChanged ? '' : 'primary'}
                    disabled={busy}
                    onClick={() => act({ action: 'continue' }, dropWarning, 'Drop my edit and send as is')}
                  >
                    Send as is
                  </button>
                  <button
                    className={resultChanged ? 'primary' : ''}
                    disabled={busy || !written || !resultChanged}
                    onClick={() => written && void resume({ action: 'edit_result', result: written })}
                  >
                    Send edited result
                  </button>
                  <button
                    disabled={busy}
                    onClick={() => act({ action: 'step' }, dropWarning, 'Drop my edit and step')}
                    title="Send the provider's answer as is, then stop at the next tool call"
                  >
                    Send as is and step
                  </button>
                </>
              );
            })()}
          </div>
        </>
      )}
      {discard && (
        <div className="banner warn" role="alert" data-testid="discard-warning">
          <p>{discard.warning}</p>
          <button className="danger" disabled={busy} onClick={() => void resume(discard.action)}>
            {discard.confirmLabel}
          </button>{' '}
          <button onClick={() => setDiscard(null)}>Keep editing</button>
        </div>
      )}
    </section>
  );
}

/**
 * The guest's answer, written by hand: a JSON value, or an error (code and message); the radios pick
 * which. Used for an answer instead of the provider's and for an edit of the provider's answer.
 */
function AnswerEditor(props: {
  mode: 'value' | 'error';
  setMode(mode: 'value' | 'error'): void;
  /** The JSON editor; a new `editorKey` remounts it with `initial` again. */
  value: {
    label: string;
    initial: unknown;
    onChange(parse: JsonParse): void;
    testId: string;
    editorKey?: number;
  };
  error: {
    code: ExecuteErrorCode;
    setCode(code: ExecuteErrorCode): void;
    message: string;
    setMessage(message: string): void;
  };
}) {
  const { mode, setMode, value, error } = props;
  return (
    <>
      <div className="answer-kind">
        <label>
          <input type="radio" checked={mode === 'value'} onChange={() => setMode('value')} /> answer with a
          value
        </label>
        <label>
          <input type="radio" checked={mode === 'error'} onChange={() => setMode('error')} /> answer with an
          error
        </label>
      </div>
      {mode === 'value' ? (
        <JsonTextArea
          key={value.editorKey}
          label={value.label}
          initial={value.initial}
          onChange={value.onChange}
          testId={value.testId}
        />
      ) : (
        <div className="answer-error">
          <select
            aria-label="Error code"
            value={error.code}
            onChange={(event) => error.setCode(event.target.value as ExecuteErrorCode)}
          >
            {EXECUTE_ERROR_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
          <input
            aria-label="Error message"
            placeholder="message"
            value={error.message}
            onChange={(event) => error.setMessage(event.target.value)}
          />
        </div>
      )}
    </>
  );
}

function resultValue(result: DebugToolResult | undefined): unknown {
  return result?.ok ? result.result : undefined;
}
