import type { ExecuteErrorCode } from '../../../shared/errors';
import { checkTransportSafe, describeTransportUnsafe } from '../../../shared/transportSafe';
import { classifyToolFailure } from './classifyToolFailure';
import { inputForOmitted } from './inputForOmitted';
import type { SchemaValidator } from './compileSchemaValidator';
import { untilAborted } from './untilAborted';
import type { ResolvedTool, ToolCallResult, ToolDefinition, ToolExecutionContext } from './types';

export interface ResolvedToolParts {
  providerName: string;
  safeName: string;
  originalName: string;
  definition: ToolDefinition;
  validateInput?: SchemaValidator;
  validateOutput?: SchemaValidator;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function failure(code: ExecuteErrorCode, message: string): ToolCallResult {
  return { ok: false, error: { code, message } };
}

/**
 * Wraps a host tool: input must be transport-safe and valid, the tool runs with the execution's
 * signal, its result must be transport-safe and valid (an undefined result skips the output schema
 * and succeeds), and every failure becomes a stable code. `call` never throws.
 */
export function createResolvedTool(parts: ResolvedToolParts): ResolvedTool {
  const { providerName, safeName, originalName, definition, validateInput, validateOutput } = parts;
  const label = `${providerName}.${safeName}`;

  const call = async (given: unknown, context: ToolExecutionContext): Promise<ToolCallResult> => {
    const { signal } = context;
    if (signal.aborted) return failure('timeout', `${label} was not started: the execution ended`);
    const input = given === undefined ? inputForOmitted(definition.inputSchema) : given;
    const inputCheck = checkTransportSafe(input, { rootName: 'input' });
    if (!inputCheck.ok)
      return failure('serialization_error', `${label}: ${describeTransportUnsafe(inputCheck)}`);
    let inputProblem: string | undefined;
    try {
      inputProblem = validateInput?.(input);
    } catch (error) {
      return failure('internal_error', describe(error)); // a schema compiled lazily turned out invalid
    }
    if (inputProblem) return failure('validation_error', `Invalid input for ${label}: ${inputProblem}`);

    let result: unknown;
    try {
      const work = Promise.resolve().then(() => definition.execute(input, context));
      const outcome = await untilAborted(work, signal);
      if (outcome.aborted) return classifyToolFailure(undefined, signal, label);
      result = outcome.value;
    } catch (thrown) {
      return classifyToolFailure(thrown, signal, label);
    }

    if (result === undefined) return { ok: true };
    const resultCheck = checkTransportSafe(result, { rootName: 'result' });
    if (!resultCheck.ok) {
      const where = describeTransportUnsafe(resultCheck);
      return failure(
        'serialization_error',
        `${label} returned a value that is not JSON-serializable: ${where}`,
      );
    }
    let outputProblem: string | undefined;
    try {
      outputProblem = validateOutput?.(result);
    } catch (error) {
      return failure('internal_error', describe(error));
    }
    if (outputProblem) return failure('validation_error', `Invalid output from ${label}: ${outputProblem}`);
    return { ok: true, result };
  };

  const tool: ResolvedTool = { safeName, originalName, call };
  if (definition.description !== undefined) tool.description = definition.description;
  if (definition.inputSchema !== undefined) tool.inputSchema = definition.inputSchema;
  if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
  if (definition.typingOutputSchema !== undefined) tool.typingOutputSchema = definition.typingOutputSchema;
  if (definition.annotations !== undefined) tool.annotations = definition.annotations;
  return tool;
}
