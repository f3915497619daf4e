import path from 'node:path';
import { providerSecretDestinations } from '../../providers/providerSecretDestinations';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import { loadWorkspaceFile } from './loadWorkspaceFile';
import { runnerTrustRequirement, trustAction, trustRequirement } from './trustRequirement';

/** One thing a workspace would do beyond its own data: run something here, or send a secret somewhere. */
export interface ReachItem {
  providerName: string;
  kind: 'runs' | 'sends';
  /** A verb phrase: "run node server.js  (in /w)", "send secret 'KEY' to MCP server at https://…". */
  action: string;
  /** Equal exactly when the same thing would be run, or the same secret sent to the same place. */
  fingerprint: string;
}

/**
 * What a workspace file would run on this machine (MCP stdio commands, modules, handlers) and
 * where it would send which secret, provider by provider, each with its fingerprint.
 */
export async function readWorkspaceReach(file: string): Promise<ReachItem[]> {
  return workspaceReach(await loadWorkspaceFile(file), path.dirname(file));
}

/** The same for a document already read (the very one about to open), its paths resolved from `baseDir`. */
export function workspaceReach(doc: WorkspaceFile, baseDir: string): ReachItem[] {
  const executor = doc.runtime?.executor;
  const runner = executor?.kind === 'command' ? runnerTrustRequirement(executor, baseDir) : undefined;
  const runnerReach: ReachItem[] = runner
    ? [{ providerName: 'runner', kind: 'runs', action: trustAction(runner), fingerprint: runner.fingerprint }]
    : [];
  return runnerReach.concat(
    doc.providers.flatMap((config) => {
      const requirement = trustRequirement(config, baseDir);
      const runs = requirement
        ? [
            {
              providerName: config.name,
              kind: 'runs' as const,
              action: trustAction(requirement),
              fingerprint: requirement.fingerprint,
            },
          ]
        : [];
      const sends = providerSecretDestinations(config, baseDir).map(({ secret, destination }) => ({
        providerName: config.name,
        kind: 'sends' as const,
        action: `send secret '${secret}' to ${destination}`,
        fingerprint: JSON.stringify(['secret', secret, destination]),
      }));
      return [...runs, ...sends];
    }),
  );
}
