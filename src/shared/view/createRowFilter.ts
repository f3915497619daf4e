import { filterRows, type TranscriptFilter, type TranscriptRow } from './describeEntries';
import { grewFrom } from './grewFrom';

/**
 * `filterRows` for a run whose rows grow by appending: while the filter stays the same, only the
 * rows added since the last call are looked at, so a live 100,000-row run filters per batch only
 * what the batch added. With nothing filtered out it returns `rows` itself.
 */
export function createRowFilter(): (rows: TranscriptRow[], filter: TranscriptFilter) => TranscriptRow[] {
  // `counted` apart from `rows`: a rows array may grow in place (TranscriptRowsBuilder's does).
  let last: {
    counted: number;
    lastRow: TranscriptRow | undefined;
    filter: TranscriptFilter;
    kept: TranscriptRow[];
  } | null = null;
  return (rows, filter) => {
    if (filter.hiddenTypes.size === 0 && filter.provider === null) {
      last = null;
      return rows;
    }
    const counted = last?.counted ?? 0;
    const extendsLast =
      last !== null &&
      last.filter.hiddenTypes === filter.hiddenTypes &&
      last.filter.provider === filter.provider &&
      grewFrom(rows, counted, last.lastRow);
    const kept =
      extendsLast && last
        ? rows.length === counted
          ? last.kept
          : last.kept.concat(filterRows(rows.slice(counted), filter))
        : filterRows(rows, filter);
    last = { counted: rows.length, lastRow: rows.at(-1), filter, kept };
    return kept;
  };
}
