import { base64DecodedBytes } from './base64DecodedBytes';
import { findContentItems } from './findContentItems';

/** An MCP `resource_link` or embedded `resource` content item found inside a value. */
export interface McpResource {
  /** JSON-path-like location: `$`, `$[0]`, `$.content[1]`. */
  path: string;
  kind: 'link' | 'embedded';
  /** Shown as text only, never followed: a server chooses it. */
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
  /** An embedded text resource's text, cut to {@link MAX_TEXT} characters. */
  text?: string;
  truncated?: boolean;
  /** An embedded binary resource's decoded size. */
  bytes?: number;
}

export const MAX_TEXT = 4000;

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

function withoutUndefined(resource: McpResource): McpResource {
  return Object.fromEntries(
    Object.entries(resource).filter(([, v]) => v !== undefined),
  ) as unknown as McpResource;
}

function asResource(node: Record<string, unknown>, path: string): McpResource | undefined {
  if (node.type === 'resource_link' && typeof node.uri === 'string') {
    return withoutUndefined({
      path,
      kind: 'link',
      uri: node.uri,
      name: optionalString(node.name),
      description: optionalString(node.description),
      mimeType: optionalString(node.mimeType),
    });
  }
  const inner = node.resource;
  if (node.type !== 'resource' || typeof inner !== 'object' || inner === null || Array.isArray(inner))
    return undefined;
  const { uri, mimeType, text, blob } = inner as Record<string, unknown>;
  if (typeof uri !== 'string') return undefined;
  const base = { path, kind: 'embedded' as const, uri, mimeType: optionalString(mimeType) };
  if (typeof text === 'string') {
    return withoutUndefined({
      ...base,
      text: text.slice(0, MAX_TEXT),
      truncated: text.length > MAX_TEXT ? true : undefined,
    });
  }
  if (typeof blob === 'string') {
    return withoutUndefined({ ...base, bytes: base64DecodedBytes(blob) });
  }
  return withoutUndefined(base);
}

/**
 * MCP `resource_link` and embedded `resource` content items anywhere in a value, so a result can
 * show each one's URI, type and text instead of raw JSON. The value itself is not changed.
 */
export function findMcpResources(value: unknown): McpResource[] {
  return findContentItems(value, asResource);
}
