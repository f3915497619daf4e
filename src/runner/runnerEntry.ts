import { isMainThread, parentPort } from 'node:worker_threads';
import type { RunnerToHostMessage } from '../shared/protocol/messages';
import type { Transport } from '../shared/transport';
import { createTransportEvents } from '../shared/transportEvents';
import { LOG_STREAM_FLAG } from '../shared/protocol/logStreamMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../shared/runtimeOptions';
import { attachRunnerEndpoint } from './attachRunnerEndpoint';
import { sharedQuickJsModulePool } from './createQuickJsModulePool';
import { serveRunnerOverStdio } from './serveRunnerOverStdio';

/** Electron's utility process exposes a MessagePort-like `process.parentPort`. */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function portTransport(
  post: (message: RunnerToHostMessage) => void,
  subscribe: (deliver: (message: unknown) => void) => void,
): Transport<RunnerToHostMessage> {
  const events = createTransportEvents<unknown>();
  subscribe((message) => events.emitMessage(message));
  return {
    send: post,
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: () => process.exit(0),
    dispose: () => {},
  };
}

/** One entry for every runner shell: stdio JSON lines, worker thread, Electron utility process, fork. */
function main(): void {
  // The host asked at spawn time for the log-stream extension (never on unless asked).
  const logStream = process.argv.includes(LOG_STREAM_FLAG);
  if (process.argv.includes('--stdio') || process.env.EXECBOX_RUNNER_STDIO === '1') {
    void serveRunnerOverStdio({ logStream });
    return;
  }
  // Most executions use the default memory limit: load its module while the host is still connecting.
  sharedQuickJsModulePool()
    .prewarm(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes)
    .catch(() => {});
  if (!isMainThread && parentPort) {
    const port = parentPort;
    attachRunnerEndpoint(
      portTransport(
        (message) => port.postMessage(message),
        (deliver) => port.on('message', deliver),
      ),
      { logStream },
    );
    return;
  }
  const electronPort = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (electronPort) {
    attachRunnerEndpoint(
      portTransport(
        (message) => electronPort.postMessage(message),
        (deliver) => electronPort.on('message', (event) => deliver(event.data)),
      ),
      { logStream },
    );
    return;
  }
  if (process.send) {
    const send = process.send.bind(process);
    const transport = portTransport(
      (message) => {
        send(message);
      },
      (deliver) => process.on('message', deliver),
    );
    // The host going away ends the runner: nothing else keeps a forked runner useful.
    process.on('disconnect', () => process.exit(0));
    attachRunnerEndpoint(transport, { logStream });
    return;
  }
  process.stderr.write('execbox runner: start me with --stdio, as a worker, a utility process or a fork\n');
  process.exitCode = 2;
}

main();
