import type { ExecutorChoice } from '../../../shared/api/runs';
import type { Executor } from '../../engine/core/types';
import { createApprovalRules, type ApprovalDecision } from '../../services/debug/createApprovalRules';
import { createDebugService } from '../../services/debug/createDebugService';
import { createInProcessExecutor } from '../../engine/executors/createInProcessExecutor';
import { createProcessExecutor } from '../../engine/executors/createProcessExecutor';
import { createWorkerExecutor } from '../../engine/executors/createWorkerExecutor';
import { createDefaultExecutorFactory } from '../../engine/executors/createDefaultExecutorFactory';
import { createPlaygroundHost, type PlaygroundHost } from '../../app/createPlaygroundHost';
import { withSecretMasking } from '../../secrets/withSecretMasking';
import { openWorkspaceForRun } from '../../services/workspace/openWorkspaceForRun';
import path from 'node:path';
import {
  readWorkspaceReach,
  workspaceReach,
  type ReachItem,
} from '../../services/workspace/readWorkspaceReach';
import { resolveConfigDir } from '../../system/resolveConfigDir';
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
  /** `--approve-all`: calls to tools marked “ask before running” go ahead without asking. */
  approveAll?: boolean;
  /** Asks at a terminal (only when one is free: not in stdio mode, whose stdin is the protocol). */
  ask?(question: string): Promise<boolean>;
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
export async function openStandaloneMcpHost(options: StandaloneMcpHostOptions): Promise<{
  host: PlaygroundHost;
  file: string;
  warnings: string[];
  /** Why agent code is not run now (an edit of the workspace asked for more than was trusted). */
  refusal(): string | undefined;
}> {
  const configDir = options.configDir ?? resolveConfigDir();
  const demo = options.workspace ? undefined : await ensureDemoWorkspaceFile(configDir);
  const file = options.workspace ?? demo!.file;
  // What is trusted now is all that is: an edit that would run more, or send a secret somewhere new,
  // is refused until restarted with --trust.
  const trusted = new Set((await readWorkspaceReach(file)).map((r) => r.fingerprint));
  let started = false;
  const opened = await openWorkspaceForRun(file, {
    trust: options.trust || demo?.pristine === true,
    trustOnlyAtOpen: true,
    configDir,
    // Checked on the very document that opens: an edit between a reload's read and its open cannot slip by.
    admit: (opening, doc) => {
      if (!started) return;
      const untrusted = workspaceReach(doc, path.dirname(opening)).filter((r) => !trusted.has(r.fingerprint));
      if (untrusted.length > 0) throw new UntrustedEditError(describeUntrustedEdit(opening, untrusted));
    },
  });
  started = true;
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
        approvals: {
          ...createApprovalRules({
            list: () => opened.host.providers.list(),
            onEvent: (listener) => opened.host.onEvent(listener),
          }),
          decide: (call) => decideWithoutApp(call, options),
        },
      }),
  });
  // No app edits this workspace, so an edit on disk is how its providers change (and list_changed goes out).
  let refusal: string | undefined;
  const reload = async () => {
    try {
      await host.services.workspace.open(file);
    } catch (error) {
      if (!(error instanceof UntrustedEditError)) throw error;
      refusal = error.message;
      options.warn?.(refusal);
      return;
    }
    refusal = undefined;
    // What could not load (a secret refused at a new destination, among others) is said, not silent.
    await host.resolvedProviders();
    for (const status of await host.services.providers.list())
      if (status.state === 'error')
        options.warn?.(
          opened
            .masker()
            .maskText(
              `after the reload, provider '${status.name}' is unavailable: ${status.error ?? 'unknown error'}`,
            ),
        );
  };
  const stopWatching = watchWorkspaceFile(file, () => {
    reload().catch((error: unknown) => {
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
  return { host, file, warnings: opened.warnings, refusal: () => refusal };
}

class UntrustedEditError extends Error {}

function describeUntrustedEdit(file: string, untrusted: ReachItem[]): string {
  return (
    `${file} was edited to do what was not trusted when execbox mcp started: ` +
    untrusted.map((r) => `provider '${r.providerName}' would ${r.action}`).join('; ') +
    `. The edit was not loaded; ${
      untrusted.some((r) => r.kind === 'runs')
        ? 'restart execbox mcp with --trust to allow it'
        : 'restart execbox mcp to allow it (a secret bound elsewhere also needs its value entered again)'
    }.`
  );
}

/** Without the app nobody can hold a call: approve all, ask at the terminal, or refuse with a reason the agent reads. */
async function decideWithoutApp(
  call: { providerName: string; safeToolName: string; input?: unknown },
  options: Pick<StandaloneMcpHostOptions, 'approveAll' | 'ask'>,
): Promise<ApprovalDecision> {
  const tool = `${call.providerName}.${call.safeToolName}`;
  if (options.approveAll) return { run: true };
  if (options.ask) {
    const input = JSON.stringify(call.input ?? null).slice(0, 500);
    if (await options.ask(`An agent calls ${tool} (marked "ask before running") with ${input}. Run it?`))
      return { run: true };
    return { run: false, message: `${tool} was rejected at the terminal; the call was not made` };
  }
  return {
    run: false,
    message:
      `${tool} is marked "ask before running" in the workspace and nobody can be asked here ` +
      `(execbox mcp runs without the playground app), so the call was not made. Start execbox mcp ` +
      `with --approve-all to allow such calls, or connect through the app (execbox mcp --connect).`,
  };
}
