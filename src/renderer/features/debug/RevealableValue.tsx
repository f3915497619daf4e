import { ValueViewer } from '../values/ValueViewer';
import { SecretRevealToggle } from './SecretRevealToggle';
import { useSecretReveal } from './useSecretReveal';

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
