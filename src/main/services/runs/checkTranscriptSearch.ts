import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { parseTranscriptQuery, type QueryTerm } from '../../../shared/view/parseTranscriptQuery';

/** A transcript search's query and options from the (untrusted) page, refused by name when malformed. */
export function checkTranscriptSearch(
  query: unknown,
  options: unknown,
): { terms: QueryTerm[]; from: number; direction: 1 | -1; all: boolean } {
  if (typeof query !== 'string') throw new InvalidArgumentError('the search query must be a string');
  if (query.length > 10_000)
    throw new InvalidArgumentError('the search query is longer than 10,000 characters');
  const parsed = parseTranscriptQuery(query);
  if (!parsed.ok)
    throw new InvalidArgumentError(
      `the search query: column ${parsed.error.column}: ${parsed.error.message}`,
    );
  if (options === undefined) return { terms: parsed.terms, from: -1, direction: 1, all: false };
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new InvalidArgumentError('the search options must be an object such as { from: 0, direction: 1 }');
  const { from = -1, direction = 1, all = false, ...rest } = options as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined)
    throw new InvalidArgumentError(
      `the search options have an unknown field "${unknownKey}" (they take from, direction and all)`,
    );
  if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < -1)
    throw new InvalidArgumentError('the search option from must be a whole number of -1 or more');
  if (direction !== 1 && direction !== -1)
    throw new InvalidArgumentError('the search option direction must be 1 or -1');
  if (typeof all !== 'boolean') throw new InvalidArgumentError('the search option all must be true or false');
  return { terms: parsed.terms, from, direction, all };
}
