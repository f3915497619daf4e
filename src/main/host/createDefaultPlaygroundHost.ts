import path from 'node:path';
import type { ExecutorChoice } from '../../shared/api/runs';
import type { Executor } from '../core/types';
import { createDebugService } from '../debug/createDebugService';
import { createNetworkService } from '../network/createNetworkService';
import { withRemoteExecutor } from '../network/withRemoteExecutor';
import { readSecretValues } from '../debug/readSecretValues';
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
  const { secretStore } = options;
  const workspaceHost = await createWorkspaceHost({
    configDir: options.configDir,
    secretStore,
    rememberLastWorkspace: true,
    ...(options.workspacePath ? { workspacePath: options.workspacePath } : {}),
  });
  return createPlaygroundHost({
    workspaceHost,
    createExecutor: withRemoteExecutor(options.createExecutor, (name) => secretStore.get(name)),
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
        secretValues: () => readSecretValues(secretStore),
      }),
  });
}
