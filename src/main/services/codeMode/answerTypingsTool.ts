import type { ResolvedToolProvider } from '../../engine/core/types';
import { TYPINGS_TOOL_NAME } from './describeExecuteTool';
import { TYPINGS_INPUT_SCHEMA } from './executeToolSchemas';
import { selectTypings } from './selectTypings';
import { typingsForAgent } from './typingsForAgent';

/** The typings tool as agents (`execbox mcp`) and models (Ask) get it. */
export const TYPINGS_TOOL = {
  name: TYPINGS_TOOL_NAME,
  title: 'Read provider typings',
  description:
    'Returns TypeScript declarations of the workspace providers for the execute tool: ' +
    'pass `providers` (namespaces) and/or `tools` (namespace.tool); pass nothing for all of them.',
  inputSchema: TYPINGS_INPUT_SCHEMA,
} as const;

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw new TypeError(`${name} must be an array of strings`);
  return value;
}

/**
 * The typings tool's answer to `args`: the declarations asked for with the names asked (each once),
 * or what is wrong with the request.
 */
export function answerTypingsTool(
  providers: readonly ResolvedToolProvider[],
  args: Record<string, unknown>,
): { ok: true; text: string; asked: string[] } | { ok: false; message: string } {
  let request;
  try {
    request = {
      providers: stringArray(args.providers, 'providers'),
      tools: stringArray(args.tools, 'tools'),
    };
  } catch (error) {
    return {
      ok: false,
      message: `the ${TYPINGS_TOOL_NAME} tool takes { providers?: string[], tools?: string[] }: ${(error as Error).message}`,
    };
  }
  const answer = selectTypings(providers, request);
  if (!answer.ok) return answer;
  return {
    ok: true,
    text: typingsForAgent(answer.typings) || '// the workspace has no providers',
    asked: [...new Set([...(request.providers ?? []), ...(request.tools ?? [])])],
  };
}
