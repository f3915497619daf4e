import type { ResolvedToolProvider } from '../../engine/core/types';
import { typingsForAgent } from './typingsForAgent';

/** Declarations longer than this stay out of the tool description; the agent asks the typings tool. */
export const MAX_DESCRIPTION_TYPINGS_CHARS = 12_000;
/** The tool list that replaces them is bounded too (a workspace may have thousands of tools). */
const MAX_TOOL_LIST_CHARS = 4_000;

export const EXECUTE_TOOL_NAME = 'execute';
export const TYPINGS_TOOL_NAME = 'typings';

const INTRO =
  'Runs JavaScript in a sandbox (QuickJS) and returns its result. The code is the body of an async ' +
  'function: use `await` and `return` a JSON value. Each provider is a global namespace whose tools ' +
  'are async functions taking one input object, e.g. `const r = await ns.tool({ ... }); return r;`. ' +
  '`console.log` output comes back in `logs`. There is no network, file system or `require`; only ' +
  'the providers below reach the outside world. A failed run returns the error code ' +
  '(timeout, memory_limit, validation_error, tool_error, runtime_error, serialization_error, internal_error) and message.';

function toolList(providers: readonly ResolvedToolProvider[]): string {
  const lines: string[] = [];
  let length = 0;
  for (const [index, provider] of providers.entries()) {
    const line = `- ${provider.name}: ${Object.keys(provider.tools).join(', ') || '(no tools)'}`;
    if (length + line.length > MAX_TOOL_LIST_CHARS) {
      lines.push(`- … and ${providers.length - index} more providers`);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The execute tool's description: the typings when they fit, else the tool names and where to read
 * more (`typingsLeftOut`: the agent needs the typings tool).
 */
export function describeExecuteToolFor(providers: readonly ResolvedToolProvider[]): {
  description: string;
  typingsLeftOut: boolean;
} {
  if (providers.length === 0)
    return { description: `${INTRO}\n\nThe workspace has no providers loaded yet.`, typingsLeftOut: false };
  const typings = typingsForAgent(providers.map((provider) => provider.types).join('\n'));
  if (typings.length <= MAX_DESCRIPTION_TYPINGS_CHARS)
    return {
      description: `${INTRO}\n\nThe providers, as TypeScript declarations:\n\n${typings}`,
      typingsLeftOut: false,
    };
  return {
    description:
      `${INTRO}\n\nThe providers' declarations are too long to list here (${typings.length} characters). ` +
      `Call the \`${TYPINGS_TOOL_NAME}\` tool with the providers or \`namespace.tool\` names you need ` +
      `before writing code. The providers and their tools:\n${toolList(providers)}`,
    typingsLeftOut: true,
  };
}

export function describeExecuteTool(providers: readonly ResolvedToolProvider[]): string {
  return describeExecuteToolFor(providers).description;
}
