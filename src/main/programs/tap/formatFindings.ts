import type { ProtocolFinding } from '../../../shared/protocol/createProtocolChecker';

/** One line per finding: who broke which rule, how strong the rule is, where, and what happened. */
export function formatFindings(findings: readonly ProtocolFinding[], dropped = 0): string[] {
  const lines = findings.map(
    (finding) =>
      `${finding.side} broke a ${finding.level.toUpperCase()} (${finding.rule}) at entry ${finding.seq}: ${finding.message}`,
  );
  if (dropped > 0) lines.push(`… and ${dropped} more findings, counted but not kept`);
  return lines;
}
