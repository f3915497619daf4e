import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpProviderConfig } from '../../../shared/api/providers';
import type { ToolProgress } from '../../core/types';
import type { SecretStore } from '../../secrets/SecretStore';
import type { ProviderSourceListener } from '../ProviderSource';
import { toolError } from '../toolError';
import { connectMcpClient, type McpClientHandle } from './connectMcpClient';
import { mapMcpCallResult } from './mapMcpCallResult';

export const DEFAULT_MCP_REQUEST_TIMEOUT_MS = 30_000;
/** Progress resets a call's request timeout, as the MCP Inspector does, up to this many request timeouts in all. */
export const MAX_TOTAL_TIMEOUT_FACTOR = 10;
/** Connecting and listing tools when the provider sets no request timeout. */
const SETUP_TIMEOUT_MS = 30_000;

/**
 * One MCP server connection, opened lazily and reopened on the next use after the server crashed,
 * closed the connection or stopped answering.
 */
export class McpConnection {
  private handle: McpClientHandle | undefined;
  private connecting: Promise<McpClientHandle> | undefined;
  private disposed = false;
  private everConnected = false;
  readonly timeoutMs: number;
  /** The configured timeout also bounds connecting and listing tools ("Test connection" too). */
  private readonly setupTimeoutMs: number;

  constructor(
    private readonly config: McpProviderConfig,
    private readonly secrets: SecretStore,
    private readonly baseDir: string,
    private readonly listener: ProviderSourceListener,
  ) {
    this.timeoutMs = config.requestTimeoutMs ?? DEFAULT_MCP_REQUEST_TIMEOUT_MS;
    this.setupTimeoutMs = config.requestTimeoutMs ?? SETUP_TIMEOUT_MS;
  }

  async listTools(): Promise<Tool[]> {
    const { client } = await this.connected();
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.setupTimeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  async callTool(
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress?: (progress: ToolProgress) => void,
  ): Promise<unknown> {
    if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
      throw toolError('validation_error', `MCP tool '${name}' takes an object argument`);
    }
    const handle = await this.connected();
    let result: Awaited<ReturnType<typeof handle.client.callTool>>;
    try {
      result = await handle.client.callTool(
        { name, arguments: (input ?? {}) as Record<string, unknown> },
        undefined,
        {
          signal,
          timeout: this.timeoutMs,
          ...(onProgress
            ? {
                onprogress: ({ progress, total, message }) =>
                  onProgress({
                    progress,
                    ...(total === undefined ? {} : { total }),
                    ...(message === undefined ? {} : { message }),
                  }),
                resetTimeoutOnProgress: true,
                maxTotalTimeout: this.timeoutMs * MAX_TOTAL_TIMEOUT_FACTOR,
              }
            : {}),
        },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw this.classify(error, name, handle);
    }
    return mapMcpCallResult(result, name);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const handle = this.handle;
    this.handle = undefined;
    await handle?.client.close().catch(() => undefined);
  }

  private classify(error: unknown, toolName: string, handle: McpClientHandle): unknown {
    const server = `MCP server of provider '${this.config.name}'`;
    if (!(error instanceof McpError)) {
      // Not an answer from the server: the transport failed (server gone, session lost). Start over next time.
      const reason = error instanceof Error ? error.message : String(error);
      this.drop(handle, `the MCP server could not be reached (${reason}); it is reconnected on the next use`);
      return toolError(
        'tool_error',
        `${server} could not be reached for ${toolName} (${reason}); it is reconnected on the next call`,
      );
    }
    if (error.code === ErrorCode.RequestTimeout) {
      // A server that stops answering is restarted on the next use.
      this.drop(
        handle,
        `the MCP server did not answer ${toolName} within ${this.timeoutMs} ms; it is restarted on the next use`,
      );
      return toolError('timeout', `${server} did not answer ${toolName} within ${this.timeoutMs} ms`);
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      const tail = handle.stderrTail();
      return toolError(
        'tool_error',
        `${server} closed the connection during ${toolName}; it is restarted on the next call${tail ? `\nstderr: ${tail}` : ''}`,
      );
    }
    if (error.code === ErrorCode.InvalidParams) return toolError('validation_error', error.message);
    return toolError('tool_error', error.message);
  }

  private async connected(): Promise<McpClientHandle> {
    if (this.disposed) throw toolError('tool_error', `provider '${this.config.name}' was closed`);
    if (this.handle) return this.handle;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<McpClientHandle> {
    const handle = await connectMcpClient(this.config, this.secrets, this.baseDir, this.setupTimeoutMs);
    if (this.disposed) {
      await handle.client.close().catch(() => undefined);
      throw toolError('tool_error', `provider '${this.config.name}' was closed`);
    }
    handle.client.onclose = () => {
      if (this.handle !== handle) return;
      this.handle = undefined;
      const tail = handle.stderrTail();
      this.listener.connectionChanged(
        `the MCP server closed the connection; it is restarted on the next use${tail ? `\nstderr: ${tail}` : ''}`,
      );
    };
    handle.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.listener.toolsChanged();
    });
    const reconnected = this.everConnected;
    this.handle = handle;
    this.everConnected = true;
    if (reconnected) {
      this.listener.connectionChanged(undefined);
      // A restarted server may offer other tools.
      this.listener.toolsChanged();
    }
    return handle;
  }

  /** Forgets a broken connection (once) and says why; the next use connects again. */
  private drop(handle: McpClientHandle, reason: string): void {
    if (this.handle !== handle) return;
    this.handle = undefined;
    void handle.client.close().catch(() => undefined);
    this.listener.connectionChanged(reason);
  }
}
