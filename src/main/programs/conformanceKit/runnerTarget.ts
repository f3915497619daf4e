import type { ConformanceTarget } from '../../../shared/api/network';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { connectRunnerSocket } from '../../engine/transports/connectRunnerSocket';
import { spawnStdioCommand } from './spawnStdioCommand';

/** A runner the kit can open a fresh protocol session with, once per case. */
export interface RunnerTarget {
  label: string;
  /** `onStderr` sees this session's runner stderr (a stdio runner's; a remote one has none to show). */
  open(onStderr?: (text: string) => void): Promise<Transport<HostToRunnerMessage>>;
}

export interface TargetEnvironment {
  /** Command line that starts this app's own runner over stdio (for `{ kind: 'builtin' }`). */
  builtinCommand?: string;
  /** Environment for the built-in runner (e.g. ELECTRON_RUN_AS_NODE under Electron). */
  builtinEnv?: NodeJS.ProcessEnv;
  /** Collects runner stderr (stdio targets). */
  onStderr?: (text: string) => void;
}

/** Quotes one argument for a POSIX shell or cmd.exe command line. */
export function quoteShellArgument(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return process.platform === 'win32'
    ? `"${value.replaceAll('"', '""')}"`
    : `'${value.replaceAll("'", `'\\''`)}'`;
}

export function runnerTarget(target: ConformanceTarget, environment: TargetEnvironment = {}): RunnerTarget {
  switch (target.kind) {
    case 'stdio':
      if (!target.command.trim()) throw new Error('the stdio target needs a command line');
      return stdioTarget(target.command, target.command, environment);
    case 'builtin': {
      if (!environment.builtinCommand) throw new Error('this host has no built-in runner command');
      return stdioTarget('built-in runner', environment.builtinCommand, environment, environment.builtinEnv);
    }
    case 'ws': {
      const { url, token } = target;
      return {
        label: url,
        open: () => connectRunnerSocket(url, token ? { token } : {}),
      };
    }
  }
}

function stdioTarget(
  label: string,
  command: string,
  environment: TargetEnvironment,
  env?: NodeJS.ProcessEnv,
): RunnerTarget {
  return {
    label,
    open: async (onStderr) =>
      spawnStdioCommand(command, {
        onStderr: (text) => {
          environment.onStderr?.(text);
          onStderr?.(text);
        },
        ...(env ? { env } : {}),
      }),
  };
}
