import type { PlaygroundEvent, PlaygroundHostServices } from '../../shared/api/playgroundApi';
import type { ProvidersApi, ProvidersEvent } from '../../shared/api/providers';
import type { AgentEndpoint, CommandRunnerChoice, ExecutorChoice } from '../../shared/api/runs';
import type { RuntimeSettings, WorkspaceApi, WorkspaceEvent } from '../../shared/api/workspace';
import type { RpcResponse } from '../../shared/rpc/envelope';
import { invokeRpcRequest } from '../../shared/rpc/invokeRpcRequest';
import { parseRpcRequest } from '../../shared/rpc/parseRpcRequest';
import type { Unsubscribe } from '../../shared/transport';
import type { Executor, ResolvedToolProvider } from '../engine/core/types';
import { NO_SECRET_MASKER, type SecretMasker } from '../secrets/createSecretMasker';
import { createEventBus } from '../services/runs/createEventBus';
import { createExecutorCache } from '../services/runs/createExecutorCache';
import { createRunsService } from '../services/runs/createRunsService';
import { createUnavailableService } from './createUnavailableService';
import type { RunExtension, RunLauncher } from '../services/runs/runExtension';
import type { ReportDownloads } from '../services/debug/reportDownloads';

/** What the workspace layer gives the host (see src/main/services/workspace/createWorkspaceHost.ts). */
export interface WorkspaceHostLike {
  workspace: WorkspaceApi;
  providers: ProvidersApi;
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
  runtimeSettings(): RuntimeSettings;
  /** A runner command as it may start now, or a refusal in words (fakes may leave it out: refused). */
  admitRunner?(choice: CommandRunnerChoice): Promise<CommandRunnerChoice>;
  /** The open workspace file (fakes may leave it out). */
  workspaceFile?(): string;
  /** The open workspace's name for a snippet id (fakes may leave it out). */
  snippetName?(id: string): string | undefined;
  onEvent(listener: (event: WorkspaceEvent | ProvidersEvent) => void): Unsubscribe;
  dispose(): Promise<void>;
}

/** What an optional service (debugging, network) needs from the host to plug in. */
export interface ServiceContext {
  launcher: RunLauncher;
  workspaceHost: WorkspaceHostLike;
  emit(event: PlaygroundEvent): void;
  /** Every event the host emits (runs' entries and results, among others). */
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  /** The server that streams reports to the browser, while a face has set one. */
  reportDownloads(): ReportDownloads | null;
}

export interface PlaygroundHostOptions {
  workspaceHost: WorkspaceHostLike;
  createExecutor(choice: ExecutorChoice): Executor | Promise<Executor>;
  /** Optional services; each may add a RunExtension to every run. */
  debug?(context: ServiceContext): { api: PlaygroundHostServices['debug']; extension?: RunExtension };
  network?(context: ServiceContext): { api: PlaygroundHostServices['network']; dispose?(): Promise<void> };
  /** The Ask panel: models the person set up, whose tool calls are runs. */
  ask?(context: ServiceContext): { api: PlaygroundHostServices['ask']; dispose?(): Promise<void> };
  batchIntervalMs?: number;
  /**
   * Masks every known secret value in what the host passes to the renderer (answers, errors,
   * events) and in its own log lines. Methods listed in `unmaskedMethods` answer in clear: only a
   * reveal the host itself confirmed.
   */
  secretMasker?(): SecretMasker;
  unmaskedMethods?: readonly string[];
}

export interface PlaygroundHost {
  services: PlaygroundHostServices;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  /** Parses an untrusted envelope, calls the service and answers; never rejects. */
  handle(raw: unknown): Promise<RpcResponse>;
  launcher: RunLauncher;
  /** The providers a run gets now (the MCP server's typings come from these). */
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
  /** Announces (or withdraws) the agents' MCP endpoint the renderer shows in "Connect an agent". */
  setAgentEndpoint(endpoint: AgentEndpoint | null): void;
  /** Browser mode's server offers prepared reports for download (null: it closed). */
  setReportDownloads(downloads: ReportDownloads | null): void;
  dispose(): Promise<void>;
}

/** Composes the workspace, runs, debugging, network and ask services behind one event bus. */
export function createPlaygroundHost(options: PlaygroundHostOptions): PlaygroundHost {
  const masker = options.secretMasker ?? (() => NO_SECRET_MASKER);
  const unmasked = new Set(options.unmaskedMethods ?? []);
  const bus = createEventBus<PlaygroundEvent>((error) =>
    process.stderr.write(masker().maskText(`execbox: an event listener failed: ${String(error)}\n`)),
  );
  const emit = (event: PlaygroundEvent) => bus.emit(masker().mask(event));
  const { workspaceHost } = options;
  const stopForwarding = workspaceHost.onEvent(emit);
  const executors = createExecutorCache(options.createExecutor);
  // A runner command starts only once the person allowed it for this workspace (asked like an MCP command).
  const executorFor = async (choice: ExecutorChoice): Promise<Executor> => {
    if (choice.kind !== 'command') return executors.get(choice);
    if (!workspaceHost.admitRunner) throw new Error('this host cannot start runner commands');
    return executors.get(await workspaceHost.admitRunner(choice));
  };
  // The first run should be a warm one: get the workspace's runner ready before anyone presses Run.
  void executorFor(workspaceHost.runtimeSettings().executor)
    .then((executor) => executor.prewarm?.())
    .catch(() => undefined); // a run reports the same failure in words
  const runs = createRunsService({
    resolvedProviders: () => workspaceHost.resolvedProviders(),
    runtimeSettings: () => workspaceHost.runtimeSettings(),
    ...(workspaceHost.workspaceFile ? { workspaceFile: () => workspaceHost.workspaceFile!() } : {}),
    ...(workspaceHost.snippetName ? { snippetName: (id: string) => workspaceHost.snippetName!(id) } : {}),
    executorFor,
    emit,
    batchIntervalMs: options.batchIntervalMs,
  });
  let reportDownloads: ReportDownloads | null = null;
  const context: ServiceContext = {
    launcher: runs.launch,
    workspaceHost,
    emit,
    onEvent: (listener) => bus.subscribe(listener),
    reportDownloads: () => reportDownloads,
  };
  const debug = options.debug?.(context);
  if (debug?.extension) runs.addExtension(debug.extension);
  const network = options.network?.(context);
  const ask = options.ask?.(context);

  let agentEndpoint: AgentEndpoint | null = null;
  const services: PlaygroundHostServices = {
    workspace: workspaceHost.workspace,
    providers: workspaceHost.providers,
    runs: { ...runs.api, agentEndpoint: async () => agentEndpoint },
    debug: debug?.api ?? createUnavailableService('debug'),
    network: network?.api ?? createUnavailableService('network'),
    ask: ask?.api ?? createUnavailableService('ask'),
  };

  return {
    services,
    onEvent: (listener) => bus.subscribe(listener),
    launcher: runs.launch,
    resolvedProviders: () => workspaceHost.resolvedProviders(),
    setAgentEndpoint: (endpoint) => {
      agentEndpoint = endpoint;
    },
    setReportDownloads: (downloads) => {
      reportDownloads = downloads;
    },
    async handle(raw) {
      const parsed = parseRpcRequest(raw);
      if (!parsed.ok) {
        return {
          type: 'response',
          id: parsed.id ?? -1,
          ok: false,
          error: { kind: 'bad_request', message: parsed.reason },
        };
      }
      const response = await invokeRpcRequest(services, parsed.request);
      const method = `${parsed.request.namespace}.${parsed.request.method}`;
      return unmasked.has(method) ? response : masker().mask(response);
    },
    async dispose() {
      stopForwarding();
      await ask?.dispose?.();
      await runs.dispose();
      await Promise.allSettled([executors.dispose(), network?.dispose?.(), workspaceHost.dispose()]);
    },
  };
}
