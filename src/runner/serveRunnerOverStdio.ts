import type { RunnerToHostMessage } from '../shared/protocol/messages';
import { DEFAULT_RUNTIME_OPTIONS } from '../shared/runtimeOptions';
import { attachRunnerEndpoint } from './attachRunnerEndpoint';
import { sharedQuickJsModulePool } from './createQuickJsModulePool';
import { createJsonLinesTransport } from './createJsonLinesTransport';
import { isNonBlockingPipe } from './isNonBlockingPipe';
import { watchParentProcess } from './watchParentProcess';

/**
 * The runner as JSON lines: protocol messages on stdin/stdout, diagnostics on stderr. Serves
 * executions one after another until stdin ends, then finishes the one in flight and resolves.
 */
export function serveRunnerOverStdio(options: { logStream?: boolean } = {}): Promise<void> {
  void sharedQuickJsModulePool()
    .prewarm(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes)
    .catch(() => {});
  const transport = createJsonLinesTransport<RunnerToHostMessage>({
    input: process.stdin,
    output: process.stdout,
    terminate: () => process.exit(0),
    inputFd: isNonBlockingPipe(0) ? 0 : undefined,
  });
  transport.onError((error) => process.stderr.write(`execbox runner: ${error.message}\n`));
  const endpoint = attachRunnerEndpoint(transport, {
    cancelOnClose: false,
    logStream: options.logStream === true,
    checkParent: watchParentProcess(),
  });
  return new Promise((resolve) => {
    transport.onClose(() => void endpoint.whenIdle().then(resolve));
  });
}
