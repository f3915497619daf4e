import type { RunOrigin } from '../api/runs';

/**
 * Who or what started a run, in the words every pane uses: "you", the agent's client name ("Claude
 * Code", with its session when `withSession` because one client has several), "tap: NAME", or
 * "replay of “nightly” (live)".
 */
export function describeRunOrigin(origin: RunOrigin | undefined, withSession = false): string {
  if (!origin || origin.kind === 'person') return 'you';
  if (origin.kind === 'agent')
    return withSession && origin.session
      ? `${origin.clientName} (session ${origin.session})`
      : origin.clientName;
  if (origin.kind === 'tap') return `tap: ${origin.clientName}`;
  if (origin.kind === 'model') return `model: ${origin.modelName}`;
  const of = origin.transcript ? ` of “${origin.transcript}”` : '';
  const on = origin.runner ? ` on ${origin.runner}` : '';
  return `replay${of} (${origin.against === 'live' ? 'live' : 'against the recording'}${on})`;
}

/**
 * Names origins among others shown at the same time: an agent's session is named only when the same
 * client has runs from more than one session among `all`, so two sessions of one client never read alike.
 */
export function originNamer(
  all: readonly (RunOrigin | undefined)[],
): (origin: RunOrigin | undefined) => string {
  const sessions = new Map<string, Set<string | undefined>>();
  for (const origin of all)
    if (origin?.kind === 'agent') {
      const seen = sessions.get(origin.clientName) ?? new Set();
      seen.add(origin.session);
      sessions.set(origin.clientName, seen);
    }
  return (origin) =>
    describeRunOrigin(origin, origin?.kind === 'agent' && (sessions.get(origin.clientName)?.size ?? 0) > 1);
}
