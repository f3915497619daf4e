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
    expect(html).toContain('>ok</span> in 3 ms');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
