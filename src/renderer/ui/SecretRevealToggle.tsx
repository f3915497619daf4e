/** "Reveal secrets" for one view; nothing when the view shows no masked secret. */
export function SecretRevealToggle({
  reveal,
}: {
  /** A view's reveal state (state/useSecretReveal gives it). */
  reveal: { names: readonly string[]; revealed: boolean; busy: boolean; toggle(): void };
}) {
  if (reveal.names.length === 0) return null;
  const label = reveal.revealed
    ? 'Hide secrets'
    : `Reveal ${reveal.names.length === 1 ? `secret ${reveal.names[0]}` : `${reveal.names.length} secrets`}`;
  return (
    <button
      type="button"
      className="secret-reveal link"
      aria-pressed={reveal.revealed}
      disabled={reveal.busy}
      title={
        reveal.revealed
          ? 'Shows «secret:NAME» again in place of the values'
          : `Puts the value of ${reveal.names.join(', ')} in place of «secret:NAME» in this view only, until you hide it or the view changes; nothing is saved or sent`
      }
      onClick={reveal.toggle}
    >
      {label}
    </button>
  );
}
