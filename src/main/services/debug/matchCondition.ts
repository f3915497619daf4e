import { jsonEqual } from '../../../shared/transcriptJsonEqual';
import type { Condition, ConditionClause, PathSegment } from './parseCondition';

/** Only this much of a string is tested by `matches`, so a pathological input cannot stall the host. */
const MAX_MATCHED_CHARS = 100_000;

/** True when every clause holds for the input. A missing path only satisfies `!=`. */
export function matchCondition(condition: Condition, input: unknown): boolean {
  return condition.clauses.every((clause) => matchClause(clause, input));
}

function matchClause(clause: ConditionClause, input: unknown): boolean {
  const found = readPath(input, clause.path);
  if (clause.op === 'exists') return found.present;
  if (!found.present) return clause.op === '!=';
  const actual = found.value;
  const expected = clause.value;
  switch (clause.op) {
    case '==':
      return jsonEqual(actual, expected);
    case '!=':
      return !jsonEqual(actual, expected);
    case '>':
    case '<':
    case '>=':
    case '<=':
      return compare(actual, expected, clause.op);
    case 'contains':
      return contains(actual, expected);
    case 'matches':
      return typeof actual === 'string' && clause.regex !== undefined
        ? clause.regex.test(actual.slice(0, MAX_MATCHED_CHARS))
        : false;
  }
}

function readPath(input: unknown, path: readonly PathSegment[]): { present: boolean; value?: unknown } {
  let current: unknown = input;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return { present: false };
      current = current[segment];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current))
        return { present: false };
      if (!Object.hasOwn(current, segment)) return { present: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current === undefined ? { present: false } : { present: true, value: current };
}

function compare(actual: unknown, expected: unknown, op: '>' | '<' | '>=' | '<='): boolean {
  const comparable =
    (typeof actual === 'number' && typeof expected === 'number') ||
    (typeof actual === 'string' && typeof expected === 'string');
  if (!comparable) return false;
  const a = actual as number | string;
  const b = expected as number | string;
  if (op === '>') return a > b;
  if (op === '<') return a < b;
  if (op === '>=') return a >= b;
  return a <= b;
}

function contains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
  if (Array.isArray(actual)) return actual.some((item) => jsonEqual(item, expected));
  if (typeof actual === 'object' && actual !== null)
    return typeof expected === 'string' && Object.hasOwn(actual, expected);
  return false;
}
