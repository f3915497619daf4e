import { diffTranscripts } from '../../../shared/transcriptDiff';
import type { DiffRequest } from './useTranscriptDiff';

// Diffing two large runs takes seconds of work: here it never holds up the page.
self.onmessage = (event: MessageEvent<DiffRequest>) => {
  const { id, left, right, codes } = event.data;
  self.postMessage({ id, diff: diffTranscripts(left, right, codes) });
};
