import { namespaceNameProblem } from '../../../shared/protocol/identifiers';
import { assignSafeToolNames } from './assignSafeToolNames';
import { compileSchemaValidator, type SchemaValidator } from './compileSchemaValidator';
import { createResolvedTool } from './createResolvedTool';
import { generateProviderTypes } from './generateProviderTypes';
import { ProviderResolutionError } from './ProviderResolutionError';
import type { JsonSchema, ResolvedTool, ResolvedToolProvider, ToolDefinition, ToolProvider } from './types';

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

export interface ResolveProviderOptions {
  /**
   * `eager` (default) compiles every schema now, so an invalid one fails the resolution; `lazy`
   * compiles a tool's schemas at its first call (a one-off run that uses few of many tools), and an
   * invalid one then fails that call as `internal_error`.
   */
  compileSchemas?: 'eager' | 'lazy';
}

function compile(
  schema: unknown,
  root: 'input' | 'output',
  providerName: string,
  toolName: string,
  mode: 'eager' | 'lazy',
): SchemaValidator | undefined {
  if (schema === undefined) return undefined;
  const where = `${providerName}.${toolName} ${root}Schema`;
  if (!isSchema(schema))
    throw new ProviderResolutionError(
      `${where} must be a JSON Schema object or boolean`,
      providerName,
      toolName,
    );
  const compileNow = (): SchemaValidator => {
    try {
      return compileSchemaValidator(schema, root);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProviderResolutionError(`${where} is invalid: ${reason}`, providerName, toolName);
    }
  };
  if (mode === 'eager') return compileNow();
  let validator: SchemaValidator | undefined;
  return (value) => (validator ??= compileNow())(value);
}

function checkDefinition(definition: unknown, providerName: string, toolName: string): ToolDefinition {
  const where = `${providerName}.${toolName}`;
  if (typeof definition !== 'object' || definition === null) {
    throw new ProviderResolutionError(`tool ${where} must be an object`, providerName, toolName);
  }
  const tool = definition as Partial<ToolDefinition>;
  if (typeof tool.execute !== 'function') {
    throw new ProviderResolutionError(`tool ${where} must have an execute function`, providerName, toolName);
  }
  if (tool.description !== undefined && typeof tool.description !== 'string') {
    throw new ProviderResolutionError(`tool ${where} description must be a string`, providerName, toolName);
  }
  return tool as ToolDefinition;
}

/**
 * Turns an author-facing provider into the executor-facing shape: a guest-safe namespace, sanitized
 * and de-duplicated tool names with both name maps, ajv validators for input and output, wrappers
 * that classify every failure, and type declarations (the provider's own, or generated).
 * Throws {@link ProviderResolutionError} naming the provider and tool when something is invalid.
 */
export function resolveProvider(
  provider: ToolProvider,
  options: ResolveProviderOptions = {},
): ResolvedToolProvider {
  const mode = options.compileSchemas ?? 'eager';
  const name: unknown = provider?.name;
  if (typeof name !== 'string')
    throw new ProviderResolutionError('provider name must be a string', String(name));
  const problem = namespaceNameProblem(name);
  if (problem)
    throw new ProviderResolutionError(`provider namespace ${JSON.stringify(name)} ${problem}`, name);
  const definitions: unknown = provider.tools;
  if (typeof definitions !== 'object' || definitions === null || Array.isArray(definitions)) {
    throw new ProviderResolutionError(`provider ${name} tools must be an object keyed by tool name`, name);
  }
  if (provider.types !== undefined && typeof provider.types !== 'string') {
    throw new ProviderResolutionError(`provider ${name} types must be a string of declarations`, name);
  }

  const originalNames = Object.keys(definitions);
  const maps = assignSafeToolNames(originalNames);
  const tools: Record<string, ResolvedTool> = {};
  for (const originalName of originalNames) {
    const definition = checkDefinition(
      (definitions as Record<string, unknown>)[originalName],
      name,
      originalName,
    );
    const safeName = maps.originalToSafeName[originalName]!;
    const validateInput = compile(definition.inputSchema, 'input', name, originalName, mode);
    const validateOutput = compile(definition.outputSchema, 'output', name, originalName, mode);
    tools[safeName] = createResolvedTool({
      providerName: name,
      safeName,
      originalName,
      definition,
      validateInput,
      validateOutput,
    });
  }
  const types = provider.types ?? generateProviderTypes({ name, tools: Object.values(tools) });
  return { name, tools, types, ...maps };
}
