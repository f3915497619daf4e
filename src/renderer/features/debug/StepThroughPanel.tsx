import { useEffect, useMemo, useRef, useState } from 'react';
import { describeExecuteError } from '../../../shared/format';
import { transcriptStateAt } from '../../../shared/transcriptSteps';
import { summarizeTranscriptEntry } from '../../../shared/transcriptSummary';
import { RevealableValue } from './RevealableValue';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';
import { selectCall, useTranscriptChoice, useViewedTranscript } from '../../state/viewedTranscript';
import { TranscriptPicker } from '../../ui/TranscriptPicker';
import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptCall } from '../../../shared/transcriptCalls';
import { Icon } from '../../ui/Icon';
import { useApi } from '../../state/hostContext';
import { STEP_WINDOW, useStepEntries } from './useStepEntries';

const NO_ENTRIES: TranscriptEntry[] = [];

/** Move forward and back through a recorded run, with the code and the state at each step. */
export function StepThroughPanel() {
  useDebugSync();
  const source = useViewedTranscript();
  const transcriptChoice = useTranscriptChoice();
  const selectedCallId = useDebugStore((s) => s.selectedCallId);
  const api = useApi();
  // The entries the page holds: all of a short transcript, the tail of a long run (from firstIndex).
  const entries = source?.entries ?? NO_ENTRIES;
  const firstIndex = source?.firstIndex ?? 0;
  const total = firstIndex + entries.length;
  const [position, setPosition] = useState<{ key: string; step: number }>({ key: '', step: -1 });
  const step = position.key === source?.key ? position.step : -1;
  const index = Math.min(step, total - 1);
  const stepEntries = useStepEntries(source, index);
  const state = useMemo(() => transcriptStateAt(stepEntries.entries, stepEntries.at), [stepEntries]);
  // A call selected in another view: step to where it was made (state adjusted while rendering).
  const [seenSelection, setSeenSelection] = useState(selectedCallId);
  const [finding, setFinding] = useState<{ key: string; callId: string } | null>(null);
  if (seenSelection !== selectedCallId) {
    setSeenSelection(selectedCallId);
    const at = entries.findIndex(
      (e) => e.kind === 'message' && e.message.type === 'tool_call' && e.message.callId === selectedCallId,
    );
    const currentCallId = state.entry ? callIdOf(state.entry) : undefined;
    if (source && at >= 0 && currentCallId !== selectedCallId)
      setPosition({ key: source.key, step: firstIndex + at });
    // Before a long run's held tail (also from the step before the run): the host finds it.
    else if (source && at < 0 && firstIndex > 0 && selectedCallId && currentCallId !== selectedCallId)
      setFinding({ key: source.key, callId: selectedCallId });
  }
  const runId = source?.runId;
  useEffect(() => {
    if (!finding || runId === undefined) return;
    let stale = false;
    api.runs.transcriptSearch(runId, `type:tool_call call:"${finding.callId.replace(/"/g, '')}"`).then(
      (found) => {
        if (!stale && found.index !== null) setPosition({ key: finding.key, step: found.index });
      },
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [api, runId, finding]);
  // A step taken here selects its call in the other views (one selected there moves this one quietly).
  const stepped = useRef(false);
  useEffect(() => {
    if (!stepped.current) return;
    stepped.current = false;
    const callId = state.entry ? callIdOf(state.entry) : undefined;
    if (callId) selectCall(callId);
  }, [state.entry]);
  if (!source)
    return (
      <div className="pane-empty">
        Open a saved transcript (Saved tab) or run something to step through it.
      </div>
    );
  const go = (to: number) => {
    const next = Math.max(-1, Math.min(total - 1, to));
    stepped.current = next !== index;
    setPosition({ key: source.key, step: next });
  };
  const code = state.code ?? source.code ?? '';

  return (
    <div
      className="debug-panel step-panel"
      // For tests: how many entries the page holds for the step-through (the held tail and what it fetched).
      data-entries-held={entries.length + stepEntries.held}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(index + 1);
        else if (event.key === 'ArrowLeft') go(index - 1);
        else return;
        event.preventDefault();
      }}
    >
      <div className="step-controls">
        {transcriptChoice && <TranscriptPicker {...transcriptChoice} />}
        <button aria-label="First step" onClick={() => go(-1)} disabled={index < 0}>
          « First
        </button>
        <button aria-label="Previous step" onClick={() => go(index - 1)} disabled={index < 0}>
          <Icon name="chevron-left" />
        </button>
        <input
          type="range"
          aria-label="Step"
          min={-1}
          max={total - 1}
          value={index}
          onChange={(event) => go(Number(event.target.value))}
        />
        <button aria-label="Next step" onClick={() => go(index + 1)} disabled={index >= total - 1}>
          <Icon name="chevron-right" />
        </button>
        <button aria-label="Last step" onClick={() => go(total - 1)} disabled={index >= total - 1}>
          Last »
        </button>
        <span className="muted" data-testid="step-position">
          step {(index + 1).toLocaleString('en-US')} of {total.toLocaleString('en-US')} ·{' '}
          {stepEntries.loading ? 'loading…' : state.phase.replace('_', ' ')}
        </span>
        {stepEntries.windowed && (
          <span
            className="muted"
            title={`The calls are those of the ${STEP_WINDOW.toLocaleString('en-US')} entries up to this step: the run is longer than the page holds.`}
          >
            (last {STEP_WINDOW.toLocaleString('en-US')} entries)
          </span>
        )}
      </div>
      <div className="step-body">
        <section>
          <h4>Now</h4>
          {state.entry ? (
            <>
              <div className="step-summary">
                <code>{summarizeTranscriptEntry(state.entry)}</code>{' '}
                <span className="muted">at {state.entry.at} ms</span>
              </div>
              <RevealableValue
                value={state.entry.kind === 'message' ? state.entry.message : state.entry.event}
                label="Current entry"
                where="the step-through"
              />
            </>
          ) : (
            <p className="muted">Before the run. Use ▶ or the → key.</p>
          )}
        </section>
        <section>
          <h4>Pending calls ({state.pendingCalls.length})</h4>
          {state.pendingCalls.map((call) => (
            <div key={call.callId} className="step-call pending">
              {call.providerName}.{call.toolName} <CallInput call={call} />
            </div>
          ))}
          <h4>Answered calls ({state.completedCalls.length})</h4>
          {state.completedCalls.map((call) => (
            <div key={call.callId} className={`step-call ${call.outcome?.ok ? 'ok' : 'failed'}`}>
              {call.providerName}.{call.toolName} →{' '}
              <code>
                {call.outcome?.ok
                  ? (JSON.stringify(call.outcome.result) ?? 'undefined')
                  : `${call.outcome?.error.code}: ${call.outcome?.error.message}`}
              </code>
              {call.marks.length > 0 && (
                <span className="call-marks"> ({call.marks.join(', ').replace(/_/g, ' ')})</span>
              )}
              {call.sentInput && (
                <div>
                  input <CallInput call={call} />
                </div>
              )}
            </div>
          ))}
        </section>
        <section>
          <h4>Logs</h4>
          {state.logs.length ? (
            <pre className="logs">{state.logs.join('\n')}</pre>
          ) : (
            <p className="muted">{state.done ? 'Nothing was logged.' : 'Logs arrive with done.'}</p>
          )}
          <h4>Result</h4>
          {state.done ? (
            state.done.ok ? (
              <RevealableValue value={state.done.result} label="Recorded result" where="the step-through" />
            ) : (
              <code>
                {state.done.error.code}: {describeExecuteError(state.done.error)}
              </code>
            )
          ) : (
            <p className="muted">Not finished at this step.</p>
          )}
        </section>
        <section className="step-code">
          <h4>Code</h4>
          <pre>{code}</pre>
        </section>
      </div>
    </div>
  );
}

/** The input as the provider got it; when a person edited it, the guest's original beside it. */
function CallInput({ call }: { call: TranscriptCall }) {
  if (!call.sentInput) return <code>{JSON.stringify(call.input) ?? ''}</code>;
  return (
    <span data-testid="edited-input">
      <code>{JSON.stringify(call.sentInput.value) ?? 'undefined'}</code>{' '}
      <span className="muted">
        (edited; the guest sent <code>{JSON.stringify(call.input) ?? 'undefined'}</code>)
      </span>
    </span>
  );
}

function callIdOf(entry: TranscriptEntry): string | undefined {
  if (entry.kind === 'event') return 'callId' in entry.event ? entry.event.callId : undefined;
  return 'callId' in entry.message ? entry.message.callId : undefined;
}
