import type { ExecutorChoice } from '../../shared/api/runs';
import type { Executor } from '../core/types';
import { createDebugService } from '../debug/createDebugService';
import { createInProcessExecutor } from '../executors/createInProcessExecutor';
import { createProcessExecutor } from '../executors/createProcessExecutor';
import { createWorkerExecutor } from '../executors/createWorkerExecutor';
import { createDefaultExecutorFactory } from '../host/createDefaultExecutorFactory';
import { createPlaygroundHost, type PlaygroundHost } from '../host/createPlaygroundHost';
import { withSecretMasking } from '../secrets/withSecretMasking';
import { openWorkspaceForRun } from '../workspace/openWorkspaceForRun';
import { resolveConfigDir } from '../workspace/resolveConfigDir';
import { ensureDemoWorkspaceFile } from './ensureDemoWorkspaceFile';
import { watchWorkspaceFile } from './watchWorkspaceFile';

export const MCP_EXECUTORS = ['inprocess', 'worker', 'process'] as const;
export type McpExecutorName = (typeof MCP_EXECUTORS)[number];

export interface StandaloneMcpHostOptions {
  /** A *.execbox.json; without it, the demo workspace in the config folder. */
  workspace?: string;
  trust: boolean;
  /** Overrides the workspace's executor for every run; pooled, since the server serves many runs. */
  executor?: McpExecutorName;
  configDir?: string;
  warn?(message: string): void;
}

function fixedExecutor(name: McpExecutorName): () => Executor {
  return () => {
    if (name === 'worker') return createWorkerExecutor({ mode: 'pooled' });
    if (name === 'process') return createProcessExecutor({ mode: 'pooled' });
    return createInProcessExecutor();
  };
}

/**
 * The host `execbox mcp` serves when no app is running: the workspace (trust as `execbox run`:
 * `--trust`, earlier answers, or refused, since stdin carries the protocol and cannot ask), its
 * runs service and the debugger (for transcripts), without the network tools.
 */
export async function openStandaloneMcpHost(
  options: StandaloneMcpHostOptions,
): Promise<{ host: PlaygroundHost; file: string; warnings: string[] }> {
  const configDir = options.configDir ?? resolveConfigDir();
  const demo = options.workspace ? undefined : await ensureDemoWorkspaceFile(configDir);
  const file = options.workspace ?? demo!.file;
  const opened = await openWorkspaceForRun(file, {
    trust: options.trust || demo?.pristine === true,
    configDir,
  });
  const createAnyExecutor: (choice: ExecutorChoice) => Executor | Promise<Executor> = options.executor
    ? fixedExecutor(options.executor)
    : createDefaultExecutorFactory();
  const host = createPlaygroundHost({
    workspaceHost: opened.host,
    createExecutor: async (choice) => withSecretMasking(await createAnyExecutor(choice), opened.masker),
    secretMasker: opened.masker,
    debug: (context) =>
      createDebugService({
        launcher: context.launcher,
        workspaceHost: opened.host,
        emit: context.emit,
        secretMasker: opened.masker,
      }),
  });
  // No app edits this workspace, so an edit on disk is how its providers change (and list_changed goes out).
  const stopWatching = watchWorkspaceFile(file, () => {
    host.services.workspace.open(file).catch((error: unknown) => {
      options.warn?.(
        `${file} changed but could not be reloaded (the previous version is still served): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  const dispose = host.dispose;
  host.dispose = async () => {
    stopWatching();
    await dispose();
  };
  return { host, file, warnings: opened.warnings };
}
