import type { RunRequest } from '../../../shared/api/runs';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import {
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_FORMAT_VERSION,
  type TranscriptHeader,
} from '../../../shared/transcriptFile';
import type { TranscriptReader } from '../runs/createTranscriptStore';

/** The execute message and the run_started event come first: only this many entries are read for them. */
const HEADER_ENTRIES = 1000;

/**
 * The header of a finished run's transcript: the code and options the user chose, and the provider
 * manifests from the execute message (what the runner actually saw).
 */
export function buildTranscriptHeader(
  run: { request: RunRequest; options: ExecutorRuntimeOptions },
  transcript: Pick<TranscriptReader, 'page'>,
): TranscriptHeader {
  const header: TranscriptHeader = {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_FORMAT_VERSION,
    code: run.request.code,
    options: run.options,
    providers: [],
  };
  for (const entry of transcript.page(0, HEADER_ENTRIES)) {
    if (entry.kind === 'message' && entry.message.type === 'execute')
      header.providers = entry.message.providers;
    if (entry.kind === 'event' && entry.event.type === 'run_started') {
      header.runId = entry.event.runId;
      header.executor = entry.event.executor;
      if (entry.event.runner) header.runner = entry.event.runner;
    }
  }
  return header;
}
