import path from 'node:path';
import type { ExecutorChoice } from '../../shared/api/runs';
import type { TrustRequest } from '../../shared/api/workspace';
import type { Executor } from '../engine/core/types';
import { createApprovalRules } from '../services/debug/createApprovalRules';
import { createDebugService } from '../services/debug/createDebugService';
import { createNetworkService } from '../services/executorControl/createNetworkService';
import { createAskService } from '../services/ask/createAskService';
import { createModelSettings } from '../services/ask/createModelSettings';
import { withRemoteExecutor } from '../engine/executors/withRemoteExecutor';
import { bindSecretDestinations } from '../secrets/bindSecretDestinations';
import { createSecretDestinations, type ConfirmSecretUse } from '../secrets/createSecretDestinations';
import { createSecretMasking } from '../secrets/createSecretMasking';
import { withSecretMasking } from '../secrets/withSecretMasking';
import type { SecretStore } from '../secrets/SecretStore';
import { createWorkspaceHost } from '../services/workspace/createWorkspaceHost';
import type { McpOAuthContext } from '../providers/mcp/OAuthSignIns';
import { createPlaygroundHost, type PlaygroundHost } from './createPlaygroundHost';

export interface DefaultPlaygroundHostOptions {
  configDir: string;
  /** Open this workspace file; otherwise the last one, else the demo. */
  workspacePath?: string;
  secretStore: SecretStore;
  /** The app's native confirmations (see createNativeConfirmations); browser mode has none. */
  confirmTrust?: (request: TrustRequest) => Promise<boolean>;
  /** Sending a secret to a destination it was not sent to before (issue 10.9). */
  confirmSecretUse?: ConfirmSecretUse;
  /** Showing a secret's value in a view (issue 13.4). */
  confirmReveal?: (name: string, where: string) => Promise<boolean>;
  createExecutor(choice: ExecutorChoice): Executor | Promise<Executor>;
  /** Whether a person can answer an MCP server's elicitation or sampling request now (default: yes, the app's window). */
  personPresent?: () => boolean;
  /** Where OAuth sign-in comes back to (the face's loopback callback). */
  oauth?: McpOAuthContext;
}

/** The real host of the app and of browser mode: workspace, providers, runs, the debugger, the network tools and Ask. */
export async function createDefaultPlaygroundHost(
  options: DefaultPlaygroundHostOptions,
): Promise<PlaygroundHost> {
  const masking = await createSecretMasking(options.secretStore);
  const secretStore = bindSecretDestinations(
    masking.store,
    createSecretDestinations({
      file: path.join(options.configDir, 'secret-destinations.json'),
      ...(options.confirmSecretUse ? { confirm: options.confirmSecretUse } : {}),
    }),
  );
  const workspaceHost = await createWorkspaceHost({
    configDir: options.configDir,
    secretStore,
    ...(options.confirmTrust ? { confirmTrust: options.confirmTrust } : {}),
    ...(options.confirmReveal ? { confirmReveal: options.confirmReveal } : {}),
    rememberLastWorkspace: true,
    personPresent: options.personPresent ?? (() => true),
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.workspacePath ? { workspacePath: options.workspacePath } : {}),
  });
  const createAnyExecutor = withRemoteExecutor(options.createExecutor, (name, destination) =>
    secretStore.getFor(name, destination),
  );
  return createPlaygroundHost({
    workspaceHost,
    createExecutor: async (choice) => withSecretMasking(await createAnyExecutor(choice), masking.masker),
    secretMasker: masking.masker,
    unmaskedMethods: ['workspace.revealSecret'],
    network: (context) =>
      createNetworkService({
        emit: context.emit,
        readSecret: (name) => secretStore.get(name),
        localExecutor: { cacheDir: path.join(options.configDir, 'tpmjs-cache') },
      }),
    ask: (context) =>
      createAskService({
        settings: createModelSettings(options.configDir),
        // The person set this endpoint up in the app's own settings: that is where the key may go.
        readSecret: (name) => masking.store.get(name),
        host: context,
        resolvedProviders: () => workspaceHost.resolvedProviders(),
        emit: context.emit,
        masker: masking.masker,
      }),
    debug: (context) =>
      createDebugService({
        launcher: context.launcher,
        workspaceHost,
        emit: context.emit,
        secretMasker: masking.masker,
        reportDownloads: context.reportDownloads,
        approvals: createApprovalRules({
          list: () => workspaceHost.providers.list(),
          onEvent: (listener) => workspaceHost.onEvent(listener),
        }),
      }),
  });
}
