import type { RunOrigin } from '../api/runs';

/** Who or what started a run, for a label: "you", "agent Claude Code", "replay of “nightly” (live)". */
export function describeRunOrigin(origin: RunOrigin | undefined): string {
  if (!origin || origin.kind === 'person') return 'you';
  if (origin.kind === 'agent') return `agent ${origin.clientName}`;
  if (origin.kind === 'tap') return `tap ${origin.clientName}`;
  if (origin.kind === 'model') return `model: ${origin.modelName}`;
  const of = origin.transcript ? ` of “${origin.transcript}”` : '';
  return `replay${of} (${origin.against === 'live' ? 'live' : 'against the recording'})`;
}
