import { ValueViewer } from '../../ui/values/ValueViewer';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useSecretReveal } from '../../state/useSecretReveal';

/** A value in the value viewer, with "Reveal secret NAME" when it shows masked secrets. */
export function RevealableValue({ value, label, where }: { value: unknown; label: string; where: string }) {
  const reveal = useSecretReveal(where, value);
  return (
    <>
      <SecretRevealToggle reveal={reveal} />
      <ValueViewer value={reveal.value} label={label} />
    </>
  );
}
