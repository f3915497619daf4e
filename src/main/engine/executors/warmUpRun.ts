import { resolveProvider } from '../core/resolveProvider';
import type { ResolvedToolProvider } from '../core/types';

let providers: ResolvedToolProvider[] | undefined;

/** The one tool the warm-up program calls, answered in the host. */
export function warmUpProviders(): ResolvedToolProvider[] {
  providers ??= [resolveProvider({ name: 'warmup', tools: { echo: { execute: (input) => input } } })];
  return providers;
}
