import path from 'node:path';
import type { ExecutorChoice } from '../../shared/api/runs';
import type { Executor } from '../core/types';
import { createApprovalRules } from '../debug/createApprovalRules';
import { createDebugService } from '../debug/createDebugService';
import { createNetworkService } from '../network/createNetworkService';
import { withRemoteExecutor } from '../network/withRemoteExecutor';
import { createSecretMasking } from '../secrets/createSecretMasking';
import { withSecretMasking } from '../secrets/withSecretMasking';
import type { SecretStore } from '../secrets/SecretStore';
import { createWorkspaceHost } from '../workspace/createWorkspaceHost';
import { createPlaygroundHost, type PlaygroundHost } from './createPlaygroundHost';

export interface DefaultPlaygroundHostOptions {
  configDir: string;
  /** Open this workspace file; otherwise the last one, else the demo. */
  workspacePath?: string;
  secretStore: SecretStore;
  createExecutor(choice: ExecutorChoice): Executor | Promise<Executor>;
}

/** The real host of the app and of browser mode: workspace, providers, runs, the debugger and the network tools. */
export async function createDefaultPlaygroundHost(
  options: DefaultPlaygroundHostOptions,
): Promise<PlaygroundHost> {
  const masking = await createSecretMasking(options.secretStore);
  const secretStore = masking.store;
  const workspaceHost = await createWorkspaceHost({
    configDir: options.configDir,
    secretStore,
    rememberLastWorkspace: true,
    ...(options.workspacePath ? { workspacePath: options.workspacePath } : {}),
  });
  const createAnyExecutor = withRemoteExecutor(options.createExecutor, (name) => secretStore.get(name));
  return createPlaygroundHost({
    workspaceHost,
    createExecutor: async (choice) => withSecretMasking(await createAnyExecutor(choice), masking.masker),
    secretMasker: masking.masker,
    network: (context) =>
      createNetworkService({
        emit: context.emit,
        readSecret: (name) => secretStore.get(name),
        localExecutor: { cacheDir: path.join(options.configDir, 'tpmjs-cache') },
      }),
    debug: (context) =>
      createDebugService({
        launcher: context.launcher,
        workspaceHost,
        emit: context.emit,
        secretMasker: masking.masker,
        approvals: createApprovalRules({
          list: () => workspaceHost.providers.list(),
          onEvent: (listener) => workspaceHost.onEvent(listener),
        }),
      }),
  });
}
