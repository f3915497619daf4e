import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { maskedSecretNamesInValue, revealMaskedSecretsInValue } from '../../shared/secretMaskToken';
import { useApi } from './hostContext';
import { usePlaygroundStore } from './store';
import { describeError } from './describeError';

export interface SecretReveal<T> {
  /** The value to show: as the host sent it (masked), or with this view's revealed secrets in place. */
  value: T;
  /** The secrets masked in the value (empty: no toggle to show). */
  names: string[];
  revealed: boolean;
  busy: boolean;
  toggle(): void;
  /** Another part of the view (a row paged in from the host) with the secrets revealed here put in. */
  revealIn<U>(other: U): U;
}

/**
 * A per-view reveal of masked secrets (`«secret:NAME»`). The renderer holds a value only after a
 * person asked in this view, and only while the view shows it; the host decides (in the app, after
 * its own confirmation). `where` names the view in the confirmation ("the result").
 */
export function useSecretReveal<T>(
  where: string,
  value: T,
  options: { deferWalk?: boolean } = {},
): SecretReveal<T> {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [shownFor, setShownFor] = useState<{ key: string; values: ReadonlyMap<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  // Looking for masked secrets walks the whole value (a 50,000-row result: tens of ms). With
  // `deferWalk` that happens in a render of its own, after the value is shown, not in the one showing it.
  const deferred = useDeferredValue(value);
  const walked = options.deferWalk ? deferred : value;
  const names = useMemo(() => maskedSecretNamesInValue(walked), [walked]);
  const key = names.join('\n');
  // A value showing other secrets shows masked again until someone asks for it.
  const values = shownFor && shownFor.key === key ? shownFor.values : null;
  const shown = useMemo(
    () => (values && values.size > 0 ? revealMaskedSecretsInValue(value, values) : value),
    [value, values],
  );
  const toggle = useCallback(() => {
    if (values) return setShownFor(null);
    setBusy(true);
    void Promise.all(
      names.map(async (name) => [name, await api.workspace.revealSecret(name, where)] as const),
    )
      .then(
        (pairs) => setShownFor({ key, values: new Map(pairs) }),
        (error: unknown) => notify('error', describeError(error)),
      )
      .finally(() => setBusy(false));
  }, [api, key, names, notify, values, where]);
  const revealIn = useCallback(
    <U>(other: U): U => (values && values.size > 0 ? revealMaskedSecretsInValue(other, values) : other),
    [values],
  );
  return { value: shown, names, revealed: values !== null, busy, toggle, revealIn };
}
