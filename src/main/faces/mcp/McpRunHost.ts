import type { PlaygroundEvent, PlaygroundHostServices } from '../../../shared/api/playgroundApi';
import type { Unsubscribe } from '../../../shared/transport';
import type { ResolvedToolProvider } from '../../engine/core/types';
import type { RunLauncher } from '../../services/runs/runExtension';

/** What the MCP server needs from a playground host (the app's, or the one `execbox mcp` builds). */
export interface McpRunHost {
  launcher: RunLauncher;
  services: Pick<PlaygroundHostServices, 'runs' | 'debug'>;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
}
