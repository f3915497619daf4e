/** What is wrong with a value typed into a schema form, or the sentence that it fits. */
export function SchemaProblemList(props: { problems: string[]; label: string; fits: string }) {
  if (props.problems.length === 0) return <div className="muted tool-try-ok">{props.fits}</div>;
  return (
    <ul className="tool-try-problems" aria-label={props.label}>
      {props.problems.slice(0, 8).map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
