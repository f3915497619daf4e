import { describeExecuteError } from './format/describeExecuteError';
import type { TranscriptEntry } from './transcript';
import type { TranscriptHeader, TranscriptProblem } from './transcriptFile';
import { describeDirection, describeRunOutcome, formatBytes, formatDuration, formatOffsetMs } from './format';
import { runFactsFromTranscript } from './runFactsFromTranscript';
import type { RunFacts } from './runOutcome';
import type { DoneMessage } from './protocol/messages';
import { summarizeTranscriptEntry } from './transcriptSummary';
import { maskedSecretNamesInValue } from './secretMaskToken';

/**
 * Escapes text for HTML element content and quoted attribute values. A lone surrogate (which JSON
 * keeps but HTML cannot hold: a browser reads even `&#xD800;` as U+FFFD) reads as U+FFFD, here
 * rather than wherever the text is encoded next.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1f23;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
pre{background:#f4f5f7;padding:.75rem;overflow:auto;border-radius:4px;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;width:100%;table-layout:fixed}th,td{overflow-wrap:anywhere;text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e2e4e8;vertical-align:top}
col.num{width:5.5rem}col.dir{width:8rem}col.what{width:40%}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.ok{color:#17803d}.fail{color:#b42318}.event td{color:#5b6270;font-style:italic}
.problem{background:#fff4e5;border-left:4px solid #f79009;padding:.5rem 1rem}
details summary{cursor:pointer}details pre{max-height:24rem}.muted{color:#5b6270}
@media (prefers-color-scheme:dark){body{background:#15171b;color:#e4e6eb}pre{background:#22252b}th,td{border-color:#333841}.event td{color:#9aa1ad}}
`;

/**
 * A self-contained HTML report of a transcript: inline CSS, no scripts and a CSP that forbids
 * loading anything, every recorded string escaped.
 */
export function renderTranscriptHtml(
  header: TranscriptHeader | null,
  entries: readonly TranscriptEntry[],
  problems: readonly TranscriptProblem[] = [],
): string {
  const done = findDone(entries);
  const facts = done ? runFactsFromTranscript(entries, header?.options) : undefined;
  const maskedSecrets = maskedSecretNamesInValue(entries);
  const start = transcriptHtmlStart(header, problems, { count: entries.length, done, facts, maskedSecrets });
  return `${start}${entries.map(transcriptHtmlRow).join('')}${TRANSCRIPT_HTML_END}`;
}

/** What the top of a report says about the whole run, gathered before its rows are written. */
export interface TranscriptHtmlSummary {
  /** Entries in the report. */
  count: number;
  /** The run's (last) done message. */
  done: DoneMessage | undefined;
  facts: Partial<RunFacts> | undefined;
  /** The secrets whose values were masked in the entries (their tokens), not every secret known. */
  maskedSecrets: readonly string[];
}

/** What a report may load: nothing but its own inline styles. */
export const TRANSCRIPT_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const TRANSCRIPT_HTML_END = '\n</tbody></table>\n</body></html>';

/**
 * The report up to its first row: a long transcript's report is this, then `transcriptHtmlRow` of
 * each entry, then `TRANSCRIPT_HTML_END`, written as it goes.
 */
export function transcriptHtmlStart(
  header: TranscriptHeader | null,
  problems: readonly TranscriptProblem[],
  { count, done, facts, maskedSecrets }: TranscriptHtmlSummary,
): string {
  const title = header?.name ? `Transcript: ${header.name}` : 'Execbox transcript';
  const parts: string[] = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${TRANSCRIPT_HTML_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(title)}</h1>`,
  ];
  if (header) {
    const facts = [
      header.savedAt ? `saved ${header.savedAt}` : '',
      header.executor ? `executor ${header.executor}` : '',
      `timeout ${formatDuration(header.options.timeoutMs)}`,
      `memory ${formatBytes(header.options.memoryLimitBytes)}`,
      maskedSecrets.length > 0 ? `secrets masked: ${maskedSecrets.join(', ')}` : '',
      header.masked?.keys.length ? `values under keys ${header.masked.keys.join(', ')} masked` : '',
    ].filter(Boolean);
    parts.push(`<p>${escapeHtml(facts.join(' · '))}</p>`);
  }
  for (const problem of problems)
    parts.push(
      `<p class="problem">The file broke at line ${problem.line}: ${escapeHtml(problem.reason)}</p>`,
    );
  if (done) {
    const text = describeRunOutcome(done, facts);
    const timing = text.timing ? ` <span class="muted">(${escapeHtml(text.timing)})</span>` : '';
    const outcome = done.ok
      ? `<span class="ok">${escapeHtml(text.sentence)}</span>${timing}`
      : text.error
        ? `<span class="fail">${escapeHtml(text.headline)}</span>${timing}: <code>${escapeHtml(text.error.code)}</code> ${escapeHtml(describeExecuteError(text.error))}`
        : `<span class="fail">${escapeHtml(text.sentence)}</span>${timing}`;
    parts.push('<h2>Result</h2>', `<p>${outcome}</p>`);
    if (done.ok) parts.push(`<pre>${escapeHtml(toJson(done.result))}</pre>`);
    if (done.logs.length > 0) parts.push('<h2>Logs</h2>', `<pre>${escapeHtml(done.logs.join('\n'))}</pre>`);
  }
  if (header) {
    parts.push('<h2>Code</h2>', `<pre>${escapeHtml(header.code)}</pre>`);
    const providers = header.providers.map(
      (provider) =>
        `<li><b>${escapeHtml(provider.name)}</b>: ${escapeHtml(Object.keys(provider.tools).join(', ') || 'no tools')}</li>`,
    );
    parts.push('<h2>Providers</h2>', `<ul>${providers.join('')}</ul>`);
  }
  parts.push(
    `<h2>Messages (${count})</h2>`,
    '<table><colgroup><col class="num"><col class="num"><col class="dir"><col class="what"><col></colgroup>',
    '<thead><tr><th>#</th><th>ms</th><th>direction</th><th>what</th><th>details</th></tr></thead><tbody>',
  );
  return parts.join('\n');
}

/** One entry's row of a report (with the newline before it). */
export function transcriptHtmlRow(entry: TranscriptEntry): string {
  const summary = summarizeTranscriptEntry(entry);
  const payload = entry.kind === 'message' ? entry.message : entry.event;
  const direction = describeDirection(entry.kind === 'message' ? entry.direction : undefined);
  return (
    `\n<tr class="${entry.kind}"><td class="num">${entry.seq}</td><td class="num">${formatOffsetMs(entry.at)}</td>` +
    `<td>${escapeHtml(direction)}</td><td>${escapeHtml(summary)}</td>` +
    `<td><details><summary>JSON</summary><pre>${escapeHtml(toJson(payload))}</pre></details></td></tr>`
  );
}

function findDone(entries: readonly TranscriptEntry[]) {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.kind === 'message' && entry.message.type === 'done') return entry.message;
  }
  return undefined;
}

function toJson(value: unknown): string {
  return value === undefined ? 'undefined' : (JSON.stringify(value, null, 2) ?? String(value));
}
