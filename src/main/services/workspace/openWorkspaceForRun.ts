import path from 'node:path';
import type { ResolvedToolProvider } from '../../engine/core/types';
import type { RuntimeSettings, TrustRequest } from '../../../shared/api/workspace';
import { createFileSecretStore } from '../../secrets/createFileSecretStore';
import type { SecretMasker } from '../../secrets/createSecretMasker';
import { createSecretMasking } from '../../secrets/createSecretMasking';
import { bindSecretDestinations } from '../../secrets/bindSecretDestinations';
import { createSecretDestinations } from '../../secrets/createSecretDestinations';
import { askServerRequestOnTerminal, type AskLine } from '../../providers/mcp/askServerRequestOnTerminal';
import { createWorkspaceHost, type WorkspaceHost, type WorkspaceHostOptions } from './createWorkspaceHost';
import { trustAction } from './trustRequirement';
import { resolveConfigDir } from '../../system/resolveConfigDir';

export interface OpenForRunOptions {
  /** `--trust`: allow every command, module and handler without asking. */
  trust: boolean;
  /**
   * `--trust` covers what is opened now, not later edits of a workspace kept open (`execbox mcp`):
   * after the open, a new or changed command, module or handler waits for trust, and a secret may
   * go only where it already went (or, on its first use, anywhere).
   */
  trustOnlyAtOpen?: boolean;
  /** Asks the user a yes/no question; absent when there is no terminal to ask on. */
  ask?: (question: string) => Promise<boolean>;
  configDir?: string;
  /**
   * A person at a terminal who answers MCP servers' elicitation and sampling requests; without it
   * the requests no workspace rule answers are declined.
   */
  serverRequestPrompt?: { ask: AskLine; say(text: string): void };
  /** Sees each document just before it opens (see WorkspaceHostOptions.admit). */
  admit?: WorkspaceHostOptions['admit'];
}

export interface WorkspaceForRun {
  providers: ResolvedToolProvider[];
  runtime: RuntimeSettings;
  /** Providers that could not load, one line each (the run goes on without them). */
  warnings: string[];
  /** The open workspace itself, for a caller that keeps serving it (`execbox mcp`). */
  host: WorkspaceHost;
  /** Masks every secret value known to the store (for the result, logs and `--transcript`). */
  masker(): SecretMasker;
  dispose(): Promise<void>;
}

/** "provider 'fs'", or "the workspace" for its runner command. */
function whoAsks(request: TrustRequest): string {
  return request.kind === 'runner' ? 'the workspace' : `provider '${request.providerName}'`;
}

/** Puts each server request to the terminal, one at a time, and sends the answer back. */
function answerOnTerminal(
  host: WorkspaceHost,
  prompt: NonNullable<OpenForRunOptions['serverRequestPrompt']>,
) {
  let queue: Promise<unknown> = Promise.resolve();
  host.onEvent((event) => {
    if (event.channel !== 'providers' || event.type !== 'server_request') return;
    const { request } = event;
    queue = queue
      .then(async () => {
        if (!(await host.providers.pendingServerRequests()).some((r) => r.requestId === request.requestId))
          return;
        const answer = await askServerRequestOnTerminal(request, prompt.ask, prompt.say);
        await host.providers.answerServerRequest(request.requestId, answer).catch((error: unknown) => {
          prompt.say(`The answer was not sent: ${error instanceof Error ? error.message : String(error)}\n`);
        });
      })
      // The terminal went away (input closed): decline rather than leave the tool call waiting.
      .catch(() => host.providers.answerServerRequest(request.requestId, { action: 'decline' }))
      .catch(() => undefined);
  });
}

/**
 * A workspace's providers for one CLI run. What it would start (commands, modules, handlers) runs
 * only with `--trust`, an earlier "allow" for this file, or a "yes" at the prompt; without a
 * terminal to ask on, the run is refused with the list of what would have started.
 */
export async function openWorkspaceForRun(
  file: string,
  options: OpenForRunOptions,
): Promise<WorkspaceForRun> {
  const configDir = options.configDir ?? resolveConfigDir();
  const masking = await createSecretMasking(createFileSecretStore(configDir));
  const ask = options.ask;
  let trusting = options.trust;
  const destinations = createSecretDestinations({
    file: path.join(configDir, 'secret-destinations.json'),
    // --trust allows (and records) new destinations; a terminal asks; without either, the first use binds.
    ...(options.trust
      ? { confirm: async (use) => trusting || use.known.length === 0 }
      : ask
        ? { confirm: (use) => ask(`Send secret ${use.name} to ${use.destination}?`) }
        : {}),
  });
  const host = await createWorkspaceHost({
    configDir,
    workspacePath: file,
    secretStore: bindSecretDestinations(masking.store, destinations),
    trustAll: () => trusting,
    rememberLastWorkspace: false,
    ...(options.serverRequestPrompt ? { personPresent: () => true } : {}),
    ...(options.admit ? { admit: options.admit } : {}),
  });
  if (options.serverRequestPrompt) answerOnTerminal(host, options.serverRequestPrompt);
  try {
    const pending = (await host.workspace.get()).pendingTrust;
    if (pending.length > 0 && !options.ask) {
      throw new Error(
        `${file} wants to start code on this machine:\n${pending.map((r) => `  - ${whoAsks(r)} would ${trustAction(r)}`).join('\n')}\npass --trust to allow it, or run in a terminal to be asked`,
      );
    }
    for (const request of pending) {
      const allow = await options.ask!(`Allow ${whoAsks(request)} to ${trustAction(request)}?`);
      await host.workspace.answerTrust(request.id, allow);
    }
    const providers = await host.resolvedProviders();
    if (options.trustOnlyAtOpen) trusting = false;
    const warnings = (await host.providers.list())
      .filter((status) => status.state === 'error' && !providers.some((p) => p.name === status.name))
      .map((status) =>
        masking
          .masker()
          .maskText(`provider '${status.name}' is unavailable: ${status.error ?? 'unknown error'}`),
      );
    return {
      providers,
      runtime: host.runtimeSettings(),
      warnings,
      host,
      masker: masking.masker,
      dispose: () => host.dispose(),
    };
  } catch (error) {
    await host.dispose();
    throw error;
  }
}
