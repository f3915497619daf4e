import type { TranscriptEntry } from '../../../shared/transcript';
import { diffTranscripts, type TranscriptDiff } from '../../../shared/transcriptDiff';
import type { DiffWorkerAnswer, DiffWorkerRequest } from './diffWorkerProtocol';

// Diffing two large runs takes seconds of work: here it never holds up the page.
let gathering: { id: number; left: TranscriptEntry[]; right: TranscriptEntry[] } | undefined;

self.onmessage = (event: MessageEvent<DiffWorkerRequest>) => {
  const request = event.data;
  if (!gathering || gathering.id !== request.id) gathering = { id: request.id, left: [], right: [] };
  if (request.type === 'entries') {
    for (const entry of request.entries) gathering[request.side].push(entry);
    return;
  }
  const { left, right } = gathering;
  gathering = undefined;
  // Each value on one line: two 20,000-call runs pretty-printed made ~280,000-line texts for Monaco.
  const diff = diffTranscripts(left, right, request.codes, { compact: true });
  self.postMessage({ id: request.id, diff: withoutRowValues(diff) } satisfies DiffWorkerAnswer);
};

function withoutRowValues(diff: TranscriptDiff): TranscriptDiff {
  return {
    ...diff,
    rows: diff.rows.map(({ key, label, same, left, right }) => ({
      key,
      label,
      same,
      ...(left === undefined ? {} : { left: true }),
      ...(right === undefined ? {} : { right: true }),
    })),
  };
}
