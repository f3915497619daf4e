import { useMemo, useState } from 'react';
import { CONSOLE_LEVELS } from '../../../shared/protocol/logStreamMessage';
import { useTabStore } from '../../state/tabStore';
import type { RunView } from '../../state/runView';
import { consoleModelFor } from './consoleModel';
import { useEarlierConsoleLines } from './useEarlierConsoleLines';
import { DroppedNotice } from './ConsoleView';

const PREVIEW_LINES = 20;

/** The result's logs in brief: counts by level, what was dropped, the first lines, and the way to the Console. */
export function LogsSummary({ run }: { run: RunView }) {
  const [earlierAdded, setEarlierAdded] = useState(0);
  const model = useMemo(
    () => consoleModelFor(run.runId, run.entries, run.result, run.firstIndex),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- earlierAdded: the model took earlier lines
    [run, earlierAdded],
  );
  // A long run's lines logged before the tail the page holds are read from the host.
  useEarlierConsoleLines(run.runId, model, () => setEarlierAdded((n) => n + 1));
  const select = useTabStore((s) => s.select);
  const total = model.rows.length;
  const counts = CONSOLE_LEVELS.filter((level) => model.counts[level] > 0 && level !== 'log').map(
    (level) => `${model.counts[level]} ${level}`,
  );
  return (
    <section>
      <h3>
        Logs{' '}
        {total > 0 && (
          <span className="muted">
            ({total.toLocaleString('en-US')}
            {counts.length > 0 ? `: ${counts.join(', ')}` : ''})
          </span>
        )}
      </h3>
      <DroppedNotice model={model} />
      {total === 0 ? (
        <div className="muted">Nothing was logged.</div>
      ) : (
        <>
          <pre className="logs" data-testid="logs">
            {model.rows
              .slice(0, PREVIEW_LINES)
              .map((row) => row.text.slice(0, 500))
              .join('\n')}
          </pre>
          <button className="link" onClick={() => select('bottom', 'console')}>
            {total > PREVIEW_LINES
              ? `All ${total.toLocaleString('en-US')} lines, with levels, in the Console`
              : 'Open the Console'}
          </button>
        </>
      )}
    </section>
  );
}
