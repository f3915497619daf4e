import { describe, expect, it } from 'vitest';
import { escapeHtml, renderTranscriptHtml } from '../../src/shared/transcriptHtml';
import { entryList, sampleHeader } from './sampleTranscript';

describe('HTML report', () => {
  const hostile = '</pre><script>alert("x")</script><img src=x onerror=alert(1)>';
  const header = sampleHeader({ name: `<b>${hostile}</b>`, code: `"${hostile}"` });
  const entries = entryList()
    .message('runner_to_host', {
      type: 'tool_call',
      callId: 'c1',
      providerName: 'demo',
      safeToolName: 'echo',
      input: hostile,
    })
    .message('host_to_runner', { type: 'tool_result', callId: 'c1', ok: true, result: { html: hostile } })
    .message('runner_to_host', {
      type: 'done',
      id: 'e',
      ok: true,
      durationMs: 3,
      logs: [hostile],
      result: hostile,
    }).entries;

  it('escapes every recorded string, so nothing recorded becomes markup', () => {
    const html = renderTranscriptHtml(header, entries, [{ line: 9, reason: hostile }]);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain(hostile);
    expect(html).not.toContain('</pre><script');
    expect(html.match(/<pre>/g)?.length).toBe(html.match(/<\/pre>/g)?.length);
    expect(html).toContain('&lt;script&gt;');
  });

  it('names the secrets masked in the run, and none when the run touched none', () => {
    const known = sampleHeader({ masked: { keys: [], secretValues: 1 } });
    expect(renderTranscriptHtml(known, entries)).not.toMatch(/secret value|secrets masked/);
    const touched = entryList().message('host_to_runner', {
      type: 'tool_result',
      callId: 'c1',
      ok: true,
      result: { key: '«secret:EV_KEY»' },
    }).entries;
    expect(renderTranscriptHtml(known, touched)).toContain('secrets masked: EV_KEY');
  });

  it('is self-contained: inline CSS, no scripts, no external resources', () => {
    const html = renderTranscriptHtml(sampleHeader(), entries.slice(0, 0));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
  });

  it('shows the result, logs, code, providers, messages and where the file broke', () => {
    const html = renderTranscriptHtml(header, entries, [{ line: 4, reason: 'invalid JSON' }]);
    expect(html).toContain('Messages (3)');
    expect(html).toContain('tool_call demo.echo #c1');
    expect(html).toContain('The file broke at line 4: invalid JSON');
    expect(html).toContain('<b>demo</b>: echo');
    expect(html).toContain('>Succeeded in 3 ms</span>');
  });

  it('speaks people numbers: no float noise, sizes in MiB, a cancel as Cancelled', () => {
    const cancelled = entryList()
      .message('runner_to_host', {
        type: 'done',
        id: 'e',
        ok: false,
        durationMs: 853.1234567,
        logs: [],
        error: { code: 'timeout', message: 'Execution timed out after 853 ms' },
      })
      .event({ type: 'cancel_requested', reason: 'user' })
      .event({
        type: 'run_finished',
        ok: false,
        errorCode: 'timeout',
        durationMs: 1020.476051,
        cancelReason: 'user',
        guestMs: 853.12,
        heldMs: 0,
      }).entries;
    const html = renderTranscriptHtml(
      sampleHeader({ options: { ...sampleHeader().options, memoryLimitBytes: 67_108_864 } }),
      cancelled,
    );
    expect(html).toContain('Cancelled after 1.02 s');
    expect(html).toContain('memory 64 MiB');
    expect(html).not.toContain('67108864');
    // Raw JSON stays raw inside its <details>; everything a person reads is rounded.
    expect(html.replace(/<details>[\s\S]*?<\/details>/g, '')).not.toMatch(/\d\.\d{4,}/);
    // Fixed columns and wrapping long text keep the message table inside the page.
    expect(html).toContain('table-layout:fixed');
    expect(html).toContain('overflow-wrap:anywhere');
  });

  it('a transcript saved before the host recorded the reason still reads a caller cancel as Cancelled', () => {
    const old = entryList()
      .message('runner_to_host', {
        type: 'done',
        id: 'e',
        ok: false,
        durationMs: 5,
        logs: [],
        error: { code: 'timeout', message: 'x' },
      })
      .event({ type: 'cancel_requested', reason: 'caller' })
      .event({ type: 'run_finished', ok: false, errorCode: 'timeout', durationMs: 9 }).entries;
    expect(renderTranscriptHtml(null, old)).toContain('Cancelled after 9 ms');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
