import type { JsonSchema, ToolDefinition } from '../../engine/core/types';

type Shape = Record<string, unknown>;

const TOOL_FIELDS = ['name', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execute'];
const ANNOTATION_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
/** Fields other tool formats use, with what this format calls them. */
const FIELD_ADVICE: Record<string, string> = {
  handler: 'name the function execute',
  run: 'name the function execute',
  call: 'name the function execute',
  invoke: 'name the function execute',
  parameters: 'give the input JSON Schema as inputSchema',
  input_schema: 'spell it inputSchema',
  inputschema: 'spell it inputSchema',
  schema: 'give the input JSON Schema as inputSchema',
  output_schema: 'spell it outputSchema',
  outputschema: 'spell it outputSchema',
};

function isObject(value: unknown): value is Shape {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function readSchema(value: unknown, where: string): JsonSchema | undefined {
  if (value === undefined || typeof value === 'boolean' || isObject(value))
    return value as JsonSchema | undefined;
  throw new Error(`${where} must be a JSON Schema object, but it is ${kindOf(value)}`);
}

function readAnnotations(value: unknown, where: string): ToolDefinition['annotations'] {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new Error(`${where} must be an object, but it is ${kindOf(value)}`);
  for (const [key, hint] of Object.entries(value)) {
    const expected = key === 'title' ? 'string' : ANNOTATION_HINTS.includes(key) ? 'boolean' : undefined;
    if (!expected)
      throw new Error(
        `${where}.${key} is not a tool annotation (known: title, ${ANNOTATION_HINTS.join(', ')})`,
      );
    if (typeof hint !== expected)
      throw new Error(`${where}.${key} must be a ${expected}, but it is ${kindOf(hint)}`);
  }
  return value as ToolDefinition['annotations'];
}

function readTool(value: unknown, where: string): ToolDefinition {
  if (!isObject(value)) throw new Error(`${where} must be an object, but it is ${kindOf(value)}`);
  for (const key of Object.keys(value)) {
    if (TOOL_FIELDS.includes(key)) continue;
    const advice = FIELD_ADVICE[key];
    throw new Error(
      `${where} has an unknown field '${key}'${advice ? ` (${advice})` : ''}; a tool has ${TOOL_FIELDS.join(', ')}`,
    );
  }
  if (typeof value.execute !== 'function')
    throw new Error(
      `${where}.execute must be a function (input, context) => result, but it is ${kindOf(value.execute)}`,
    );
  if (value.description !== undefined && typeof value.description !== 'string') {
    throw new Error(`${where}.description must be a string, but it is ${kindOf(value.description)}`);
  }
  const execute = value.execute as ToolDefinition['execute'];
  const annotations = readAnnotations(value.annotations, `${where}.annotations`);
  return {
    description: value.description as string | undefined,
    inputSchema: readSchema(value.inputSchema, `${where}.inputSchema`),
    outputSchema: readSchema(value.outputSchema, `${where}.outputSchema`),
    ...(annotations ? { annotations } : {}),
    execute: (input, context) => execute.call(value, input, context),
  };
}

function readToolArray(declared: unknown[], file: string): Record<string, ToolDefinition> {
  const tools: Record<string, ToolDefinition> = {};
  declared.forEach((tool: unknown, index) => {
    const name = isObject(tool) ? tool.name : undefined;
    const where = `${file}: tools[${index}]`;
    if (typeof name !== 'string' || name === '')
      throw new Error(`${where}.name must be a non-empty string, but it is ${kindOf(name)}`);
    if (name in tools) throw new Error(`${where}: the tool name '${name}' is used twice`);
    tools[name] = readTool(tool, `${where} ('${name}')`);
  });
  return tools;
}

function readToolRecord(declared: Shape, file: string): Record<string, ToolDefinition> {
  const tools: Record<string, ToolDefinition> = {};
  for (const [name, tool] of Object.entries(declared)) {
    const where = `${file}: tools.${name}`;
    if (isObject(tool) && tool.name !== undefined && tool.name !== name)
      throw new Error(`${where}.name is ${JSON.stringify(tool.name)}, but its key is '${name}'`);
    tools[name] = readTool(tool, where);
  }
  return tools;
}

/**
 * The tools a trusted module exports: `export const tools` (or the default export, or its `tools`)
 * as an array of `{ name, description, inputSchema, outputSchema, annotations, execute }` or a
 * record of them keyed by name. Anything else throws an error naming the file and the field.
 */
export function readModuleTools(exports: Shape, file: string): Record<string, ToolDefinition> {
  const fromDefault = isObject(exports.default) && 'tools' in exports.default;
  const declared = exports.tools ?? (fromDefault ? (exports.default as Shape).tools : exports.default);
  if (Array.isArray(declared)) return readToolArray(declared, file);
  if (isObject(declared)) return readToolRecord(declared, file);
  if (declared === undefined) {
    const names = Object.keys(exports);
    throw new Error(
      `${file} exports no tools${names.length > 0 ? ` (it exports ${names.join(', ')})` : ''}: ` +
        'export `tools` (an array of tools, or an object of them keyed by name) or a default export',
    );
  }
  const source = exports.tools !== undefined ? 'tools' : fromDefault ? 'default.tools' : 'the default export';
  throw new Error(
    `${file}: ${source} is ${kindOf(declared)}; it must be an array of tools or an object of them keyed by name`,
  );
}
