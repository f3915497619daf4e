import type { ProtocolFinding } from '../../../shared/protocol/createProtocolChecker';

/** One line per finding: who broke which rule, how strong the rule is, where, and what happened. */
export function formatFindings(findings: readonly ProtocolFinding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.side} broke a ${finding.level.toUpperCase()} (${finding.rule}) at entry ${finding.seq}: ${finding.message}`,
  );
}
