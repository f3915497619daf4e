import type { TranscriptEntry } from '../../src/shared/transcript';

/** The tool_call entry at position `seq` (`at` seq / 10 ms), callId `call-<seq>`: demo.echo unless `call` says otherwise. */
export function toolCallEntry(
  seq: number,
  call: { providerName?: string; input?: unknown } = {},
): TranscriptEntry {
  return {
    kind: 'message',
    seq,
    at: seq / 10,
    direction: 'runner_to_host',
    message: {
      type: 'tool_call',
      callId: `call-${seq}`,
      providerName: call.providerName ?? 'demo',
      safeToolName: 'echo',
      input: 'input' in call ? call.input : { text: 'x' },
    },
  };
}
