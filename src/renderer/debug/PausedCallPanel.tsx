import { useState } from 'react';
import type { DebugToolResult, PausedCall, ResumeAction } from '../../shared/api/debug';
import { EXECUTE_ERROR_CODES, type ExecuteErrorCode } from '../../shared/errors';
import { ValueViewer } from '../values/ValueViewer';
import { usePlaygroundStore } from '../state/store';
import { describeError } from '../util/describeError';
import { useDebugStore } from './debugStore';
import { JsonTextArea, type JsonParse } from './JsonTextArea';
import { useDebugSync } from './useDebugSync';

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
  if (paused.length === 0)
    return (
      <div className="pane-empty">
        No call is paused. Set a breakpoint and run: the call stops here before the provider sees it.
      </div>
    );
  return (
    <div className="debug-panel paused-panel">
      {paused.map((call) => (
        <PausedCallCard key={call.pauseId} call={call} />
      ))}
    </div>
  );
}

function PausedCallCard({ call }: { call: PausedCall }) {
  const api = useDebugSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const [edited, setEdited] = useState<JsonParse>({
    ok: true,
    value: call.phase === 'call' ? call.input : resultValue(call.result),
  });
  const [mode, setMode] = useState<'value' | 'error'>(call.result && !call.result.ok ? 'error' : 'value');
  const [errorCode, setErrorCode] = useState<ExecuteErrorCode>(
    call.result && !call.result.ok ? call.result.error.code : 'tool_error',
  );
  const [errorMessage, setErrorMessage] = useState(
    call.result && !call.result.ok ? call.result.error.message : '',
  );
  const [busy, setBusy] = useState(false);

  const resume = async (action: ResumeAction) => {
    setBusy(true);
    try {
      await api.debug.resume(call.pauseId, action);
    } catch (error) {
      notify('error', describeError(error));
      setBusy(false);
    }
  };
  const written = (): DebugToolResult | undefined =>
    mode === 'error'
      ? { ok: false, error: { code: errorCode, message: errorMessage } }
      : edited.ok
        ? edited.value === undefined
          ? { ok: true }
          : { ok: true, result: edited.value }
        : undefined;

  return (
    <section
      className={`paused-call ${call.reason}`}
      data-testid="paused-call"
      aria-label={`Paused call ${call.callId}`}
    >
      <header>
        <strong>
          {call.providerName}.{call.toolName}
        </strong>{' '}
        <span className="muted">
          {call.phase === 'call' ? 'held before the provider is called' : 'held with the provider’s answer'},
          by {REASON_WORDS[call.reason]} · call {call.callId}
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
      {call.phase === 'result' && (
        <div>
          <h4>The provider answered</h4>
          {call.result?.ok ? (
            <ValueViewer value={call.result.result} label="Provider result" />
          ) : (
            <code>
              {call.result?.error.code}: {call.result?.error.message}
            </code>
          )}
        </div>
      )}
      {call.phase === 'call' && (
        <div>
          <h4>Input</h4>
          <ValueViewer value={call.input} label="Tool input" />
        </div>
      )}
      <div className="paused-editor">
        {call.phase === 'call' || mode === 'value' ? (
          <JsonTextArea
            label={
              call.phase === 'call'
                ? 'JSON: the input to send, or the answer to give by hand'
                : 'Result to send (JSON)'
            }
            initial={call.phase === 'call' ? call.input : resultValue(call.result)}
            onChange={setEdited}
            testId="paused-json"
          />
        ) : null}
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
        {mode === 'error' && (
          <div className="answer-error">
            <select
              aria-label="Error code"
              value={errorCode}
              onChange={(event) => setErrorCode(event.target.value as ExecuteErrorCode)}
            >
              {EXECUTE_ERROR_CODES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
            <input
              aria-label="Error message"
              placeholder="message"
              value={errorMessage}
              onChange={(event) => setErrorMessage(event.target.value)}
            />
          </div>
        )}
      </div>
      <div className="paused-actions">
        {call.phase === 'call' ? (
          <>
            <button className="primary" disabled={busy} onClick={() => void resume({ action: 'continue' })}>
              {call.reason === 'approval' ? 'Run it' : 'Continue'}
            </button>
            {call.reason === 'approval' && (
              <button
                className="danger"
                disabled={busy}
                title="Refuse the call: the program (and an agent) gets a tool_error with the message from the error field, if you wrote one"
                onClick={() =>
                  void resume({
                    action: 'answer',
                    answer: {
                      ok: false,
                      error: {
                        code: 'tool_error',
                        message:
                          (mode === 'error' && errorMessage.trim()) ||
                          'The person at the playground rejected this call.',
                      },
                    },
                  })
                }
              >
                Reject
              </button>
            )}
            <button
              disabled={busy}
              onClick={() => void resume({ action: 'step' })}
              title="Dispatch, then stop at the next tool call"
            >
              Step
            </button>
            <button
              disabled={busy}
              onClick={() => void resume({ action: 'continue', pauseOnResult: true })}
              title="Dispatch, then hold the provider's answer so you can edit it"
            >
              Continue and edit result
            </button>
            <button
              disabled={busy || !edited.ok}
              onClick={() => edited.ok && void resume({ action: 'edit_input', input: edited.value })}
            >
              Send edited input
            </button>
            <button
              disabled={busy || !written()}
              onClick={() => {
                const answer = written();
                if (answer) void resume({ action: 'answer', answer });
              }}
              title="Answer without calling the provider"
            >
              Answer by hand
            </button>
          </>
        ) : (
          <>
            <button className="primary" disabled={busy} onClick={() => void resume({ action: 'continue' })}>
              Send as is
            </button>
            <button
              disabled={busy || !written()}
              onClick={() => {
                const result = written();
                if (result) void resume({ action: 'edit_result', result });
              }}
            >
              Send edited result
            </button>
            <button
              disabled={busy}
              onClick={() => void resume({ action: 'step' })}
              title="Send as is, then stop at the next tool call"
            >
              Step
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function resultValue(result: DebugToolResult | undefined): unknown {
  return result?.ok ? result.result : undefined;
}
