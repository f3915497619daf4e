import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptDiffRow } from '../../../shared/transcriptDiff';
import { applyEntryToCalls, type TranscriptCall } from '../../../shared/transcriptCalls';
import { itemOf, type DiffAlignment } from './alignDiffSides';
import { callDiffValue, type DiffSide } from './collectDiffSide';
import type { TranscriptSourceReader } from './transcriptSourceReader';

/** Positions closer than this are read in one page rather than one by one. */
const GAP = 256;

/** Rows `from` up to `to` of an alignment, their values read back from the two transcripts. */
export async function readDiffRows(
  alignment: DiffAlignment,
  sides: { left: DiffSide; right: DiffSide },
  readers: { left: TranscriptSourceReader; right: TranscriptSourceReader },
  from: number,
  to: number,
): Promise<TranscriptDiffRow[]> {
  to = Math.min(to, alignment.rowCount);
  const wanted = { left: new Set<number>(), right: new Set<number>() };
  const want = (which: 'left' | 'right', index: number) => {
    if (index < 0) return;
    const side = sides[which];
    const item = itemOf(side, index);
    if (item.kind === 'execute') wanted[which].add(side.executes[item.index]!.position);
    if (item.kind === 'call') {
      wanted[which].add(side.callPosition[item.index]!);
      if (side.resultPosition[item.index]! >= 0) wanted[which].add(side.resultPosition[item.index]!);
    }
  };
  for (let row = from; row < to; row += 1) {
    want('left', alignment.rowLeft[row]!);
    want('right', alignment.rowRight[row]!);
  }
  const entries = {
    left: await readPositions(readers.left, wanted.left),
    right: await readPositions(readers.right, wanted.right),
  };
  const describe = (which: 'left' | 'right', index: number) => {
    const side = sides[which];
    const item = itemOf(side, index);
    if (item.kind === 'done') return { key: 'done', label: 'done', value: side.done!.value };
    if (item.kind === 'execute') {
      const entry = entries[which].get(side.executes[item.index]!.position);
      const message =
        entry?.kind === 'message' && entry.message.type === 'execute' ? entry.message : undefined;
      return { key: 'execute', label: 'execute', value: { code: message?.code, options: message?.options } };
    }
    const calls: TranscriptCall[] = [];
    const byId = new Map<string, TranscriptCall>();
    applyEntryToCalls(entries[which].get(side.callPosition[item.index]!)!, calls, byId);
    const result = side.resultPosition[item.index]!;
    if (result >= 0) applyEntryToCalls(entries[which].get(result)!, calls, byId);
    const call = calls[0]!;
    const byCallId = alignment.alignedBy === 'callId';
    return {
      key: byCallId ? `call:${call.callId}` : `call#${item.index + 1}`,
      label: `tool_call ${call.providerName}.${call.toolName} (${byCallId ? call.callId : `call ${item.index + 1}`})`,
      value: callDiffValue(call),
    };
  };
  const rows: TranscriptDiffRow[] = [];
  for (let row = from; row < to; row += 1) {
    const leftIndex = alignment.rowLeft[row]!;
    const rightIndex = alignment.rowRight[row]!;
    const left = leftIndex >= 0 ? describe('left', leftIndex) : undefined;
    const right = rightIndex >= 0 ? describe('right', rightIndex) : undefined;
    const named = (left ?? right)!;
    rows.push({
      key: named.key,
      label: named.label,
      ...(left ? { left: left.value } : {}),
      ...(right ? { right: right.value } : {}),
      same: alignment.same[row] === 1,
    });
  }
  return rows;
}

/** The entries at `positions`, positions close together read as one page. */
async function readPositions(
  reader: TranscriptSourceReader,
  positions: Set<number>,
): Promise<Map<number, TranscriptEntry>> {
  const sorted = [...positions].sort((a, b) => a - b);
  const found = new Map<number, TranscriptEntry>();
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1]! - sorted[end]! <= GAP) end += 1;
    const from = sorted[start]!;
    const { entries, problems } = await reader.page(from, sorted[end]! + 1);
    if (problems.length > 0)
      throw new Error(
        `the transcript changed since it was compared: line ${problems[0]!.line}: ${problems[0]!.reason}`,
      );
    entries.forEach((entry, offset) => found.set(from + offset, entry));
    start = end + 1;
  }
  return found;
}
