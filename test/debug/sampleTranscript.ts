import type { ProtocolMessage } from '../../src/shared/protocol/messages';
import type { HostEvent, TranscriptEntry } from '../../src/shared/transcript';
import {
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_FORMAT_VERSION,
  type TranscriptHeader,
} from '../../src/shared/transcriptFile';

export const SAMPLE_OPTIONS = {
  timeoutMs: 5000,
  memoryLimitBytes: 67108864,
  maxLogLines: 100,
  maxLogChars: 64000,
};

export function sampleHeader(overrides: Partial<TranscriptHeader> = {}): TranscriptHeader {
  return {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_FORMAT_VERSION,
    code: 'const r = await demo.echo({ q: "bug" });\nr',
    options: SAMPLE_OPTIONS,
    providers: [
      {
        name: 'demo',
        tools: { echo: { safeName: 'echo', originalName: 'echo' } },
        types: 'declare namespace demo {}',
      },
    ],
    ...overrides,
  };
}

/** Builds entries with increasing seq and time. */
export function entryList() {
  const entries: TranscriptEntry[] = [];
  return {
    entries,
    message(direction: 'host_to_runner' | 'runner_to_host', message: ProtocolMessage, at = entries.length) {
      entries.push({ kind: 'message', seq: entries.length, at, direction, message });
      return this;
    },
    event(event: HostEvent, at = entries.length) {
      entries.push({ kind: 'event', seq: entries.length, at, event });
      return this;
    },
  };
}

export function sampleEntries(): TranscriptEntry[] {
  const header = sampleHeader();
  return entryList()
    .event({ type: 'run_started', runId: 'run-1', executor: 'inprocess' })
    .message('host_to_runner', {
      type: 'execute',
      id: 'exec-1',
      code: header.code,
      options: SAMPLE_OPTIONS,
      providers: header.providers,
    })
    .message('runner_to_host', { type: 'started', id: 'exec-1' })
    .message('runner_to_host', {
      type: 'tool_call',
      callId: 'call-1',
      providerName: 'demo',
      safeToolName: 'echo',
      input: { q: 'bug' },
    })
    .message('host_to_runner', { type: 'tool_result', callId: 'call-1', ok: true, result: { q: 'bug' } })
    .message('runner_to_host', {
      type: 'done',
      id: 'exec-1',
      ok: true,
      durationMs: 4,
      logs: [],
      result: { q: 'bug' },
    })
    .event({ type: 'run_finished', ok: true, durationMs: 6 }).entries;
}
