import { describeRunOrigin, formatRunTime } from '../../../shared/format';
import type { RunView } from '../../state/runView';
import { usePlaygroundStore } from '../../state/store';

const fileName = (file: string) => file.split(/[\\/]/).at(-1) ?? file;

/** Which run a pane shows: when, who started it, and in which workspace (said loudly when not the open one). */
export function RunContextLabel({ run }: { run: RunView }) {
  const openPath = usePlaygroundStore((s) => s.workspace?.path);
  const elsewhere =
    run.workspacePath !== undefined && openPath !== undefined && run.workspacePath !== openPath;
  return (
    <div className={`run-context ${elsewhere ? 'elsewhere' : ''}`} data-testid="run-context">
      Run of {formatRunTime(run.seenAt)} · by {describeRunOrigin(run.origin)}
      {run.workspacePath && (
        <>
          {' '}
          · in {fileName(run.workspacePath)}
          {elsewhere && <strong> (not the open workspace)</strong>}
        </>
      )}
    </div>
  );
}
