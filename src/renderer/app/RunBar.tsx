import { useDeferredValue, useEffect, useState } from 'react';
import type { ExecutorChoice } from '../../shared/api/runs';
import type { RuntimeSettings, RuntimeSettingsPatch } from '../../shared/api/workspace';
import { RUNTIME_OPTION_FIELDS, runtimeLimitsProblem } from '../../shared/runtimeOptionFields';
import type { PausedCall } from '../../shared/api/debug';
import { useDebugStore } from '../state/debugStore';
import { cancelCurrentRun, runActiveSnippet } from '../state/runActions';
import { useApi } from '../state/hostContext';
import { isOwnRun, useCurrentRun, usePlaygroundStore } from '../state/store';
import { describeError } from '../state/describeError';
import { describeRunOrigin, describeRunOutcome, formatDuration } from '../../shared/format';
import { ShownRunOrigin } from './ShownRunOrigin';
import { LimitInput } from '../ui/LimitInput';
import { shortcutLabel } from '../ui/shortcutLabel';
import { Icon } from '../ui/Icon';
import { ProgressMeter } from '../ui/ProgressMeter';
import { useDisplaySettings } from '../ui/display/displaySettings';
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

const PAUSE_WORDS: Record<PausedCall['reason'], string> = {
  breakpoint: 'breakpoint',
  step: 'step',
  diverged: 'differs from the recording',
  approval: 'waiting for approval',
};

/** The call of this run the debugger holds now, if any: the run is paused, not running. */
function usePausedCallOf(runId: string | undefined): PausedCall | undefined {
  return useDebugStore((s) => (runId ? s.paused.find((call) => call.runId === runId) : undefined));
}

function executorValue(choice: ExecutorChoice | undefined): string {
  if (!choice) return 'process:pooled';
  if (choice.kind === 'remote' || choice.kind === 'command') return choice.kind;
  return `${choice.kind}:${choice.mode}`;
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
  const tapName = run?.request?.origin?.kind === 'tap' ? run.request.origin.clientName : undefined;
  const running = starting || (live && tapName === undefined);
  // Only the person's own run keeps them from running: an agent's run or a tapped session shown never does.
  const ownGoing = usePlaygroundStore((s) => {
    const own = s.ownRunId ? s.runs[s.ownRunId] : undefined;
    return s.starting || (own !== undefined && own.result === undefined && !own.hostStopped);
  });
  const elapsed = useElapsed(run?.seenAt, run?.finishedAt);
  const now = run?.seenAt === undefined ? 0 : run.seenAt + (elapsed ?? 0);
  const runtime = workspace?.runtime;
  const refused = runtimeLimitsProblem(runtime?.limits);
  const canRun = !ownGoing && workspace?.activeSnippetId != null && connection === 'open' && !refused;
  const pausedOn = usePausedCallOf(run?.runId);
  // Presenting, the executor and limits wait behind a button: the bar stays one line, the panes keep the height.
  const { presenting } = useDisplaySettings();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const save = (settings: Parameters<typeof api.workspace.setRuntimeSettings>[0]) =>
    api.workspace.setRuntimeSettings(settings).then(
      () => usePlaygroundStore.getState().settled('runtime-settings'),
      (error: unknown) =>
        usePlaygroundStore
          .getState()
          .notify('error', `The setting was not saved: ${describeError(error)}`, 'runtime-settings'),
    );

  const remote = runtime?.executor.kind === 'remote' ? runtime.executor : undefined;

  return (
    <div className="run-bar" role="toolbar" aria-label="Run">
      <button
        className="primary"
        onClick={() => void runActiveSnippet(api)}
        disabled={!canRun}
        title={
          connection !== 'open'
            ? 'The host is not connected; Run works again when it is back'
            : refused
              ? `Run is off: ${refused}`
              : ownGoing && !starting && !isOwnRun(run?.origin)
                ? 'Your own run is still going (Back to your run shows it)'
                : `Run the program (${shortcutLabel('Mod+Enter')})`
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
      <ShownRunOrigin run={run} />
      <span className={`run-state ${live ? 'is-running' : ''}`} data-testid="run-state" aria-live="polite">
        {refused && !running && !live ? (
          <span className="run-refused" role="alert">
            Run is off: {refused}
          </span>
        ) : live && pausedOn ? (
          <span className="run-paused">
            Paused on {pausedOn.providerName}.{pausedOn.toolName} ({PAUSE_WORDS[pausedOn.reason]}
            {pausedOn.origin.kind === 'person' ? '' : `, asked by ${describeRunOrigin(pausedOn.origin)}`}) ·
            waiting {formatDuration(Math.max(0, now - pausedOn.pausedAt))}
          </span>
        ) : live && tapName !== undefined ? (
          <>
            <span className="spinner" aria-hidden /> Watching…{' '}
            {elapsed !== undefined ? formatDuration(elapsed) : ''}
          </>
        ) : starting ? (
          <>
            <span className="spinner" aria-hidden /> Starting…
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
          <RunBarOutcome text={describeRunOutcome(run.result, run.facts, run.origin)} />
        ) : (
          'Ready'
        )}
      </span>
      <span className="run-bar-spacer" />
      {presenting && (
        <button
          className="link"
          aria-expanded={settingsOpen}
          title="The executor and the run's limits"
          onClick={() => setSettingsOpen((open) => !open)}
        >
          Run settings <Icon name={settingsOpen ? 'chevron-up' : 'chevron-down'} />
        </button>
      )}
      {(!presenting || settingsOpen) && <RunSettings runtime={runtime} remote={remote} save={save} />}
    </div>
  );
}

/** The executor choice and the run's limits, each saved to the workspace as it changes. */
function RunSettings({
  runtime,
  remote,
  save,
}: {
  runtime: RuntimeSettings | undefined;
  remote: Extract<ExecutorChoice, { kind: 'remote' }> | undefined;
  save(settings: RuntimeSettingsPatch): void;
}) {
  return (
    <>
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
          {runtime?.executor.kind === 'command' && (
            <option value="command">
              Runner command: {[runtime.executor.command, ...(runtime.executor.args ?? [])].join(' ')}
            </option>
          )}
        </select>
      </label>
      {runtime &&
        RUNTIME_OPTION_FIELDS.map((field) => (
          <LimitInput
            key={field.name}
            field={field}
            value={runtime.limits[field.name] / field.scale}
            onCommit={(value) => save({ limits: { ...runtime.limits, [field.name]: value * field.scale } })}
          />
        ))}
    </>
  );
}

/** The time the person waited, with the guest's own time (and any held time) beside it. */
function RunBarOutcome({ text }: { text: ReturnType<typeof describeRunOutcome> }) {
  return (
    <span
      className={`run-outcome outcome-${text.kind}`}
      title={`${text.sentence}${text.timing ? ` (${text.timing})` : ''}`}
    >
      {text.sentence}
      {text.timing && <span className="muted run-timing"> ({text.timing})</span>}
    </span>
  );
}
