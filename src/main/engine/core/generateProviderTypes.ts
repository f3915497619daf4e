import { formatJsDoc } from './formatJsDoc';
import { isObjectTypedSchema } from './inputForOmitted';
import { SchemaToTypeScript } from './schemaToTypeScript';
import type { JsonSchema, ResolvedTool } from './types';

/** What the typings are made from: a resolved tool's names and schemas. */
export type TypedTool = Pick<
  ResolvedTool,
  'safeName' | 'originalName' | 'description' | 'inputSchema' | 'outputSchema' | 'typingOutputSchema'
>;

function pascalCase(text: string): string {
  const joined = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return /^\p{L}/u.test(joined) ? joined : `Tool${joined}`;
}

/** Whether the guest may omit input: no schema, or an object schema that requires nothing. */
function inputIsOptional(schema: JsonSchema | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false || !isObjectTypedSchema(schema)) return false;
  const required = schema.required;
  const combined = schema.$ref !== undefined || schema.allOf || schema.anyOf || schema.oneOf;
  return !combined && !(Array.isArray(required) && required.length > 0);
}

/** Most MCP tools declare no output schema; their results are `any` so valid code is not flagged. */
export const UNTYPED_OUTPUT_NOTE =
  'Returns: untyped (the tool declares no output schema). Run it once and choose "Use this shape as the output type" to type it.';

/**
 * `declare namespace <provider> { … }` for guest code: one `function <safeName>(input): Promise<Out>`
 * per tool, JSDoc from descriptions (escaped), and named types `<Tool>Input` / `<Tool>Output` (plus
 * one per local `$ref`). Without an output schema the result is `any`.
 */
export function generateProviderTypes(provider: { name: string; tools: readonly TypedTool[] }): string {
  const usedNames = new Set<string>(provider.tools.map((tool) => tool.safeName));
  const members: string[] = [];
  for (const tool of provider.tools) {
    const base = pascalCase(tool.safeName);
    const declarations: string[] = [];
    let inputType = 'unknown';
    if (tool.inputSchema !== undefined) {
      const converter = new SchemaToTypeScript(tool.inputSchema, `${base}Input`, usedNames);
      inputType = converter.rootType();
      declarations.push(...converter.declarations);
    }
    let outputType = 'any';
    const outputSchema = tool.outputSchema ?? tool.typingOutputSchema;
    if (outputSchema !== undefined) {
      const converter = new SchemaToTypeScript(outputSchema, `${base}Output`, usedNames);
      outputType = converter.rootType();
      declarations.push(...converter.declarations);
    }
    const renamed = tool.originalName === tool.safeName ? undefined : `Upstream name: ${tool.originalName}`;
    const untyped = outputSchema === undefined ? UNTYPED_OUTPUT_NOTE : undefined;
    const doc = formatJsDoc([tool.description, renamed, untyped], '  ');
    const parameter = `input${inputIsOptional(tool.inputSchema) ? '?' : ''}: ${inputType}`;
    members.push(
      `${declarations.join('')}${doc}  function ${tool.safeName}(${parameter}): Promise<${outputType}>;\n`,
    );
  }
  return `declare namespace ${provider.name} {\n${members.join('\n')}}\n`;
}
