import { cancelCases } from './cases/cancelCases';
import { correlationCases } from './cases/correlationCases';
import { errorCases } from './cases/errorCases';
import { lifecycleCases } from './cases/lifecycleCases';
import { logCases } from './cases/logCases';
import { serializationCases } from './cases/serializationCases';
import { sessionCases } from './cases/sessionCases';
import { toolCases } from './cases/toolCases';
import type { ConformanceCase } from './conformanceCase';

/** Every case of the runner specification, in the order the report lists them. */
export const CONFORMANCE_CASES: readonly ConformanceCase[] = [
  ...lifecycleCases,
  ...toolCases,
  ...serializationCases,
  ...logCases,
  ...errorCases,
  ...cancelCases,
  ...correlationCases,
  ...sessionCases,
];
