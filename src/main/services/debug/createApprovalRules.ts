import type { ProviderStatus, ProvidersEvent } from '../../../shared/api/providers';
import type { ToolCallMessage } from '../../../shared/protocol/messages';

export type ApprovalDecision = { run: true } | { run: false; message: string };

/** Which tool calls wait for a person's decision before they reach the provider. */
export interface ApprovalPolicy {
  required(call: Pick<ToolCallMessage, 'providerName' | 'safeToolName'>): boolean;
  /**
   * Decides at once where nobody watches the app (`execbox mcp`: approve all, reject, or a terminal
   * question). Without it the call is held as a paused call for the person to decide in the app.
   */
  decide?(call: ToolCallMessage): Promise<ApprovalDecision>;
}

export interface ApprovalRules extends ApprovalPolicy {
  stop(): void;
}

const key = (provider: string, tool: string) => `${provider}\u0000${tool}`;

/** The marked tools of these providers: `askBeforeRunning` names a tool by its original or its guest name. */
export function markedTools(providers: readonly ProviderStatus[]): Set<string> {
  const marked = new Set<string>();
  for (const provider of providers) {
    const names = new Set(provider.config.askBeforeRunning ?? []);
    if (names.size === 0) continue;
    for (const tool of provider.tools)
      if (names.has(tool.originalName) || names.has(tool.safeName))
        marked.add(key(provider.name, tool.safeName));
  }
  return marked;
}

/** Follows the workspace's providers (each `changed` event) so an edit applies to the next call. */
export function createApprovalRules(source: {
  list(): Promise<ProviderStatus[]>;
  onEvent(listener: (event: ProvidersEvent | { channel: string }) => void): () => void;
}): ApprovalRules {
  let marked = new Set<string>();
  let changedSinceStart = false;
  const stop = source.onEvent((event) => {
    if (event.channel !== 'providers' || (event as ProvidersEvent).type !== 'changed') return;
    changedSinceStart = true;
    marked = markedTools((event as Extract<ProvidersEvent, { type: 'changed' }>).providers);
  });
  void source.list().then(
    (providers) => {
      if (!changedSinceStart) marked = markedTools(providers);
    },
    () => undefined,
  );
  return {
    required: (call) => marked.has(key(call.providerName, call.safeToolName)),
    stop,
  };
}
