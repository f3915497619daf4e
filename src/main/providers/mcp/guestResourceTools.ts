import type { JsonSchema, ToolDefinition } from '../../engine/core/types';
import { toolError } from '../toolError';
import { inFlightSignal } from './inFlightSignal';
import type { McpConnection } from './McpConnection';

/** The guest names of the resource tools an MCP provider with resources gets. */
export const READ_RESOURCE_TOOL = '$readResource';
export const LIST_RESOURCES_TOOL = '$listResources';

/** Most a guest read may return in all, as JSON text: the rest of a run's messages need room too. */
export const MAX_GUEST_RESOURCE_BYTES = 4 * 1024 * 1024;

const contentSchema: JsonSchema = {
  type: 'object',
  required: ['uri'],
  properties: {
    uri: { type: 'string' },
    mimeType: { type: 'string' },
    text: { type: 'string', description: 'A text resource (JSON stays text: JSON.parse it).' },
    blob: { type: 'string', description: 'A binary resource, base64.' },
  },
};

const listedSchema = (key: 'uri' | 'uriTemplate'): JsonSchema => ({
  type: 'object',
  required: [key, 'name'],
  properties: {
    [key]: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    mimeType: { type: 'string' },
  },
});

/**
 * Guest access to an MCP server's resources, as two more tools of its namespace (so breakpoints,
 * "ask before running", the transcript and replay treat them like any call). A read is refused
 * unless the server lists the URI or one of its templates matches it.
 */
export function guestResourceTools(
  connection: McpConnection,
  providerName: string,
): Record<string, ToolDefinition> {
  return {
    [READ_RESOURCE_TOOL]: {
      description: `Reads a resource of the ${providerName} MCP server: a URI it lists, or one matching its resource templates (see ${LIST_RESOURCES_TOOL}).`,
      inputSchema: {
        type: 'object',
        required: ['uri'],
        additionalProperties: false,
        properties: { uri: { type: 'string', description: 'The resource URI.' } },
      },
      outputSchema: {
        type: 'object',
        required: ['contents'],
        properties: { contents: { type: 'array', items: contentSchema } },
      },
      async execute(input, context) {
        const uri = await connection.catalog.check((input as { uri?: unknown }).uri);
        const client = await connection.client();
        const inFlight = inFlightSignal(context.signal);
        const answer = await client
          .readResource({ uri }, { signal: inFlight.signal, timeout: connection.requestTimeoutMs })
          .finally(inFlight.release);
        const contents = answer.contents.map((content) => ({
          uri: content.uri,
          ...(content.mimeType ? { mimeType: content.mimeType } : {}),
          ...('text' in content ? { text: content.text } : { blob: content.blob }),
        }));
        const bytes = Buffer.byteLength(JSON.stringify(contents), 'utf8');
        if (bytes > MAX_GUEST_RESOURCE_BYTES)
          throw toolError(
            'tool_error',
            `resource ${uri} of provider '${providerName}' is ${bytes} bytes as JSON; guest code may read at most ${MAX_GUEST_RESOURCE_BYTES}`,
          );
        return { contents };
      },
    },
    [LIST_RESOURCES_TOOL]: {
      description: `The resources and resource templates the ${providerName} MCP server lists.`,
      inputSchema: { type: 'object', additionalProperties: false, properties: {} },
      outputSchema: {
        type: 'object',
        required: ['resources', 'templates'],
        properties: {
          resources: { type: 'array', items: listedSchema('uri') },
          templates: { type: 'array', items: listedSchema('uriTemplate') },
        },
      },
      async execute() {
        const { resources, templates } = await connection.catalog.read();
        const pick = <T extends { name: string; description?: string; mimeType?: string }>(item: T) => ({
          name: item.name,
          ...(item.description ? { description: item.description } : {}),
          ...(item.mimeType ? { mimeType: item.mimeType } : {}),
        });
        return {
          resources: resources.map((r) => ({ uri: r.uri, ...pick(r) })),
          templates: templates.map((t) => ({ uriTemplate: t.uriTemplate, ...pick(t) })),
        };
      },
    },
  };
}
