import { describe, expect, it } from 'vitest';
import { parseTranscript, serializeTranscript } from '../../src/shared/transcriptFile';
import { sampleEntries, sampleHeader } from './sampleTranscript';

function lines(text: string): string[] {
  return text.trimEnd().split('\n');
}

describe('transcript file (JSONL)', () => {
  it('writes a header line then one line per entry, and reads it back unchanged', () => {
    const text = serializeTranscript(sampleHeader({ name: 'first' }), sampleEntries());
    expect(lines(text)).toHaveLength(1 + sampleEntries().length);
    expect(JSON.parse(lines(text)[0]!)).toMatchObject({
      format: 'execbox-transcript',
      version: 1,
      name: 'first',
    });
    const parsed = parseTranscript(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.header).toEqual(sampleHeader({ name: 'first' }));
    expect(parsed.entries).toEqual(sampleEntries());
  });

  it('accepts CRLF line endings and a missing final newline', () => {
    const text = serializeTranscript(sampleHeader(), sampleEntries()).trimEnd().replace(/\n/g, '\r\n');
    const parsed = parseTranscript(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toHaveLength(sampleEntries().length);
  });

  it('loads a truncated file up to the cut and says the file appears truncated', () => {
    const text = serializeTranscript(sampleHeader(), sampleEntries());
    const cut = text.slice(0, text.lastIndexOf('"run_finished"') + 5);
    const parsed = parseTranscript(cut);
    expect(parsed.entries).toHaveLength(sampleEntries().length - 1);
    expect(parsed.problems).toEqual([
      {
        line: sampleEntries().length + 1,
        reason: expect.stringMatching(/^the file appears truncated: invalid JSON/),
      },
    ]);
  });

  it('stops at a malformed line in the middle, keeping what came before', () => {
    const all = lines(serializeTranscript(sampleHeader(), sampleEntries()));
    all[3] = '{not json';
    const parsed = parseTranscript(all.join('\n') + '\n');
    expect(parsed.header).not.toBeNull();
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.problems).toEqual([{ line: 4, reason: expect.stringMatching(/^invalid JSON/) }]);
  });

  it('names the field when an entry or its protocol message is invalid', () => {
    const all = lines(serializeTranscript(sampleHeader(), sampleEntries()));
    const badMessage = JSON.parse(all[4]!);
    badMessage.message.callId = 7;
    all[4] = JSON.stringify(badMessage);
    let parsed = parseTranscript(all.join('\n'));
    expect(parsed.entries).toHaveLength(3);
    expect(parsed.problems[0]).toEqual({ line: 5, reason: expect.stringContaining('callId') });

    const badEvent = { kind: 'event', seq: 99, at: 1, event: { type: 'teleported' } };
    parsed = parseTranscript([all[0], JSON.stringify(badEvent)].join('\n'));
    expect(parsed.problems[0]).toEqual({
      line: 2,
      reason: expect.stringContaining('"teleported" is not a known host event'),
    });

    const missingField = { kind: 'event', seq: 0, at: 1, event: { type: 'hand_answered', callId: 'c' } };
    parsed = parseTranscript([all[0], JSON.stringify(missingField)].join('\n'));
    expect(parsed.problems[0]?.reason).toBe('entry.event.ok must be a boolean for a hand_answered event');
  });

  it('rejects entries whose seq does not increase', () => {
    const all = lines(serializeTranscript(sampleHeader(), sampleEntries()));
    all.splice(3, 0, all[2]!);
    const parsed = parseTranscript(all.join('\n'));
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.problems).toEqual([{ line: 4, reason: "seq 1 is not after the previous entry's seq 1" }]);
  });

  it('explains a bad or missing header', () => {
    expect(parseTranscript('').problems).toEqual([{ line: 1, reason: expect.stringContaining('empty') }]);
    expect(parseTranscript('{"type":"execute"}\n').problems[0]?.reason).toContain('not a transcript file');
    expect(parseTranscript(JSON.stringify({ ...sampleHeader(), version: 9 })).problems[0]?.reason).toContain(
      'newer than this app reads',
    );
    const noCode = { ...sampleHeader(), code: undefined };
    expect(parseTranscript(JSON.stringify(noCode)).problems[0]?.reason).toBe('header.code must be a string');
    const badProvider = { ...sampleHeader(), providers: [{ name: 'x', tools: {}, types: 1 }] };
    expect(parseTranscript(JSON.stringify(badProvider)).problems[0]?.reason).toBe(
      'header.providers[0].types must be a string',
    );
    expect(parseTranscript('[1,2').problems[0]?.reason).toMatch(/^header: the file appears truncated/);
  });
});
