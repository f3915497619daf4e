import { randomUUID } from 'node:crypto';
import type { PackageInstaller } from './createPackageInstaller';
import type { ToolSandbox } from './ToolSandbox';
import type { ExecuteToolRequest } from './parseExecuteToolRequest';
import { runToolInChild, type ToolRunOutcome } from './runToolInChild';

export interface ExecuteToolDeps {
  installer: PackageInstaller;
  childScript: string;
  executionTimeoutMs: number;
  maxOutputBytes: number;
  workRoot: string;
  sandbox?: ToolSandbox;
  signal?: AbortSignal;
}

/** Installs (or reuses) the package, then runs the named tool in its own process. */
export async function executeTool(
  request: ExecuteToolRequest,
  deps: ExecuteToolDeps,
): Promise<ToolRunOutcome> {
  const installed = await deps.installer.install(request.packageName, request.version);
  return runToolInChild(
    {
      prefix: installed.prefix,
      packageName: request.packageName,
      name: request.name,
      params: request.params,
      toolCallId: `tpmjs-${randomUUID()}`,
    },
    {
      childScript: deps.childScript,
      timeoutMs: deps.executionTimeoutMs,
      maxOutputBytes: deps.maxOutputBytes,
      workRoot: deps.workRoot,
      env: request.env,
      ...(deps.sandbox ? { sandbox: deps.sandbox } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    },
  );
}
