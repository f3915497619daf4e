import { describe, expect, it } from 'vitest';
import { ServerRequestBroker } from '../../src/main/providers/mcp/ServerRequestBroker';
import type { ProvidersEvent } from '../../src/shared/api/providers';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { checkTranscriptEntry } from '../../src/shared/transcriptEntryCheck';
import { describeEntries } from '../../src/shared/view/describeEntries';

const event = (seq: number, value: unknown) => ({ kind: 'event', seq, at: seq, event: value });

describe('server request events in transcripts', () => {
  it('a saved transcript with a malformed server request event is refused with the field named', () => {
    expect(
      checkTranscriptEntry(
        event(0, { type: 'server_request', callId: 'c', kind: 'elicitation', providerName: 'p' }),
      ),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('requestId') });
    expect(
      checkTranscriptEntry(
        event(0, {
          type: 'server_request_answered',
          callId: 'c',
          requestId: 'r',
          kind: 'sampling',
          by: 7,
          action: 'accept',
        }),
      ),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('by') });
  });

  it('the transcript table says who answered and why in words', () => {
    const entries = [
      event(0, {
        type: 'server_request',
        callId: 'c',
        requestId: 'r',
        kind: 'sampling',
        providerName: 'ev',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Colour?' } }] },
      }),
      event(1, {
        type: 'server_request_answered',
        callId: 'c',
        requestId: 'r',
        kind: 'sampling',
        by: 'rule',
        action: 'accept',
        answer: 'Teal',
      }),
      event(2, {
        type: 'server_request_answered',
        callId: 'c',
        requestId: 'r2',
        kind: 'elicitation',
        by: 'nobody',
        action: 'cancel',
        reason: 'the tool call ended before anyone answered',
      }),
      event(3, {
        type: 'server_request',
        callId: 'c',
        requestId: 'r3',
        kind: 'elicitation',
        providerName: 'ev',
        params: 'not an object',
      }),
    ] as TranscriptEntry[];
    for (const entry of entries) expect(checkTranscriptEntry(entry)).toMatchObject({ ok: true });
    expect(describeEntries(entries).map((row) => row.note)).toEqual([
      'sampling: "Colour?"',
      'sampling answered by a rule',
      'elicitation cancelled by nobody: the tool call ended before anyone answered',
      'elicitation',
    ]);
  });
});

describe('the server request broker', () => {
  it('refuses answers to unknown requests and answers of the wrong shape, and keeps the request waiting', async () => {
    const events: ProvidersEvent[] = [];
    const broker = new ServerRequestBroker(
      (e) => events.push(e),
      () => true,
    );
    const controller = new AbortController();
    const answered = broker.ask(
      { providerName: 'ev', kind: 'sampling', params: { messages: [] } },
      controller.signal,
    );
    const [request] = broker.pending();
    expect(() => broker.answer('nope', { action: 'decline' })).toThrow(
      /no server request is waiting with id 'nope'/,
    );
    expect(() => broker.answer(request!.requestId, 'decline')).toThrow(/answer must be an object/);
    expect(() => broker.answer(request!.requestId, { action: 'accept', text: 5 })).toThrow(
      /answer.text must be a string/,
    );
    expect(() =>
      broker.answer(request!.requestId, { action: 'accept', text: 'x'.repeat(1_000_001) }),
    ).toThrow(/longer than/);
    expect(broker.pending()).toHaveLength(1);
    broker.answer(request!.requestId, { action: 'accept', text: 'ok', model: 'm', extra: 'dropped' });
    await expect(answered).resolves.toEqual({ action: 'accept', text: 'ok', model: 'm' });
    expect(events.map((e) => e.type)).toEqual(['server_request', 'server_request_settled']);

    // Withdrawn when the workspace closes: the waiting call gets the reason.
    const closing = broker.ask(
      { providerName: 'ev', kind: 'elicitation', message: 'm', requestedSchema: { type: 'object' } },
      new AbortController().signal,
    );
    broker.cancelAll('the workspace was closed');
    await expect(closing).rejects.toThrow('the workspace was closed');
    expect(broker.pending()).toEqual([]);
  });
});
