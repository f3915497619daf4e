import type { MockOutcome, MockProviderConfig } from '../../../shared/api/providers';
import { compileSchemaValidator } from '../../engine/core/compileSchemaValidator';
import type { JsonSchema } from '../../engine/core/types';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fixed and rule answers that break their tool's own output schema, which would otherwise only
 * fail at run time. Keyed like the provider form's fields (`tools.N.response`, N in tool order).
 */
export function findMockAnswerProblems(config: MockProviderConfig): Record<string, string> {
  const problems: Record<string, string> = Object.create(null) as Record<string, string>;
  Object.entries(config.tools).forEach(([name, tool], index) => {
    if (tool.outputSchema === undefined) return;
    const { response } = tool;
    const answers: { label: string; outcome: MockOutcome | undefined }[] =
      response.mode === 'fixed'
        ? [{ label: 'the fixed result', outcome: { result: response.result } }]
        : response.mode === 'rules'
          ? [
              ...response.rules.map((rule, at) => ({ label: `rule ${at + 1}'s result`, outcome: rule.then })),
              { label: "the 'otherwise' result", outcome: response.otherwise },
            ]
          : [];
    let validate: (value: unknown) => string | undefined;
    try {
      validate = compileSchemaValidator(tool.outputSchema as JsonSchema, 'result');
    } catch (error) {
      problems[`tools.${index}.outputSchema`] =
        `Tool '${name}': the output schema is invalid: ${describe(error)}`;
      return;
    }
    for (const { label, outcome } of answers) {
      if (!outcome || !('result' in outcome)) continue;
      const problem = validate(outcome.result);
      if (problem) {
        problems[`tools.${index}.response`] =
          `Tool '${name}': ${label} does not match the output schema: ${problem}`;
        return;
      }
    }
  });
  return problems;
}
