/** A small bar for a tool's reported progress; nothing when the total is unknown (the text says how far). */
export function ProgressMeter(props: { progress: number; total?: number; label: string }) {
  const { progress, total } = props;
  if (total === undefined || !(total > 0)) return null;
  return (
    <progress
      className="progress-meter"
      max={total}
      value={Math.min(progress, total)}
      aria-label={props.label}
    />
  );
}
