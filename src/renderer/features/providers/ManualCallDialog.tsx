import { useState } from 'react';
import { EXECUTE_ERROR_CODES } from '../../../shared/errors';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { ValueViewer } from '../../ui/values/ValueViewer';

/** A manual mock tool was called: the program waits for the user's answer. */
export function ManualCallDialog() {
  const api = useApi();
  const call = usePlaygroundStore((s) => s.manualCalls[0]);
  const notify = usePlaygroundStore((s) => s.notify);
  const [result, setResult] = useState('null');
  const [errorCode, setErrorCode] = useState('tool_error');
  const [errorMessage, setErrorMessage] = useState('');
  if (!call) return null;
  let parsed: { ok: true; value: unknown } | { ok: false; reason: string };
  try {
    parsed = { ok: true, value: JSON.parse(result) };
  } catch (error) {
    parsed = { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const send = (answer: Parameters<typeof api.providers.answerManualCall>[1]) =>
    api.providers.answerManualCall(call.requestId, answer).then(
      () =>
        usePlaygroundStore.setState((s) => ({
          manualCalls: s.manualCalls.filter((c) => c.requestId !== call.requestId),
        })),
      (error: unknown) => notify('error', describeError(error)),
    );
  return (
    <Dialog title={`${call.providerName}.${call.toolName} is waiting for your answer`} onClose={() => {}}>
      <h3>Input</h3>
      <ValueViewer value={call.input} label="Tool input" />
      <Field label="Result (JSON)" error={parsed.ok ? undefined : parsed.reason}>
        <textarea className="code" rows={4} value={result} onChange={(e) => setResult(e.target.value)} />
      </Field>
      <button
        className="primary"
        disabled={!parsed.ok}
        onClick={() => parsed.ok && void send({ ok: true, result: parsed.value })}
      >
        Answer with this result
      </button>
      <div className="row">
        <Field label="…or fail with">
          <select value={errorCode} onChange={(e) => setErrorCode(e.target.value)}>
            {EXECUTE_ERROR_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
        <Field label="Message">
          <input value={errorMessage} onChange={(e) => setErrorMessage(e.target.value)} />
        </Field>
        <button
          className="danger"
          onClick={() => void send({ ok: false, code: errorCode, message: errorMessage || 'failed by hand' })}
        >
          Fail the call
        </button>
      </div>
    </Dialog>
  );
}
