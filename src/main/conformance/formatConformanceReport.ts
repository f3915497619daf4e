import type { ConformanceCaseResult, ConformanceReport } from '../../shared/api/network';
import type { TranscriptEntry } from '../../shared/transcript';

const MAX_LINE = 220;

const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/** One transcript line: time, direction arrow, message (execute without its long type declarations). */
export function formatTranscriptEntry(entry: TranscriptEntry): string {
  const time = `+${entry.at.toFixed(1)}ms`.padStart(10);
  if (entry.kind === 'event')
    return clip(`${time}   · ${entry.event.type} ${JSON.stringify({ ...entry.event, type: undefined })}`);
  const arrow = entry.direction === 'host_to_runner' ? '→' : '←';
  const message =
    entry.message.type === 'execute'
      ? {
          ...entry.message,
          providers: entry.message.providers.map((p) => `${p.name}{${Object.keys(p.tools).join(',')}}`),
        }
      : entry.message;
  return clip(`${time} ${arrow} ${JSON.stringify(message)}`);
}

function formatCase(result: ConformanceCaseResult): string[] {
  const status = result.status === 'pass' ? 'PASS' : 'FAIL';
  const level = result.level === 'should' ? ' (should)' : '';
  const lines = [`${status}  ${result.id.padEnd(44)} ${result.title}${level}`, `      rule: ${result.rule}`];
  if (result.status === 'fail') {
    lines.push(`      why:  ${result.reason ?? 'unknown'}`, '      transcript:');
    if (result.transcript.length === 0) lines.push('        (nothing was exchanged)');
    for (const entry of result.transcript) lines.push(`      ${formatTranscriptEntry(entry)}`);
  }
  return lines;
}

/** The human-readable report: a pass/fail line and the rule for every case, transcripts for failures. */
export function formatConformanceReport(report: ConformanceReport): string {
  const lines = [`Execbox runner conformance: ${report.target}`, ''];
  for (const result of report.results) lines.push(...formatCase(result));
  const total = report.passed + report.failed;
  const verdict = report.failed === 0 ? 'CONFORMS' : 'DOES NOT CONFORM';
  lines.push(
    '',
    `${verdict}: ${report.passed}/${total} cases passed, ${report.failed} failed, in ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  return `${lines.join('\n')}\n`;
}
