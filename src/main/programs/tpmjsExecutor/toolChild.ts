/**
 * The fixed program each TPMJS tool call runs in, as its own OS process. It receives the call as data
 * over IPC, imports the installed package, resolves the tool, runs it and sends back one answer.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveToolExport } from './resolveToolExport';
import { isTpmjsToolErrorCode, TpmjsError } from './tpmjsErrors';
import type { ToolChildAnswer, ToolChildRequest } from './toolChildMessages';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function loadPackage(prefix: string, packageName: string): Promise<unknown> {
  try {
    // Resolves the bare name the way an import from inside the install folder would (ESM or CommonJS).
    const url = import.meta.resolve(packageName, pathToFileURL(join(prefix, 'index.js')).href);
    return (await import(url)) as unknown;
  } catch (error) {
    throw new TpmjsError('TOOL_EXECUTION_ERROR', `loading package ${packageName} failed: ${reasonOf(error)}`);
  }
}

async function runCall(request: ToolChildRequest): Promise<ToolChildAnswer> {
  // Only the request's variables, in process.env (which the tool and what it spawns use), never in
  // this process's environment block. The executor started it with an empty one.
  for (const key of Object.keys(process.env)) {
    if (key !== 'ELECTRON_RUN_AS_NODE') delete process.env[key];
  }
  Object.assign(process.env, request.env);
  try {
    const pkg = await loadPackage(request.prefix, request.packageName);
    const tool = await resolveToolExport(pkg, request.name);
    let output: unknown;
    try {
      output = await tool.execute(request.params, { toolCallId: request.toolCallId, messages: [] });
    } catch (error) {
      return { ok: false, code: 'TOOL_EXECUTION_ERROR', message: `Tool threw an error: ${reasonOf(error)}` };
    }
    if (output === undefined) return { ok: true };
    let outputJson: string | undefined;
    try {
      outputJson = JSON.stringify(output);
    } catch (error) {
      const message = `the tool's output is not JSON-serializable: ${reasonOf(error)}`;
      return { ok: false, code: 'TOOL_EXECUTION_ERROR', message };
    }
    if (outputJson === undefined) {
      return {
        ok: false,
        code: 'TOOL_EXECUTION_ERROR',
        message: `the tool returned a ${typeof output}, which JSON cannot carry`,
      };
    }
    return { ok: true, outputJson };
  } catch (error) {
    if (error instanceof TpmjsError && isTpmjsToolErrorCode(error.code)) {
      return { ok: false, code: error.code, message: error.message };
    }
    return { ok: false, code: 'TOOL_EXECUTION_ERROR', message: reasonOf(error) };
  }
}

let started = false;
// A permanent listener keeps the IPC channel, and so this process, alive while a tool merely awaits.
process.on('message', (request: ToolChildRequest) => {
  if (started) return;
  started = true;
  // No exit after answering: the executor kills this process and everything it started, which it
  // can only find (by parent) while this process is alive.
  void runCall(request).then((answer) => process.send?.(answer));
});
