import { describe, expect, it } from 'vitest';
import {
  childId,
  flattenValue,
  initialExpansion,
  INITIAL_ROW_BUDGET,
  PAGE_SIZE,
  previewValue,
  ROOT_ID,
  scalarText,
  STRING_CLIP,
} from '../../src/shared/view/flattenValue';

const bigRows = Array.from({ length: 50_000 }, (_, i) => ({ i, name: `row ${i}`, tags: ['a', 'b'] }));

describe('flattenValue', () => {
  it('opens a 50,000-row array with one page of collapsed rows and a "more" line', () => {
    const rows = flattenValue(bigRows, initialExpansion(bigRows));
    expect(rows).toHaveLength(1 + PAGE_SIZE + 1);
    expect(rows[0]).toMatchObject({ kind: 'value', id: ROOT_ID, size: 50_000, expanded: true });
    expect(rows[1]).toMatchObject({ kind: 'value', label: 0, container: 'object', expanded: false });
    expect(rows.at(-1)).toMatchObject({ kind: 'more', parentId: ROOT_ID, shown: PAGE_SIZE, total: 50_000 });
  });

  it('pages: each "more" adds the next page; the rows follow what is expanded, not the value size', () => {
    const expansion = new Map([[ROOT_ID, PAGE_SIZE * 2]]);
    const rows = flattenValue(bigRows, expansion);
    expect(rows).toHaveLength(1 + PAGE_SIZE * 2 + 1);
    expect(rows.at(-2)).toMatchObject({ label: PAGE_SIZE * 2 - 1 });
    const all = flattenValue(bigRows, new Map([[ROOT_ID, bigRows.length]]));
    expect(all).toHaveLength(1 + bigRows.length);
    expect(all.some((r) => r.kind === 'more')).toBe(false);
  });

  it('expands nested children by id and keeps keys with odd characters apart', () => {
    const value = { 'a.b': { c: 1 }, a: { 'b.c': 2 }, '[0]': [true] };
    const expansion = new Map([
      [ROOT_ID, PAGE_SIZE],
      [childId(ROOT_ID, 'a.b'), PAGE_SIZE],
    ]);
    const rows = flattenValue(value, expansion);
    expect(rows.map((r) => (r.kind === 'value' ? r.label : 'more'))).toEqual([
      undefined,
      'a.b',
      'c',
      'a',
      '[0]',
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(childId(ROOT_ID, 0)).not.toBe(childId(ROOT_ID, '0'));
  });

  it('opens small values fully, within the row budget', () => {
    const value = { user: { name: 'ada', roles: ['admin', 'dev'] }, ok: true };
    const rows = flattenValue(value, initialExpansion(value));
    expect(rows.every((r) => r.kind === 'value' && (!r.container || r.expanded))).toBe(true);
    expect(rows).toHaveLength(7);
  });

  it('never opens more rows than the budget allows', () => {
    const wide = Array.from({ length: 80 }, (_, i) => ({ id: i, items: [1, 2, 3, 4, 5] }));
    const rows = flattenValue(wide, initialExpansion(wide));
    expect(rows.length).toBeLessThanOrEqual(INITIAL_ROW_BUDGET);
  });

  it('shows scalars as a single row', () => {
    expect(flattenValue(42, initialExpansion(42))).toEqual([
      { kind: 'value', id: ROOT_ID, depth: 0, value: 42, size: 0, expanded: false },
    ]);
  });
});

describe('previewValue and scalarText', () => {
  it('previews a container briefly without walking all of it', () => {
    expect(previewValue({ i: 0, name: 'row 0', tags: ['a', 'b'] })).toBe('{i: 0, name: "row 0", tags: [2]}');
    const preview = previewValue(bigRows, 80);
    expect(preview.length).toBeLessThan(120);
    expect(preview.endsWith(']')).toBe(true);
    expect(preview).toContain('…');
  });

  it('clips long strings and escapes them', () => {
    const huge = 'x'.repeat(3_000_000);
    const text = scalarText(huge);
    expect(text.length).toBeLessThan(STRING_CLIP + 10);
    expect(text.endsWith('…"')).toBe(true);
    expect(scalarText('a\nb')).toBe('"a\\nb"');
    expect(scalarText(undefined)).toBe('undefined');
    expect(scalarText(null)).toBe('null');
  });
});
