import { CONSOLE_TYPE, HOST_EVENT_TYPE } from '../../../shared/view/describeEntries';

/**
 * The table's filters as transcript search terms (the host filters a run the page does not hold):
 * each hidden type excluded, the provider required, and with `matches` only the rows it matches.
 */
export function filterQueryOf(
  hiddenTypes: ReadonlySet<string>,
  provider: string | null,
  matches: string,
): string {
  const terms = [...hiddenTypes].map((type) =>
    type === CONSOLE_TYPE ? '-type:console' : type === HOST_EVENT_TYPE ? '-type:host' : `-type:${type}`,
  );
  if (provider !== null) terms.push(`provider:"${provider.replace(/"/g, '')}"`);
  if (matches.trim() !== '') terms.push(matches.trim());
  return terms.join(' ');
}
