/** Switches every view between the current run and the opened transcript (shown when both exist). */
export function TranscriptPicker(props: {
  openedLabel: string;
  runLabel: string;
  showing: 'run' | 'opened';
  show(viewing: 'run' | 'opened'): void;
}) {
  return (
    <select
      aria-label="Transcript shown"
      value={props.showing}
      onChange={(e) => props.show(e.target.value === 'opened' ? 'opened' : 'run')}
    >
      <option value="opened">{props.openedLabel}</option>
      <option value="run">{props.runLabel}</option>
    </select>
  );
}
