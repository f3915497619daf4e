import { useState } from 'react';
import type { PausedCall, ResumeAction } from '../../../shared/api/debug';
import { jsonEqual } from '../../../shared/transcriptJsonEqual';
import { describeError } from '../../state/describeError';
import { usePlaygroundStore } from '../../state/store';
import { useDebugSync } from '../../state/useDebugSync';
import { JsonTextArea, type JsonParse } from './JsonTextArea';
import { HeldCallRun } from './HeldCallRun';

/**
 * A message `execbox tap` holds between two real programs (a runner's tool_call, a host's
 * tool_result): forward it, forward an edited one, or drop it. Unlike a call the app holds for its
 * own run, what is decided here is what the other program really receives.
 */
export function TapHeldCard({
  call,
  originName,
}: {
  call: PausedCall & { tap: NonNullable<PausedCall['tap']> };
  originName: string;
}) {
  const api = useDebugSync();
  const notify = usePlaygroundStore((s) => s.notify);
  const { direction, message } = call.tap;
  const [edited, setEdited] = useState<JsonParse>({ ok: true, value: message });
  const [holdResult, setHoldResult] = useState(false);
  const [busy, setBusy] = useState(false);
  const changed = !edited.ok || !jsonEqual(edited.value, message);
  const from = direction === 'runner_to_host' ? 'runner' : 'host';
  const to = direction === 'runner_to_host' ? 'host' : 'runner';

  const resume = async (action: ResumeAction) => {
    setBusy(true);
    try {
      await api.debug.resume(call.pauseId, action);
    } catch (error) {
      notify('error', describeError(error));
      setBusy(false);
    }
  };
  const hold = call.phase === 'call' && holdResult ? { pauseOnResult: true } : {};

  return (
    <section
      className="paused-call tap-held"
      data-testid="paused-call"
      data-run-id={call.runId}
      aria-label={`Held ${message.type} ${call.callId} of ${originName}`}
    >
      <HeldCallRun call={call} originName={originName} />
      <header>
        <strong>
          {message.type} from the {from}
        </strong>{' '}
        <span className="muted">
          {call.providerName}.{call.toolName} · held by execbox tap
        </span>
      </header>
      <p className="banner warn" role="note" data-testid="tap-warning">
        This message is on its way between two real programs, not a run of this app. Whatever you do here
        changes what the real {to} sees: an edited message is sent instead of this one, and a dropped one
        never arrives.
      </p>
      <div className="paused-editor">
        <JsonTextArea
          label={`The ${message.type} message the ${to} will get (JSON, checked as a protocol message)`}
          initial={message}
          onChange={setEdited}
          testId="tap-message-json"
        />
      </div>
      <div className="paused-actions" role="group" aria-label={`Forward to the ${to}`}>
        <button
          className={changed ? '' : 'primary'}
          disabled={busy}
          onClick={() => void resume({ action: 'continue', ...hold })}
        >
          Forward as is
        </button>
        <button
          className={changed ? 'primary' : ''}
          disabled={busy || !edited.ok || !changed}
          onClick={() => edited.ok && void resume({ action: 'edit_message', message: edited.value, ...hold })}
        >
          Forward edited message
        </button>
        <button className="danger" disabled={busy} onClick={() => void resume({ action: 'drop' })}>
          Drop it
        </button>
        {call.phase === 'call' && (
          <label
            className="field-inline"
            title="Hold the host's tool_result for this call too, before the runner gets it"
          >
            <input type="checkbox" checked={holdResult} onChange={(e) => setHoldResult(e.target.checked)} />{' '}
            hold the host’s answer too
          </label>
        )}
      </div>
    </section>
  );
}
