import { useState } from 'react';
import {
  CONFORMANCE_CATEGORIES,
  type ConformanceCaseInfo,
  type ConformanceCaseResult,
  type ConformanceTarget,
} from '../../../shared/api/network';
import { formatTranscriptLine } from '../../../shared/conformance/formatTranscriptLine';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useNetworkStore } from './networkStore';
import { useNetworkSync } from './useNetworkSync';
import './network.css';

type TargetKind = ConformanceTarget['kind'];

function CaseRow({ info, result }: { info: ConformanceCaseInfo; result?: ConformanceCaseResult }) {
  const [open, setOpen] = useState(false);
  const status = result ? result.status : 'pending';
  return (
    <li className={`conformance-case is-${status}`} data-testid="conformance-case" data-case-id={info.id}>
      <button className="conformance-case-head" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className={`conformance-status is-${status}`}>
          {status === 'pending' ? '…' : status.toUpperCase()}
        </span>
        <span className="conformance-id">{info.id}</span>
        <span className="conformance-title">
          {info.title}
          {info.level === 'should' ? ' (should)' : ''}
        </span>
      </button>
      {open && (
        <div className="conformance-detail">
          <p className="conformance-rule">
            <strong>Rule:</strong> {info.rule} <span className="muted">({info.section})</span>
          </p>
          {result?.reason && (
            <p className="conformance-reason">
              <strong>Why it failed:</strong> {result.reason}
            </p>
          )}
          {result && (
            <pre className="conformance-transcript" aria-label={`Transcript of ${info.id}`}>
              {result.transcript.map(formatTranscriptLine).join('\n') || '(nothing was exchanged)'}
            </pre>
          )}
          {result?.stderr && (
            <pre className="conformance-transcript" aria-label={`Runner stderr of ${info.id}`}>
              {result.stderr}
            </pre>
          )}
        </div>
      )}
    </li>
  );
}

/** Runs the runner conformance kit against a chosen runner and shows each case with its transcript. */
export function ConformanceView() {
  const api = useNetworkSync();
  const cases = useNetworkStore((s) => s.cases);
  const run = useNetworkStore((s) => s.run);
  const notify = usePlaygroundStore((s) => s.notify);
  const [kind, setKind] = useState<TargetKind>('builtin');
  const [command, setCommand] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [category, setCategory] = useState('');

  const running = run !== undefined && run.report === undefined;
  const target = (): ConformanceTarget =>
    kind === 'stdio'
      ? { kind, command }
      : kind === 'ws'
        ? { kind, url, ...(token ? { token } : {}) }
        : { kind };
  const start = async () => {
    try {
      const { runId } = await api.network.runConformance({
        target: target(),
        ...(category ? { caseIds: [category] } : {}),
      });
      useNetworkStore.setState({ run: { runId, results: [] } });
    } catch (error) {
      notify('error', describeError(error));
    }
  };

  const results = new Map((run?.results ?? []).map((r) => [r.id, r]));
  const passed = run?.results.filter((r) => r.status === 'pass').length ?? 0;
  const failed = (run?.results.length ?? 0) - passed;
  const selected = category ? cases.filter((c) => c.category === category) : cases;
  const shown = onlyFailed ? selected.filter((c) => results.get(c.id)?.status === 'fail') : selected;

  return (
    <div className="network-panel conformance-view">
      <form
        className="conformance-form"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <fieldset className="conformance-targets">
          <legend>Runner to check</legend>
          {(
            [
              ['builtin', 'Built-in runner'],
              ['stdio', 'Command (stdio)'],
              ['ws', 'WebSocket URL'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="conformance-target"
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {kind === 'stdio' && (
          <input
            aria-label="Runner command"
            placeholder="e.g. ./my-go-runner --stdio"
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            required
          />
        )}
        {kind === 'ws' && (
          <>
            <input
              aria-label="Runner URL"
              placeholder="ws://127.0.0.1:8787"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
            />
            <input
              aria-label="Runner token"
              type="password"
              placeholder="token"
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
          </>
        )}
        <label className="field-inline">
          Cases
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">all {cases.length}</option>
            {CONFORMANCE_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button className="primary" type="submit" disabled={running}>
          {running ? 'Checking…' : 'Run conformance'}
        </button>
      </form>
      {run && (
        <div className="conformance-summary" data-testid="conformance-summary" aria-live="polite">
          {running
            ? `Running: ${run.results.length}/${selected.length} cases, ${failed} failed so far`
            : `${failed === 0 ? 'Conforms' : 'Does not conform'}: ${passed}/${run.results.length} cases passed, ${failed} failed`}
          <label className="chip">
            <input type="checkbox" checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} />{' '}
            only failures
          </label>
        </div>
      )}
      <ul className="conformance-cases">
        {shown.map((info) => (
          <CaseRow key={info.id} info={info} result={results.get(info.id)} />
        ))}
      </ul>
    </div>
  );
}
