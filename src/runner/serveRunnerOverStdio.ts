import type { RunnerToHostMessage } from '../shared/protocol/messages';
import { attachRunnerEndpoint } from './attachRunnerEndpoint';
import { createJsonLinesTransport } from './createJsonLinesTransport';

/**
 * The runner as JSON lines: protocol messages on stdin/stdout, diagnostics on stderr. Serves
 * executions one after another until stdin ends; resolves then.
 */
export function serveRunnerOverStdio(): Promise<void> {
  const transport = createJsonLinesTransport<RunnerToHostMessage>({
    input: process.stdin,
    output: process.stdout,
    terminate: () => process.exit(0),
  });
  transport.onError((error) => process.stderr.write(`execbox runner: ${error.message}\n`));
  attachRunnerEndpoint(transport);
  return new Promise((resolve) => {
    transport.onClose(() => resolve());
  });
}
