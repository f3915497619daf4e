import { useDeferredValue, useEffect, useState } from 'react';
import type { ExecutorChoice } from '../../shared/api/runs';
import type { ExecutorRuntimeOptions } from '../../shared/runtimeOptions';
import { cancelCurrentRun, runActiveSnippet } from '../state/runActions';
import { useApi } from '../state/hostContext';
import { useCurrentRun, usePlaygroundStore } from '../state/store';
import { describeError } from '../state/describeError';
import { describeRunOutcome, formatDuration } from '../../shared/format';
import { LimitInput } from '../ui/LimitInput';
import { shortcutLabel } from '../ui/shortcutLabel';
import { Icon } from '../ui/Icon';
import { ProgressMeter } from '../ui/ProgressMeter';
import { transcriptModelFor } from '../features/transcript/transcriptModel';
import { runTranscriptKey } from '../state/viewedTranscript';
import type { RunView } from '../state/runView';

const EXECUTORS: { value: string; label: string; choice: ExecutorChoice }[] = [
  { value: 'process:pooled', label: 'Process (pooled)', choice: { kind: 'process', mode: 'pooled' } },
  {
    value: 'process:ephemeral',
    label: 'Process (fresh each run)',
    choice: { kind: 'process', mode: 'ephemeral' },
  },
  { value: 'worker:pooled', label: 'Worker thread (pooled)', choice: { kind: 'worker', mode: 'pooled' } },
  {
    value: 'worker:ephemeral',
    label: 'Worker thread (fresh each run)',
    choice: { kind: 'worker', mode: 'ephemeral' },
  },
];

const LIMITS: { key: keyof ExecutorRuntimeOptions; label: string; unit: string; title: string }[] = [
  { key: 'timeoutMs', label: 'Timeout', unit: 'ms', title: 'Wall-clock budget for the whole run' },
  { key: 'memoryLimitBytes', label: 'Memory', unit: 'MiB', title: 'QuickJS heap limit' },
  { key: 'maxLogLines', label: 'Log lines', unit: '', title: 'Most console lines kept' },
  { key: 'maxLogChars', label: 'Log chars', unit: '', title: 'Most console characters kept' },
];

function executorValue(choice: ExecutorChoice | undefined): string {
  if (!choice) return 'process:pooled';
  return choice.kind === 'remote' ? 'remote' : `${choice.kind}:${choice.mode}`;
}

function useElapsed(since: number | undefined, until: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined || until !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [since, until]);
  if (since === undefined) return undefined;
  return Math.max(0, (until ?? now) - since);
}

/** The tool call that reported progress last, while it runs: "· ▬▬▭ progress 2/5 · everything.slow". */
function RunningCallProgress(props: { runId: string; entries: RunView['entries'] }) {
  // Deferred like the transcript pane's copy: deriving a batch's rows then happens in the
  // interruptible render, not in the urgent one that takes the batch in.
  const entries = useDeferredValue(props.entries);
  // Under the transcript pane's key: the rows built for one are the rows of the other.
  const row = transcriptModelFor(runTranscriptKey(props.runId), entries).progressing;
  if (!row?.progress) return null;
  const name = `${row.provider ?? ''}.${row.tool ?? ''}`;
  return (
    <span className="running-call" data-testid="running-call-progress">
      {' · '}
      <ProgressMeter {...row.progress} label={`${name} progress`} />
      {row.note} · {name}
    </span>
  );
}

/** Run and Cancel, the executor, the limits, and what is happening now. */
export function RunBar() {
  const api = useApi();
  const workspace = usePlaygroundStore((s) => s.workspace);
  const starting = usePlaygroundStore((s) => s.starting);
  const run = useCurrentRun();
  const connection = usePlaygroundStore((s) => s.connection);
  const live = run !== undefined && run.result === undefined && !run.hostStopped;
  // A tapped session is two other programs talking: watching it never keeps the person from running.
  const tapName = run?.request?.origin?.kind === 'tap' ? run.request.origin.clientName : undefined;
  const running = starting || (live && tapName === undefined);
  const elapsed = useElapsed(run?.seenAt, run?.finishedAt);
  const runtime = workspace?.runtime;
  const canRun = !running && workspace?.activeSnippetId != null && connection === 'open';

  const save = (settings: Parameters<typeof api.workspace.setRuntimeSettings>[0]) =>
    api.workspace
      .setRuntimeSettings(settings)
      .catch((error: unknown) => usePlaygroundStore.getState().notify('error', describeError(error)));

  const remote = runtime?.executor.kind === 'remote' ? runtime.executor : undefined;

  return (
    <div className="run-bar" role="toolbar" aria-label="Run">
      <button
        className="primary"
        onClick={() => void runActiveSnippet(api)}
        disabled={!canRun}
        title={
          connection === 'open'
            ? `Run the program (${shortcutLabel('Mod+Enter')})`
            : 'The host is not connected; Run works again when it is back'
        }
      >
        <Icon name="play" /> Run
      </button>
      <button
        onClick={() => void cancelCurrentRun(api)}
        disabled={!live && !starting}
        title={
          tapName === undefined
            ? 'Cancel the run (Esc)'
            : 'Stop watching the tapped session (the programs go on)'
        }
      >
        <Icon name="circle-slash" /> {tapName === undefined ? 'Cancel' : 'Stop watching'}
      </button>
      {tapName !== undefined && (
        <span className="run-origin-tap" data-testid="run-origin" title="A session execbox tap streams in">
          tap “{tapName}”
        </span>
      )}
      <span className={`run-state ${live ? 'is-running' : ''}`} data-testid="run-state" aria-live="polite">
        {live && tapName !== undefined ? (
          <>
            <span className="spinner" aria-hidden /> Watching…{' '}
            {elapsed !== undefined ? formatDuration(elapsed) : ''}
          </>
        ) : running ? (
          <>
            <span className="spinner" aria-hidden /> Running…{' '}
            {elapsed !== undefined ? formatDuration(elapsed) : ''}
            {run && <RunningCallProgress runId={run.runId} entries={run.entries} />}
          </>
        ) : run?.hostStopped ? (
          <span className="run-host-stopped">The host stopped before the run finished</span>
        ) : run?.result ? (
          <RunBarOutcome text={describeRunOutcome(run.result, run.facts)} />
        ) : (
          'Ready'
        )}
      </span>
      <span className="run-bar-spacer" />
      <label className="field-inline">
        Executor
        <select
          value={executorValue(runtime?.executor)}
          disabled={!runtime}
          onChange={(e) => {
            const chosen = EXECUTORS.find((x) => x.value === e.target.value);
            if (chosen) void save({ executor: chosen.choice });
          }}
        >
          {EXECUTORS.map((x) => (
            <option key={x.value} value={x.value}>
              {x.label}
            </option>
          ))}
          {remote && <option value="remote">Remote runner at {remote.url}</option>}
        </select>
      </label>
      {runtime &&
        LIMITS.map((limit) => (
          <LimitInput
            key={limit.key}
            label={limit.label}
            unit={limit.unit}
            title={limit.title}
            value={
              limit.key === 'memoryLimitBytes'
                ? runtime.limits[limit.key] / (1024 * 1024)
                : runtime.limits[limit.key]
            }
            onCommit={(value) =>
              save({
                limits: {
                  ...runtime.limits,
                  [limit.key]: limit.key === 'memoryLimitBytes' ? value * 1024 * 1024 : value,
                },
              })
            }
          />
        ))}
    </div>
  );
}

/** The time the person waited, with the guest's own time (and any held time) beside it. */
function RunBarOutcome({ text }: { text: ReturnType<typeof describeRunOutcome> }) {
  return (
    <span className={`run-outcome outcome-${text.kind}`}>
      {text.sentence}
      {text.timing && <span className="muted run-timing"> ({text.timing})</span>}
    </span>
  );
}
