import type {
  ProviderConfig,
  ProviderConsoleLine,
  ProvidersEvent,
  ProviderStatus,
  ProviderToolInfo,
  TypedProviders,
} from '../../shared/api/providers';
import { MCP_TRAFFIC_MESSAGES, type McpTrafficMessage } from '../../shared/api/mcpInspect';
import { resolveProvider } from '../engine/core/resolveProvider';
import type { ResolvedToolProvider, ToolProvider } from '../engine/core/types';
import type { SecretStore } from '../secrets/SecretStore';
import { createProviderSource } from './createProviderSource';
import { BoundedLog } from './BoundedLog';
import { ProviderConsole } from './ProviderConsole';
import type { McpConnection } from './mcp/McpConnection';
import type { ServerRequestBroker } from './mcp/ServerRequestBroker';
import type { ManualCallBroker } from './mock/ManualCallBroker';
import type { ProviderSource } from './ProviderSource';
import type { McpOAuthContext } from './mcp/OAuthSignIns';
import { SignInRequiredError } from './mcp/SignInRequiredError';

interface Entry {
  config: ProviderConfig;
  state: ProviderStatus['state'];
  error?: string;
  source?: ProviderSource;
  resolved?: ResolvedToolProvider;
  loading?: Promise<void>;
  /** The tools changed while a load was running: load again when it ends. */
  reloadPending?: boolean;
  /** Bumped on every (re)load so a slow old load cannot overwrite a newer one. */
  generation: number;
  /** MCP log messages and stderr; kept when the provider is edited or reconnected. */
  console: ProviderConsole;
  /** An MCP server's raw JSON-RPC messages; kept like the console. */
  traffic: BoundedLog<McpTrafficMessage>;
  /** An HTTP MCP provider holds OAuth tokens. */
  signedIn?: boolean;
}

/** Console lines and traffic are announced at most this often (a chatty server must not flood the renderer). */
const CONSOLE_ANNOUNCE_MS = 100;

export interface ProviderRegistryOptions {
  secrets: SecretStore;
  manual: ManualCallBroker;
  /** MCP servers' elicitation and sampling requests go to a person through it; absent: declined. */
  serverRequests?: ServerRequestBroker;
  baseDir: string;
  emit(event: Exclude<ProvidersEvent, { type: 'typings' }>): void;
  /** The declarations or a provider's state changed (the session scopes and versions them). */
  typingsChanged(typings: TypedProviders): void;
  /** Whether a module provider's content (by sha256) is trusted; see ProviderSourceDeps. */
  moduleContentTrusted?(config: ProviderConfig, digest: string): Promise<boolean>;
  /** Where OAuth sign-in comes back to (the app, `execbox serve`); absent: nobody can sign in. */
  oauth?: McpOAuthContext;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toolInfos(resolved: ResolvedToolProvider | undefined): ProviderToolInfo[] {
  return Object.values(resolved?.tools ?? {}).map((tool) => ({
    safeName: tool.safeName,
    originalName: tool.originalName,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema !== undefined
      ? { outputSchema: tool.outputSchema }
      : tool.typingOutputSchema !== undefined
        ? { outputSchema: tool.typingOutputSchema, outputTypeRecorded: true }
        : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
  }));
}

/** Gives each tool without an output schema the output type the workspace recorded for it. */
function withOutputTypes(provider: ToolProvider, outputTypes: ProviderConfig['outputTypes']): ToolProvider {
  if (!outputTypes) return provider;
  const tools = { ...provider.tools };
  for (const [name, schema] of Object.entries(outputTypes)) {
    const tool = tools[name];
    if (tool && tool.outputSchema === undefined) tools[name] = { ...tool, typingOutputSchema: schema };
  }
  return { ...provider, tools };
}

/**
 * The live providers of one workspace: loads each (connect, list tools, resolve), tracks its
 * status, reloads on tool changes and emits `changed` / `typings` events.
 */
export class ProviderRegistry {
  private readonly entries = new Map<string, Entry>();
  private order: string[] = [];
  /** The typings last announced, as JSON: only a change is announced. */
  private lastTypings = '';
  private disposed = false;
  /** Inside `batch`: announcements wait for its end. */
  private batchDepth = 0;
  /** A load finished: one announcement soon covers every load that finishes meanwhile. */
  private announceScheduled = false;
  private consoleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProviderRegistryOptions) {}

  /** Adds or replaces a provider; `run` false leaves it waiting for the user's trust. */
  async set(config: ProviderConfig, run: boolean): Promise<void> {
    const kept = this.entries.get(config.id);
    await this.remove(config.id, false);
    const entry: Entry = {
      config,
      state: run ? 'connecting' : 'awaiting_trust',
      generation: 0,
      console: kept?.console ?? new ProviderConsole(),
      traffic: kept?.traffic ?? new BoundedLog<McpTrafficMessage>(MCP_TRAFFIC_MESSAGES),
    };
    this.entries.set(config.id, entry);
    if (!this.order.includes(config.id)) this.order.push(config.id);
    if (run) this.startLoad(entry);
    this.announce();
  }

  /**
   * Runs `work` (many `set`s, as when a workspace opens) and announces once at its end: each
   * announcement lists every provider, so announcing per provider would make opening quadratic.
   */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    this.batchDepth += 1;
    try {
      return await work();
    } finally {
      this.batchDepth -= 1;
      this.announce();
    }
  }

  /** Keeps the display order of the workspace file. */
  setOrder(ids: string[]): void {
    this.order = ids.filter((id) => this.entries.has(id));
  }

  /** The user declined: the provider stays listed, with the reason, and starts nothing. */
  decline(id: string, reason: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.state = 'error';
    entry.error = reason;
    this.announce();
  }

  async remove(id: string, announce = true): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.generation += 1;
    if (announce) this.order = this.order.filter((other) => other !== id);
    await entry.source?.dispose().catch(() => undefined);
    if (announce) this.announce();
  }

  /** Reconnects and re-reads tools (after an error, or on request). */
  async refresh(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.state === 'awaiting_trust') return;
    await entry.source?.dispose().catch(() => undefined);
    // Closed or removed meanwhile: a restart now would start a server nobody stops.
    if (this.disposed || this.entries.get(id) !== entry) return;
    entry.source = undefined;
    entry.resolved = undefined;
    entry.state = 'connecting';
    entry.error = undefined;
    this.startLoad(entry);
    this.announce();
    await entry.loading;
  }

  /** A config change that only touches typings (output types): re-reads the tools, keeps the connection. */
  async retype(config: ProviderConfig): Promise<void> {
    const entry = this.entries.get(config.id);
    if (!entry) return;
    entry.config = config;
    if (entry.state === 'awaiting_trust' || !entry.source) {
      this.announce();
      return;
    }
    if (entry.loading) entry.reloadPending = true;
    else this.startLoad(entry);
    await entry.loading;
    await this.settled();
  }

  statuses(): ProviderStatus[] {
    return this.order.flatMap((id) => {
      const entry = this.entries.get(id);
      if (!entry) return [];
      const tools = toolInfos(entry.resolved);
      return [
        {
          id,
          name: entry.config.name,
          kind: entry.config.kind,
          state: entry.state,
          ...(entry.error !== undefined ? { error: entry.error } : {}),
          toolCount: tools.length,
          tools,
          types: entry.resolved?.types ?? '',
          config: entry.config,
          ...(entry.signedIn !== undefined ? { signedIn: entry.signedIn } : {}),
        },
      ];
    });
  }

  /** Waits for loads in progress, retries failed ones, and returns every provider that has tools. */
  async resolvedProviders(): Promise<ResolvedToolProvider[]> {
    for (const entry of this.entries.values()) {
      if (entry.state === 'error' && !entry.resolved && !entry.loading && entry.source)
        await this.refresh(entry.config.id);
    }
    await Promise.all([...this.entries.values()].map((entry) => entry.loading));
    this.flushAnnouncement();
    return this.order.flatMap((id) => {
      const resolved = this.entries.get(id)?.resolved;
      return resolved ? [resolved] : [];
    });
  }

  /** Resolves once no load is in progress (failed loads are not retried). */
  async settled(): Promise<void> {
    while ([...this.entries.values()].some((entry) => entry.loading)) {
      await Promise.all([...this.entries.values()].map((entry) => entry.loading));
    }
    this.flushAnnouncement();
  }

  /** What the editor types: every provider's declarations and each one's state, in workspace order. */
  typings(): TypedProviders {
    return {
      declarations: this.declarations(),
      providers: this.order.flatMap((id) => {
        const entry = this.entries.get(id);
        if (!entry) return [];
        const { name } = entry.config;
        return [{ name, state: entry.state, ...(entry.error !== undefined ? { error: entry.error } : {}) }];
      }),
    };
  }

  /** Every provider's declarations, in workspace order. */
  declarations(): string {
    return this.order
      .map((id) => this.entries.get(id)?.resolved?.types)
      .filter((types): types is string => Boolean(types))
      .join('\n\n');
  }

  /** The provider's console lines, oldest first; undefined for an unknown provider. */
  consoleLines(id: string): ProviderConsoleLine[] | undefined {
    return this.entries.get(id)?.console.all();
  }

  clearConsole(id: string): void {
    this.entries.get(id)?.console.clear();
    this.announceConsoleSoon();
  }

  /** The provider's raw MCP traffic, oldest first; undefined for an unknown provider. */
  traffic(id: string): McpTrafficMessage[] | undefined {
    return this.entries.get(id)?.traffic.all();
  }

  clearTraffic(id: string): void {
    this.entries.get(id)?.traffic.clear();
    this.announceConsoleSoon();
  }

  /** The live connection of an MCP provider, when it has started (undefined otherwise). */
  mcpConnection(id: string): McpConnection | undefined {
    return this.entries.get(id)?.source?.mcp;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.consoleTimer);
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => entry.source?.dispose().catch(() => undefined)));
  }

  private startLoad(entry: Entry): void {
    if (this.disposed) return;
    const generation = ++entry.generation;
    const current = () =>
      !this.disposed && this.entries.get(entry.config.id) === entry && entry.generation === generation;
    entry.source ??= createProviderSource(entry.config, {
      secrets: this.options.secrets,
      manual: this.options.manual,
      ...(this.options.serverRequests ? { serverRequests: this.options.serverRequests } : {}),
      baseDir: this.options.baseDir,
      ...(this.options.oauth ? { oauth: this.options.oauth } : {}),
      ...(this.options.moduleContentTrusted
        ? {
            moduleContentTrusted: (digest: string) =>
              this.options.moduleContentTrusted!(entry.config, digest),
          }
        : {}),
      listener: {
        toolsChanged: () => {
          if (this.entries.get(entry.config.id) !== entry) return;
          if (entry.loading) entry.reloadPending = true;
          else this.startLoad(entry);
        },
        connectionChanged: (error, needsSignIn) => {
          if (this.entries.get(entry.config.id) !== entry) return;
          entry.state = error === undefined ? 'ready' : needsSignIn ? 'needs_sign_in' : 'error';
          entry.error = error;
          entry.console.add({ source: 'app', text: error ?? 'connected again' });
          this.announceConsoleSoon();
          this.announce();
        },
        oauthChanged: (signedIn) => {
          if (this.entries.get(entry.config.id) !== entry) return;
          entry.signedIn = signedIn;
          this.announce();
        },
        signedIn: () => {
          if (this.entries.get(entry.config.id) === entry) void this.refresh(entry.config.id);
        },
        consoleLine: (line) => {
          if (this.entries.get(entry.config.id) !== entry) return;
          entry.console.add(line);
          this.announceConsoleSoon();
        },
        trafficMessage: (message) => {
          if (this.entries.get(entry.config.id) !== entry) return;
          entry.traffic.add(message);
          this.announceConsoleSoon();
        },
        resourceUpdated: (uri) => {
          if (this.entries.get(entry.config.id) !== entry || this.disposed) return;
          this.options.emit({
            channel: 'providers',
            type: 'resource_updated',
            providerId: entry.config.id,
            uri,
          });
        },
        listChanged: (list) => {
          if (this.entries.get(entry.config.id) !== entry || this.disposed) return;
          this.options.emit({
            channel: 'providers',
            type: 'mcp_list_changed',
            providerId: entry.config.id,
            list,
          });
        },
      },
    });
    const source = entry.source;
    entry.loading = (async () => {
      try {
        const provider = withOutputTypes(await source.load(), entry.config.outputTypes);
        const resolved = resolveProvider(provider);
        const signedIn = await source.mcp?.signedIn();
        if (!current()) return;
        entry.resolved = resolved;
        entry.state = 'ready';
        entry.error = undefined;
        if (signedIn !== undefined) entry.signedIn = signedIn;
      } catch (error) {
        if (!current()) return;
        entry.state = error instanceof SignInRequiredError ? 'needs_sign_in' : 'error';
        entry.error = describe(error);
      } finally {
        if (entry.generation === generation) entry.loading = undefined;
      }
      this.announceSoon();
      if (entry.reloadPending && current()) {
        entry.reloadPending = false;
        this.startLoad(entry);
      }
    })();
  }

  private announceConsoleSoon(): void {
    if (this.consoleTimer || this.disposed) return;
    this.consoleTimer = setTimeout(() => {
      this.consoleTimer = undefined;
      if (this.disposed) return;
      for (const [providerId, entry] of this.entries) {
        const lines = entry.console.takeUnsent();
        if (lines)
          this.options.emit({
            channel: 'providers',
            type: 'console',
            providerId,
            lines: lines.items,
            ...(lines.cleared ? { cleared: true } : {}),
          });
        const traffic = entry.traffic.takeUnsent();
        if (traffic)
          this.options.emit({
            channel: 'providers',
            type: 'mcp_traffic',
            providerId,
            messages: traffic.items,
            ...(traffic.cleared ? { cleared: true } : {}),
          });
      }
    }, CONSOLE_ANNOUNCE_MS);
    this.consoleTimer.unref?.();
  }

  private announceSoon(): void {
    if (this.announceScheduled) return;
    this.announceScheduled = true;
    setImmediate(() => this.flushAnnouncement());
  }

  /** Whoever waited for loads to finish hears about them before going on. */
  private flushAnnouncement(): void {
    if (!this.announceScheduled) return;
    this.announceScheduled = false;
    this.announce();
  }

  private announce(): void {
    if (this.disposed || this.batchDepth > 0) return;
    this.options.emit({ channel: 'providers', type: 'changed', providers: this.statuses() });
    const typings = this.typings();
    const text = JSON.stringify(typings);
    if (text !== this.lastTypings) {
      this.lastTypings = text;
      this.options.typingsChanged(typings);
    }
  }
}
