import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_RESOURCE_VIEW_BYTES, type McpResourceContent } from '../../../shared/api/mcpInspect';
import { base64DecodedBytes } from '../../../shared/view/base64DecodedBytes';

/**
 * A read resource's contents for a person to look at: each with its size; text beyond
 * MCP_RESOURCE_VIEW_BYTES is cut and a larger binary comes as its size only (`truncated`).
 */
export function viewResourceContents(contents: ReadResourceResult['contents']): McpResourceContent[] {
  return contents.map((content) => {
    const base = { uri: content.uri, ...(content.mimeType ? { mimeType: content.mimeType } : {}) };
    if ('text' in content && typeof content.text === 'string') {
      const bytes = Buffer.byteLength(content.text, 'utf8');
      if (bytes <= MCP_RESOURCE_VIEW_BYTES) return { ...base, bytes, text: content.text };
      const cut = Buffer.from(content.text, 'utf8').subarray(0, MCP_RESOURCE_VIEW_BYTES).toString('utf8');
      return { ...base, bytes, text: cut, truncated: true };
    }
    const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
    const bytes = base64DecodedBytes(blob);
    return bytes <= MCP_RESOURCE_VIEW_BYTES ? { ...base, bytes, blob } : { ...base, bytes, truncated: true };
  });
}
