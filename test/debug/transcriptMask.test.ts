import { describe, expect, it } from 'vitest';
import { createSecretMasker } from '../../src/main/secrets/createSecretMasker';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { MASKED_VALUE, maskTranscript } from '../../src/shared/transcriptMask';

const MASKED_SECRET = secretMaskToken('LIVE_KEY');
const secrets = createSecretMasker([
  ['LIVE_KEY', 'sk-live-123'],
  ['EMPTY', ''],
]);
import { entryList, sampleHeader } from './sampleTranscript';

describe('masking a transcript', () => {
  const header = sampleHeader({ code: 'await api.call({ token: "sk-live-123" })' });
  const entries = entryList()
    .message('runner_to_host', {
      type: 'tool_call',
      callId: 'c1',
      providerName: 'api',
      safeToolName: 'call',
      input: { token: 'sk-live-123', nested: { Password: 'hunter2', list: [{ apiKey: 5 }] }, q: 'fine' },
    })
    .message('host_to_runner', {
      type: 'tool_result',
      callId: 'c1',
      ok: false,
      error: { code: 'tool_error', message: 'bad key sk-live-123 for user' },
    })
    .message('runner_to_host', {
      type: 'done',
      id: 'e',
      ok: true,
      durationMs: 1,
      logs: ['using sk-live-123'],
      result: { type: 'kept', token: 'x' },
    })
    .event({
      type: 'breakpoint_hit',
      callId: 'c1',
      providerName: 'api',
      toolName: 'call',
      input: { password: 'p' },
    }).entries;

  it('masks values of sensitive keys inside inputs and results, at any depth, case-insensitively', () => {
    const masked = maskTranscript(header, entries, { sensitiveKeys: ['token', 'password', 'APIKEY'] });
    const call = masked.entries[0];
    expect(call?.kind === 'message' && call.message.type === 'tool_call' && call.message.input).toEqual({
      token: MASKED_VALUE,
      nested: { Password: MASKED_VALUE, list: [{ apiKey: MASKED_VALUE }] },
      q: 'fine',
    });
    const done = masked.entries[2];
    expect(
      done?.kind === 'message' && done.message.type === 'done' && done.message.ok && done.message.result,
    ).toEqual({
      type: 'kept',
      token: MASKED_VALUE,
    });
    const hit = masked.entries[3];
    expect(hit?.kind === 'event' && hit.event.type === 'breakpoint_hit' && hit.event.input).toEqual({
      password: MASKED_VALUE,
    });
    expect(masked.header.masked).toEqual({ keys: ['token', 'password', 'apikey'], secretValues: 0 });
  });

  it('does not treat protocol fields as sensitive keys', () => {
    const masked = maskTranscript(header, entries, { sensitiveKeys: ['type', 'callId'] });
    expect(
      masked.entries.map((entry) => (entry.kind === 'message' ? entry.message.type : entry.event.type)),
    ).toEqual(['tool_call', 'tool_result', 'done', 'breakpoint_hit']);
  });

  it('masks every occurrence of a known secret value in any string, code included', () => {
    const masked = maskTranscript(header, entries, { secrets });
    const text = JSON.stringify(masked);
    expect(text).not.toContain('sk-live-123');
    expect(masked.header.code).toBe(`await api.call({ token: "${MASKED_SECRET}" })`);
    const result = masked.entries[1];
    expect(
      result?.kind === 'message' &&
        result.message.type === 'tool_result' &&
        !result.message.ok &&
        result.message.error.message,
    ).toBe(`bad key ${MASKED_SECRET} for user`);
    expect(masked.header.masked?.secretValues).toBe(1);
  });

  it('leaves the originals untouched', () => {
    const before = JSON.stringify(entries);
    maskTranscript(header, entries, { sensitiveKeys: ['token'], secrets });
    expect(JSON.stringify(entries)).toBe(before);
  });

  it('keeps keys named __proto__ and constructor as ordinary keys, masked or not (issue 10.10)', () => {
    const input = JSON.parse('{"__proto__":{"sk-live-123":1},"constructor":"sk-live-123","password":"p"}');
    const withProto = entryList().message('runner_to_host', {
      type: 'tool_call',
      callId: 'c9',
      providerName: 'api',
      safeToolName: 'call',
      input,
    }).entries;
    const masked = maskTranscript(header, withProto, { sensitiveKeys: ['password'], secrets });
    const call = masked.entries[0];
    const maskedInput =
      call?.kind === 'message' && call.message.type === 'tool_call' ? call.message.input : null;
    expect(JSON.stringify(maskedInput)).toBe(
      `{"__proto__":{"${MASKED_SECRET}":1},"constructor":"${MASKED_SECRET}","password":"${MASKED_VALUE}"}`,
    );
    expect(Object.getPrototypeOf(maskedInput)).toBe(Object.prototype);
  });
});
