import { detectBubblewrapSandbox, type BubblewrapPaths } from './detectBubblewrapSandbox';
import { detectNamespaceSandbox } from './detectNamespaceSandbox';
import type { ToolSandbox } from './ToolSandbox';

export type IsolationOption = 'auto' | 'bubblewrap' | 'namespaces' | 'process';
export const ISOLATION_OPTIONS: readonly IsolationOption[] = ['auto', 'bubblewrap', 'namespaces', 'process'];

const NEEDS: Record<'bubblewrap' | 'namespaces', string> = {
  bubblewrap:
    'isolation "bubblewrap" needs bwrap (Debian: apt-get install bubblewrap) and unprivileged user namespaces, which this machine does not offer',
  namespaces:
    'isolation "namespaces" needs Linux with unprivileged user namespaces (unshare --user --pid), which this machine does not allow',
};

/**
 * The sandbox `isolation` asks for: `auto` takes the strongest this machine offers (bubblewrap, then
 * namespaces, then plain processes); a named mode that is not available refuses to start.
 */
export function chooseToolSandbox(
  isolation: IsolationOption,
  paths: BubblewrapPaths,
): ToolSandbox | undefined {
  if (isolation === 'process') return undefined;
  const sandbox =
    isolation === 'namespaces'
      ? detectNamespaceSandbox()
      : (detectBubblewrapSandbox(paths) ?? (isolation === 'auto' ? detectNamespaceSandbox() : undefined));
  if (!sandbox && isolation !== 'auto') throw new Error(NEEDS[isolation]);
  return sandbox;
}
