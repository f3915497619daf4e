import { useCurrentRun } from '../state/store';
import { useDebugStore } from '../state/debugStore';
import { showTranscript, useViewedTranscript } from '../state/viewedTranscript';

/** Switches every view between the current run and the opened transcript (shown when both exist). */
export function ViewedTranscriptPicker() {
  const run = useCurrentRun();
  const opened = useDebugStore((s) => s.opened);
  const viewed = useViewedTranscript();
  if (!run || !opened || !viewed) return null;
  return (
    <select
      aria-label="Transcript shown"
      value={viewed.source}
      onChange={(e) => showTranscript(e.target.value === 'opened' ? 'opened' : 'run')}
    >
      <option value="opened">{opened.label}</option>
      <option value="run">current run</option>
    </select>
  );
}
