import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { AgentOrigin } from '../../../shared/api/runs';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import { transcriptFileName } from '../../services/debug/transcriptFileName';
import {
  describeExecuteTool,
  EXECUTE_TOOL_NAME,
  TYPINGS_TOOL_NAME,
} from '../../services/codeMode/describeExecuteTool';
import { EXECUTE_INPUT_SCHEMA, EXECUTE_OUTPUT_SCHEMA } from '../../services/codeMode/executeToolSchemas';
import { clientDisplayName, MAX_CLIENT_NAME_CHARS } from './clientDisplayName';
import { clientTimeoutMs } from './clientTimeoutMs';
import { formatRunText } from '../../services/codeMode/formatRunText';
import { httpRequestGone } from './httpRequestGone';
import type { CodeModeHost } from '../../services/codeMode/CodeModeHost';
import { readExecuteArguments } from '../../services/codeMode/readExecuteArguments';
import { runForAgent } from '../../services/codeMode/runForAgent';
import { answerTypingsTool, TYPINGS_TOOL } from '../../services/codeMode/answerTypingsTool';
import { withPlainErrorMessages } from './withPlainErrorMessages';

export const MCP_SERVER_NAME = 'execbox-playground';
/** Enough of a session id to tell one client's sessions apart in a label. */
const SESSION_CHARS = 8;
export const MCP_SERVER_VERSION = '0.1.0';

export interface ExecboxMcpServerOptions {
  host: CodeModeHost;
  /** Limits every agent run gets on top of the workspace's settings (`execbox mcp --timeout …`). */
  limits?: Partial<ExecutorRuntimeOptions>;
  /** Save each finished run's transcript here (absolute), as the app's "save transcript" does. */
  transcriptDir?: string;
  /** Problems that are not the agent's (a transcript that could not be written). */
  warn?(message: string): void;
  /** Why no code runs now, if so (`execbox mcp` refused an edit of its workspace): execute answers it. */
  refusal?(): string | undefined;
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/**
 * One MCP server for one client connection: the `execute` tool runs guest code against the
 * workspace's providers through the host (so the run shows in the app like any other), the
 * `typings` tool returns declarations on demand, and the tool list is announced as changed
 * whenever the providers' typings change.
 */
export function createExecboxMcpServer(options: ExecboxMcpServerOptions): Server {
  const { host } = options;
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        'Call the execute tool with JavaScript that uses the workspace providers (declared in its description); ' +
        'use the typings tool to read declarations that did not fit.',
    },
  );

  const origin = (extra: ToolCallExtra): AgentOrigin => {
    const client = server.getClientVersion();
    const timeoutMs = clientTimeoutMs(extra._meta);
    return {
      kind: 'agent',
      clientName: clientDisplayName(client?.name),
      ...(client?.version ? { clientVersion: client.version.slice(0, MAX_CLIENT_NAME_CHARS) } : {}),
      ...(extra.sessionId ? { session: extra.sessionId.slice(0, SESSION_CHARS) } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    };
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const providers = await host.resolvedProviders();
    return {
      tools: [
        {
          name: EXECUTE_TOOL_NAME,
          title: 'Run code against the workspace tools',
          description: describeExecuteTool(providers),
          inputSchema: EXECUTE_INPUT_SCHEMA as never,
          outputSchema: EXECUTE_OUTPUT_SCHEMA as never,
          annotations: { openWorldHint: true },
        },
        {
          ...TYPINGS_TOOL,
          inputSchema: TYPINGS_TOOL.inputSchema as never,
          annotations: { readOnlyHint: true },
        },
      ],
    };
  });

  async function saveTranscript(runId: string, origin: AgentOrigin): Promise<void> {
    if (!options.transcriptDir) return;
    const savedAt = new Date();
    const name = `${origin.clientName} run`;
    const file = path.join(options.transcriptDir, transcriptFileName(name, savedAt));
    try {
      await host.services.debug.saveTranscript(runId, { name, file });
    } catch (error) {
      options.warn?.(
        `the transcript of run ${runId} could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function execute(args: Record<string, unknown>, extra: ToolCallExtra): Promise<CallToolResult> {
    const refused = options.refusal?.();
    if (refused) return toolError(refused);
    const read = readExecuteArguments(args);
    if (!read.ok) return toolError(read.message);
    const { request } = read;
    const runOrigin = origin(extra);
    request.origin = runOrigin;
    if (options.limits && Object.keys(options.limits).length > 0) request.limits = { ...options.limits };
    const progressToken = extra._meta?.progressToken;
    // Every progress notification goes out before the result (the client drops later ones).
    const sent: Promise<unknown>[] = [];
    const requestGone = httpRequestGone.signal();
    const { runId, result } = await runForAgent(host, request, {
      signal: requestGone ? AbortSignal.any([extra.signal, requestGone]) : extra.signal,
      ...(progressToken !== undefined
        ? {
            onProgress: (progress, message) => {
              sent.push(
                extra
                  .sendNotification({
                    method: 'notifications/progress',
                    params: { progressToken, progress, message },
                  })
                  .catch(() => undefined),
              );
            },
          }
        : {}),
    });
    await Promise.all(sent);
    await saveTranscript(runId, runOrigin);
    return {
      content: [{ type: 'text', text: formatRunText(result) }],
      structuredContent: result as unknown as Record<string, unknown>,
      ...(result.ok ? {} : { isError: true }),
    };
  }

  async function typings(args: Record<string, unknown>): Promise<CallToolResult> {
    const answer = answerTypingsTool(await host.resolvedProviders(), args);
    if (!answer.ok) return toolError(answer.message);
    return { content: [{ type: 'text', text: answer.text }] };
  }

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (request.params.name === EXECUTE_TOOL_NAME) return execute(args, extra);
    if (request.params.name === TYPINGS_TOOL_NAME) return typings(args);
    throw new McpError(
      ErrorCode.InvalidParams,
      `no tool named ${JSON.stringify(request.params.name)} (this server has ${EXECUTE_TOOL_NAME} and ${TYPINGS_TOOL_NAME})`,
    );
  });

  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(withPlainErrorMessages(transport));

  // Typings events also say when a provider's state alone changed: an agent hears of new declarations only.
  let announced: string | undefined;
  const stopListening = host.onEvent((event) => {
    if (event.channel !== 'providers' || event.type !== 'typings' || !server.transport) return;
    if (event.declarations === announced) return;
    announced = event.declarations;
    server.sendToolListChanged().catch(() => undefined);
  });
  const previousOnClose = server.onclose;
  server.onclose = () => {
    stopListening();
    previousOnClose?.();
  };
  return server;
}

type ToolCallExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];
