import { Validator } from '@cfworker/json-schema';
import { describeError } from '../../../state/describeError';

/** A checker for one schema, or why the schema cannot be checked (`what` names it: "the tool's input schema"). */
export type SchemaChecker = Validator | string | undefined;

// A validator that interprets schemas instead of compiling them: the renderer's CSP forbids eval,
// which ajv needs. The host checks again with ajv.
export function compileSchemaChecker(schema: unknown, what: string): SchemaChecker {
  if (schema === undefined) return undefined;
  try {
    return new Validator(schema as boolean, '2020-12', false);
  } catch (error) {
    return `${what} cannot be checked here: ${describeError(error)}`;
  }
}

/** What is wrong with `value`, innermost errors only ("/age: must be <= 100"); empty when it fits. */
export function schemaProblems(checker: SchemaChecker, value: unknown, what: string): string[] {
  if (checker === undefined) return [];
  if (typeof checker === 'string') return [checker];
  try {
    const outcome = checker.validate(value);
    if (outcome.valid) return [];
    // The innermost errors say what is wrong; the outer ones only repeat "properties failed".
    const leaves = outcome.errors.filter(
      (e) =>
        !outcome.errors.some(
          (other) => other !== e && other.keywordLocation.startsWith(`${e.keywordLocation}/`),
        ),
    );
    return [...new Set(leaves.map((e) => `${e.instanceLocation.replace(/^#/, '') || 'input'}: ${e.error}`))];
  } catch (error) {
    return [`${what} cannot be checked here: ${describeError(error)}`];
  }
}
