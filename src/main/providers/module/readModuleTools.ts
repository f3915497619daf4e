import type { JsonSchema, ToolDefinition } from '../../core/types';

type Shape = Record<string, unknown>;

function isObject(value: unknown): value is Shape {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readSchema(value: unknown, where: string): JsonSchema | undefined {
  if (value === undefined || typeof value === 'boolean' || isObject(value))
    return value as JsonSchema | undefined;
  throw new Error(`${where} must be a JSON Schema object`);
}

function readTool(value: unknown, where: string): ToolDefinition {
  if (!isObject(value)) throw new Error(`${where} must be an object`);
  if (typeof value.execute !== 'function') throw new Error(`${where}.execute must be a function`);
  if (value.description !== undefined && typeof value.description !== 'string') {
    throw new Error(`${where}.description must be a string`);
  }
  const execute = value.execute as ToolDefinition['execute'];
  return {
    description: value.description as string | undefined,
    inputSchema: readSchema(value.inputSchema, `${where}.inputSchema`),
    outputSchema: readSchema(value.outputSchema, `${where}.outputSchema`),
    execute: (input, context) => execute.call(value, input, context),
  };
}

/**
 * The tools a trusted module exports: `export const tools` (or the default export, or its `tools`)
 * as an array of `{ name, description, inputSchema, outputSchema, execute }` or a record keyed by name.
 */
export function readModuleTools(exports: Shape, file: string): Record<string, ToolDefinition> {
  const fallback =
    isObject(exports.default) && 'tools' in exports.default ? exports.default.tools : exports.default;
  const declared = exports.tools ?? fallback;
  const tools: Record<string, ToolDefinition> = {};
  if (Array.isArray(declared)) {
    declared.forEach((tool: unknown, index) => {
      const where = `${file}: tools[${index}]`;
      const name = isObject(tool) ? tool.name : undefined;
      if (typeof name !== 'string' || name === '')
        throw new Error(`${where}.name must be a non-empty string`);
      if (name in tools) throw new Error(`${where}: the tool name '${name}' is used twice`);
      tools[name] = readTool(tool, where);
    });
  } else if (isObject(declared)) {
    for (const [name, tool] of Object.entries(declared))
      tools[name] = readTool(tool, `${file}: tools.${name}`);
  } else {
    throw new Error(`${file} exports no tools: export \`tools\` (an array or a record) or a default export`);
  }
  return tools;
}
