/**
 * The fixed program each TPMJS tool call runs in, as its own OS process. It receives the call as data
 * on file descriptor 3, imports the installed package, resolves the tool, runs it and sends back one answer.
 */
import { Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveToolExport } from './resolveToolExport';
import { isTpmjsToolErrorCode, TpmjsError, type TpmjsToolErrorCode } from './tpmjsErrors';
import { outputTooLarge } from './outputTooLarge';
import { TOOL_CHANNEL_FD, type ToolChildRequest } from './toolChildMessages';

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

/** The answer as one JSON line; the output's JSON is spliced in as is, never encoded twice. */
async function runCall(request: ToolChildRequest): Promise<string> {
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
      return failure(`Tool threw an error: ${reasonOf(error)}`);
    }
    if (output === undefined) return JSON.stringify({ ok: true });
    let outputJson: string | undefined;
    try {
      outputJson = JSON.stringify(output);
    } catch (error) {
      return failure(`the tool's output is not JSON-serializable: ${reasonOf(error)}`);
    }
    if (outputJson === undefined)
      return failure(`the tool returned a ${typeof output}, which JSON cannot carry`);
    if (Buffer.byteLength(outputJson) > request.maxOutputBytes) {
      return failure(outputTooLarge(request.maxOutputBytes));
    }
    return `{"ok":true,"output":${outputJson}}`;
  } catch (error) {
    if (error instanceof TpmjsError && isTpmjsToolErrorCode(error.code)) {
      return failure(error.message, error.code);
    }
    return failure(reasonOf(error));
  }
}

function failure(message: string, code: TpmjsToolErrorCode = 'TOOL_EXECUTION_ERROR'): string {
  return JSON.stringify({ ok: false, code, message });
}

// The open channel keeps this process alive while a tool merely awaits. No exit after answering: the
// executor kills this process and everything it started, which it can only find (by parent) while
// this process is alive.
const channel = new Socket({ fd: TOOL_CHANNEL_FD });
let received = '';
let started = false;
channel.setEncoding('utf8').on('data', (chunk: string) => {
  if (started) return;
  received += chunk;
  const end = received.indexOf('\n');
  if (end < 0) return;
  started = true;
  const request = JSON.parse(received.slice(0, end)) as ToolChildRequest;
  void runCall(request).then((answer) => channel.write(`${answer}\n`));
});
