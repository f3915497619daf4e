import { useDeferredValue } from 'react';
import { useCurrentRun, usePlaygroundStore } from '../../state/store';
import { ERROR_CODE_WORDS } from '../../ui/describeErrorCode';
import { describeExecuteError, describeRunOutcome } from '../../../shared/format';
import { LogsSummary } from '../../features/console/LogsSummary';
import { ValueViewer } from '../../ui/values/ValueViewer';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useSecretReveal } from '../../state/useSecretReveal';
import { McpMediaList } from '../../features/providers/content/McpMediaList';
import { McpResourceList } from '../../features/providers/content/McpResourceList';
import { WelcomeCard } from './WelcomeCard';

/** The finished run's value, logs, error in plain words and duration. */
export function ResultPane() {
  const run = useCurrentRun();
  const starting = usePlaygroundStore((s) => s.starting);
  // Drawn in a render of its own: not in the task that took in (and parsed) a 4 MB result.
  const shownResult = useDeferredValue(run?.result);
  const reveal = useSecretReveal('the result', shownResult, { deferWalk: true });
  if (!run) {
    return starting ? <div className="pane-empty">Starting…</div> : <WelcomeCard />;
  }
  const result = reveal.value;
  if (!result && run.hostStopped)
    return (
      <div className="pane-empty" role="alert">
        The host stopped before the run finished, so it has no result. Run it again once the host is back.
      </div>
    );
  if (!result)
    return <div className="pane-empty">Running… the result appears when the program finishes.</div>;
  const outcome = describeRunOutcome(result, run.facts);
  const timing = outcome.timing && <span className="muted"> ({outcome.timing})</span>;
  return (
    <div className="result" data-testid="result">
      <SecretRevealToggle reveal={reveal} />
      {result.ok ? (
        <div className="result-head ok" data-testid="run-outcome">
          <strong>{outcome.sentence}</strong>
          {timing}
        </div>
      ) : outcome.kind === 'cancelled' ? (
        <div className="result-head cancelled" data-testid="run-outcome">
          <strong>{outcome.sentence}</strong>
          {timing}
        </div>
      ) : (
        <div className="result-head failed" role="alert">
          <div data-testid="run-outcome">
            <strong>{outcome.headline}</strong>{' '}
            <code className="error-code" data-testid="error-code">
              {result.error.code}
            </code>
          </div>
          <div>{ERROR_CODE_WORDS[result.error.code] ?? 'The run failed.'}</div>
          <div className="error-message" data-testid="error-message">
            {describeExecuteError(result.error)}
          </div>
          {timing}
        </div>
      )}
      {result.ok && (
        <section>
          <h3>Value</h3>
          <McpMediaList value={result.result} />
          <McpResourceList value={result.result} />
          <div data-testid="result-value">
            <ValueViewer value={result.result} label="Result value" />
          </div>
        </section>
      )}
      <LogsSummary run={run} />
    </div>
  );
}
