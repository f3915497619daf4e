import type { ConformanceCaseResult, ConformanceReport } from '../../../shared/api/network';
import { formatTranscriptLine } from '../../../shared/conformance/formatTranscriptLine';

function formatCase(result: ConformanceCaseResult): string[] {
  const status = result.status === 'pass' ? 'PASS' : 'FAIL';
  const level = result.level === 'should' ? ' (should)' : '';
  const lines = [
    `${status}  ${result.id.padEnd(44)} ${result.title}${level}`,
    `      rule: ${result.rule}`,
    `      see:  ${result.section}`,
  ];
  if (result.status === 'fail') {
    lines.push(`      why:  ${result.reason ?? 'unknown'}`, '      transcript:');
    if (result.transcript.length === 0) lines.push('        (nothing was exchanged)');
    for (const entry of result.transcript) lines.push(`      ${formatTranscriptLine(entry)}`);
    if (result.stderr) {
      lines.push('      runner stderr:');
      for (const line of result.stderr.split(/\r?\n/)) lines.push(`        ${line}`);
    }
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
