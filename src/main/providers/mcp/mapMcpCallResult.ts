import { toolError } from '../toolError';

interface McpContentItem {
  type: string;
  text?: string;
}

interface McpCallResultLike {
  content?: McpContentItem[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A tools/call result as the guest sees it: `isError` becomes `tool_error`; `structuredContent`
 * wins; text-only content is parsed when it is JSON and returned as text otherwise; other content
 * (images, resources) is returned as the content array.
 */
export function mapMcpCallResult(result: McpCallResultLike, toolName: string): unknown {
  const content = result.content ?? [];
  const texts = content.filter((item) => item.type === 'text').map((item) => item.text ?? '');
  if (result.isError) {
    throw toolError('tool_error', texts.join('\n') || `MCP tool '${toolName}' reported an error`);
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  if ('toolResult' in result) return result.toolResult;
  if (content.length === 0) return undefined;
  if (texts.length === content.length) return parseJsonOrText(texts.join('\n'));
  return content;
}
