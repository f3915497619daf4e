import type { PlaygroundEvent, PlaygroundHostServices } from '../../../shared/api/playgroundApi';
import type { Unsubscribe } from '../../../shared/transport';
import type { ResolvedToolProvider } from '../../engine/core/types';
import type { RunLauncher } from '../runs/runExtension';

/** What code-mode runs need from a playground host (the app's, or the one `execbox mcp` or `execbox ask` builds). */
export interface CodeModeHost {
  launcher: RunLauncher;
  services: Pick<PlaygroundHostServices, 'runs' | 'debug'>;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
}
