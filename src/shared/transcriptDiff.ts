import type { TranscriptEntry } from './transcript';
import { collectTranscriptCalls, type TranscriptCall } from './transcriptCalls';
import { jsonEqual } from './transcriptJsonEqual';

/** One aligned row of two runs: the execute, each tool call (by callId), the done. */
export interface TranscriptDiffRow {
  key: string;
  label: string;
  left?: unknown;
  right?: unknown;
  same: boolean;
}

export interface TranscriptDiff {
  left: { code: string; result: string; messages: string };
  right: { code: string; result: string; messages: string };
  rows: TranscriptDiffRow[];
  /** How tool calls were paired: by callId when the runs share them, else by the order they were made. */
  alignedBy: 'callId' | 'order';
  /** Index into rows of the first difference, if any. */
  firstDifference?: number;
}

interface DiffItem {
  key: string;
  label: string;
  value: unknown;
}

/**
 * Compares two runs: code, result and messages aligned by callId, ignoring ids and timings.
 * `compact` writes each row on one line of the messages text, its value after its label (for large runs).
 */
export function diffTranscripts(
  leftEntries: readonly TranscriptEntry[],
  rightEntries: readonly TranscriptEntry[],
  codes: { left?: string; right?: string } = {},
  options: { compact?: boolean } = {},
): TranscriptDiff {
  const leftCalls = collectTranscriptCalls(leftEntries);
  const rightCalls = collectTranscriptCalls(rightEntries);
  const rightIds = new Set(rightCalls.map((call) => call.callId));
  const alignedBy =
    leftCalls.some((call) => rightIds.has(call.callId)) || leftCalls.length + rightCalls.length === 0
      ? 'callId'
      : 'order';
  const leftItems = diffItems(leftEntries, leftCalls, alignedBy);
  const rightItems = diffItems(rightEntries, rightCalls, alignedBy);
  const rows = alignItems(leftItems, rightItems);
  const firstDifference = rows.findIndex((row) => !row.same);
  const side = (
    entries: readonly TranscriptEntry[],
    code: string | undefined,
    pick: (row: TranscriptDiffRow) => unknown,
  ) => ({
    code: code ?? findExecuteCode(entries) ?? '',
    result: pretty(findDoneOutcome(entries)),
    messages: diffRowsText(rows, pick, options.compact),
  });
  return {
    left: side(leftEntries, codes.left, (row) => row.left),
    right: side(rightEntries, codes.right, (row) => row.right),
    rows,
    alignedBy,
    ...(firstDifference >= 0 ? { firstDifference } : {}),
  };
}

/**
 * Rows as the messages view shows one side: each row's label, then its value indented; `compact`
 * writes each row on one line, its value after its label (for large runs).
 */
export function diffRowsText(
  rows: readonly TranscriptDiffRow[],
  pick: (row: TranscriptDiffRow) => unknown,
  compact = false,
): string {
  return rows
    .map((row) =>
      compact ? `${row.label}  ${oneLine(pick(row))}` : `${row.label}\n${indent(pretty(pick(row)))}`,
    )
    .join('\n');
}

function diffItems(
  entries: readonly TranscriptEntry[],
  calls: TranscriptCall[],
  alignedBy: 'callId' | 'order',
): DiffItem[] {
  const items: DiffItem[] = [];
  for (const entry of entries) {
    if (entry.kind === 'message' && entry.message.type === 'execute')
      items.push({
        key: 'execute',
        label: 'execute',
        value: { code: entry.message.code, options: entry.message.options },
      });
  }
  calls.forEach((call, index) => {
    const key = alignedBy === 'callId' ? `call:${call.callId}` : `call#${index + 1}`;
    items.push({
      key,
      label: `tool_call ${call.providerName}.${call.toolName} (${alignedBy === 'callId' ? call.callId : `call ${index + 1}`})`,
      value: {
        provider: call.providerName,
        tool: call.toolName,
        input: call.input,
        answer: call.outcome ?? 'no answer',
      },
    });
  });
  const done = findDoneOutcome(entries);
  if (done !== undefined) items.push({ key: 'done', label: 'done', value: done });
  return items;
}

function alignItems(left: DiffItem[], right: DiffItem[]): TranscriptDiffRow[] {
  const rightByKey = new Map(right.map((item) => [item.key, item]));
  const leftKeys = new Set(left.map((item) => item.key));
  const rows: TranscriptDiffRow[] = left.map((item) => {
    const other = rightByKey.get(item.key);
    return other
      ? {
          key: item.key,
          label: item.label,
          left: item.value,
          right: other.value,
          same: jsonEqual(item.value, other.value),
        }
      : { key: item.key, label: item.label, left: item.value, same: false };
  });
  // Right-only items go after the row of the right item before them (or first).
  let anchor = -1;
  for (const item of right) {
    if (leftKeys.has(item.key)) {
      anchor = rows.findIndex((row) => row.key === item.key);
      continue;
    }
    anchor += 1;
    rows.splice(anchor, 0, { key: item.key, label: item.label, right: item.value, same: false });
  }
  return rows;
}

function findExecuteCode(entries: readonly TranscriptEntry[]): string | undefined {
  for (const entry of entries)
    if (entry.kind === 'message' && entry.message.type === 'execute') return entry.message.code;
  return undefined;
}

function findDoneOutcome(entries: readonly TranscriptEntry[]): unknown {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.kind !== 'message' || entry.message.type !== 'done') continue;
    const done = entry.message;
    return done.ok
      ? { ok: true, result: done.result, logs: done.logs }
      : { ok: false, error: done.error, logs: done.logs };
  }
  return undefined;
}

function pretty(value: unknown): string {
  return value === undefined ? '(none)' : (JSON.stringify(value, null, 2) ?? String(value));
}

function oneLine(value: unknown): string {
  return value === undefined ? '(none)' : (JSON.stringify(value) ?? String(value));
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
