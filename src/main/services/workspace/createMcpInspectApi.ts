import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  MCP_PROMPT_ARGUMENT_CHARS,
  type McpInspectApi,
  type McpPromptInfo,
} from '../../../shared/api/mcpInspect';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { ExecboxToolError } from '../../engine/core/ExecboxToolError';
import type { McpConnection } from '../../providers/mcp/McpConnection';
import { viewResourceContents } from '../../providers/mcp/viewResourceContents';
import { requireRecord, requireString } from './checkArgument';
import type { WorkspaceControl } from './createWorkspaceApi';

/** Pages read when looking a prompt up by name. */
const MAX_PROMPT_PAGES = 100;

function optionalCursor(value: unknown): { cursor: string } | undefined {
  return value === undefined ? undefined : { cursor: requireString(value, 'cursor', { max: 4096 }) };
}

/** A refusal the catalog made (a URI the server does not offer) is the caller's mistake. */
async function asArgumentError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ExecboxToolError && error.code === 'validation_error')
      throw new InvalidArgumentError(error.message);
    throw error;
  }
}

/** The prompt's string arguments, checked against what the server declared for it. */
function promptArguments(prompt: McpPromptInfo, value: unknown): Record<string, string> {
  if (value === undefined) value = {};
  const given = requireRecord(value, 'args');
  const declared = new Map((prompt.arguments ?? []).map((argument) => [argument.name, argument]));
  const args: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, text] of Object.entries(given)) {
    if (!declared.has(name))
      throw new InvalidArgumentError(
        `prompt '${prompt.name}' has no argument '${name}'${declared.size ? ` (it takes ${[...declared.keys()].join(', ')})` : ''}`,
      );
    args[name] = requireString(text, `args.${name}`, { allowEmpty: true, max: MCP_PROMPT_ARGUMENT_CHARS });
  }
  for (const argument of declared.values()) {
    if (argument.required && !Object.hasOwn(args, argument.name))
      throw new InvalidArgumentError(`prompt '${prompt.name}' needs the argument '${argument.name}'`);
  }
  return { ...args };
}

/** The MCP Inspector's side of the providers API: raw traffic, server info, resources, prompts. */
export function createMcpInspectApi(
  control: WorkspaceControl,
  existing: (id: unknown) => string,
): McpInspectApi {
  const registry = () => control.session().registry;
  const connectionOf = (providerId: unknown): McpConnection => {
    const id = existing(providerId);
    const config = control.session().document.providers.find((p) => p.id === id);
    if (config?.kind !== 'mcp')
      throw new InvalidArgumentError(`provider '${config?.name ?? id}' is not an MCP server`);
    const connection = registry().mcpConnection(id);
    if (!connection)
      throw new InvalidArgumentError(`provider '${config.name}' has not started (allow it first)`);
    return connection;
  };
  const clientOf = async (providerId: unknown): Promise<{ client: Client; connection: McpConnection }> => {
    const connection = connectionOf(providerId);
    return { client: await connection.client(), connection };
  };
  const findPrompt = async (client: Client, timeout: number, name: string): Promise<McpPromptInfo> => {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PROMPT_PAGES; page++) {
      const answer = await client.listPrompts(cursor ? { cursor } : undefined, { timeout });
      const found = answer.prompts.find((prompt) => prompt.name === name);
      if (found) return found;
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    throw new InvalidArgumentError(`the server has no prompt named ${JSON.stringify(name)}`);
  };

  return {
    mcpTraffic: async (providerId) => registry().traffic(existing(providerId)) ?? [],
    async clearMcpTraffic(providerId) {
      registry().clearTraffic(existing(providerId));
    },
    async mcpServer(providerId) {
      const { client, connection } = await clientOf(providerId);
      const info = client.getServerVersion();
      const instructions = client.getInstructions();
      return {
        name: info?.name ?? '',
        version: info?.version ?? '',
        ...(info?.title ? { title: info.title } : {}),
        ...(connection.protocolVersion ? { protocolVersion: connection.protocolVersion } : {}),
        capabilities: { ...client.getServerCapabilities() },
        ...(instructions ? { instructions } : {}),
      };
    },
    async listResources(providerId, cursor) {
      const params = optionalCursor(cursor);
      const { client, connection } = await clientOf(providerId);
      if (!client.getServerCapabilities()?.resources) return { items: [] };
      const answer = await client.listResources(params, { timeout: connection.requestTimeoutMs });
      return { items: answer.resources, ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}) };
    },
    async listResourceTemplates(providerId, cursor) {
      const params = optionalCursor(cursor);
      const { client, connection } = await clientOf(providerId);
      if (!client.getServerCapabilities()?.resources) return { items: [] };
      const answer = await client.listResourceTemplates(params, { timeout: connection.requestTimeoutMs });
      return {
        items: answer.resourceTemplates,
        ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}),
      };
    },
    async readResource(providerId, uri) {
      const { client, connection } = await clientOf(providerId);
      const checked = await asArgumentError(connection.catalog.check(uri));
      const answer = await client.readResource({ uri: checked }, { timeout: connection.requestTimeoutMs });
      return { contents: viewResourceContents(answer.contents) };
    },
    async subscribeResource(providerId, uri) {
      const { client, connection } = await clientOf(providerId);
      if (!client.getServerCapabilities()?.resources?.subscribe)
        throw new InvalidArgumentError('this server does not offer resource subscriptions');
      const checked = await asArgumentError(connection.catalog.check(uri));
      await client.subscribeResource({ uri: checked }, { timeout: connection.requestTimeoutMs });
    },
    async unsubscribeResource(providerId, uri) {
      const { client, connection } = await clientOf(providerId);
      const checked = await asArgumentError(connection.catalog.check(uri));
      await client.unsubscribeResource({ uri: checked }, { timeout: connection.requestTimeoutMs });
    },
    async listPrompts(providerId, cursor) {
      const params = optionalCursor(cursor);
      const { client, connection } = await clientOf(providerId);
      if (!client.getServerCapabilities()?.prompts) return { items: [] };
      const answer = await client.listPrompts(params, { timeout: connection.requestTimeoutMs });
      return { items: answer.prompts, ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}) };
    },
    async getPrompt(providerId, name, args) {
      const promptName = requireString(name, 'name', { max: 1000 });
      const { client, connection } = await clientOf(providerId);
      if (!client.getServerCapabilities()?.prompts)
        throw new InvalidArgumentError('this server offers no prompts');
      const prompt = await findPrompt(client, connection.requestTimeoutMs, promptName);
      const answer = await client.getPrompt(
        { name: promptName, arguments: promptArguments(prompt, args) },
        { timeout: connection.requestTimeoutMs },
      );
      return {
        ...(answer.description ? { description: answer.description } : {}),
        messages: answer.messages,
      };
    },
  };
}
