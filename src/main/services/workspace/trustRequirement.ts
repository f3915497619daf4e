import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProviderConfig } from '../../../shared/api/providers';
import type { CommandRunnerChoice } from '../../../shared/api/runs';
import type { TrustRequest } from '../../../shared/api/workspace';
import { quoteCommandWord } from '../../../shared/quoteCommandWord';

export interface TrustRequirement {
  kind: TrustRequest['kind'];
  /** Shown to the user verbatim. */
  what: string;
  /** Changes whenever what would run changes, so an edited command is asked about again. */
  fingerprint: string;
}

function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The sha256 of a module file's content, or 'unreadable' when it cannot be read (it cannot load then either). */
export function moduleContentDigest(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'unreadable';
  }
}

/** A module is trusted as this file with exactly this content: an edit asks again, as for handlers. */
export function moduleFingerprint(file: string, digest: string): string {
  return fingerprintOf({ kind: 'module', file, sha256: digest });
}

/**
 * What a provider would run in or from the host, if anything: an MCP stdio command, a module
 * file, or trusted mock handler code. Mock data, HTTP MCP and TPMJS start nothing locally.
 */
export function trustRequirement(config: ProviderConfig, baseDir: string): TrustRequirement | undefined {
  if (config.kind === 'mcp' && config.transport.type === 'stdio') {
    const { command, args = [], env = {}, cwd } = config.transport;
    const envText = Object.entries(env)
      .map(([k, v]) => `${k}=${quoteCommandWord(v)} `)
      .join('');
    const where = path.resolve(baseDir, cwd ?? '.');
    return {
      kind: 'command',
      what: `${envText}${[command, ...args].map(quoteCommandWord).join(' ')}  (in ${where})`,
      fingerprint: fingerprintOf({ kind: 'command', command, args, env, cwd: where }),
    };
  }
  if (config.kind === 'module') {
    const file = path.resolve(baseDir, config.path);
    const digest = moduleContentDigest(file);
    return {
      kind: 'module',
      what: `load the ES module ${file} into the host`,
      fingerprint: moduleFingerprint(file, digest),
    };
  }
  if (config.kind === 'mock') {
    const handlers = Object.entries(config.tools).flatMap(([name, tool]) =>
      tool.response.mode === 'handler' ? [{ name, source: tool.response.source }] : [],
    );
    if (handlers.length === 0) return undefined;
    return {
      kind: 'handler',
      what: `run handler code in the host for ${handlers.map((h) => `${config.name}.${h.name}`).join(', ')}`,
      fingerprint: fingerprintOf({ kind: 'handler', handlers }),
    };
  }
  return undefined;
}

/** The folder a runner command starts in: its `cwd` resolved against the workspace's folder. */
export function runnerCommandFolder(choice: CommandRunnerChoice, baseDir: string): string {
  return path.resolve(baseDir, choice.cwd ?? '.');
}

/**
 * A workspace's runner command is trusted as an MCP stdio command is: this command, these
 * arguments, in this folder (the mode, pooled or not, changes nothing that runs).
 */
export function runnerTrustRequirement(choice: CommandRunnerChoice, baseDir: string): TrustRequirement {
  const { command, args = [] } = choice;
  const where = runnerCommandFolder(choice, baseDir);
  return {
    kind: 'runner',
    what: `${[command, ...args].map(quoteCommandWord).join(' ')}  (in ${where})`,
    fingerprint: fingerprintOf({ kind: 'runner', command, args, cwd: where }),
  };
}

/** What a trust request would do, as a verb phrase ("run node server.js", "load the ES module …"). */
export function trustAction(request: { kind: TrustRequest['kind']; what: string }): string {
  if (request.kind === 'runner') return `run ${request.what} as the runner of guest code`;
  return request.kind === 'command' ? `run ${request.what}` : request.what;
}
