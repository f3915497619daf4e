import {
  isMainThread,
  parentPort,
  receiveMessageOnPort,
  workerData,
  type MessagePort,
} from 'node:worker_threads';
import type { RunnerToHostMessage } from '../shared/protocol/messages';
import type { Transport } from '../shared/transport';
import { createTransportEvents } from '../shared/transportEvents';
import { LOG_STREAM_FLAG } from '../shared/protocol/logStreamMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../shared/runtimeOptions';
import { attachRunnerEndpoint } from './attachRunnerEndpoint';
import { sharedQuickJsModulePool } from './createQuickJsModulePool';
import { createJsonLinesTransport } from './createJsonLinesTransport';
import { isNonBlockingPipe } from './isNonBlockingPipe';
import { adoptQuickJsWasm } from './quickJsWasm';
import { serveRunnerOverStdio } from './serveRunnerOverStdio';
import { loadGuestCodeNormalizer } from './normalizeGuestCode';
import { seedNormalizedCode } from './normalizeCodeCached';
import { takeNormalizedCodeFromEnv } from './normalizedCodeEnv';
import { applySingleUseV8Flags, singleUseV8Flags } from './singleUseV8Flags';
import { CODE_CACHE_OUT_ENV } from './runnerBundleFiles';
import type { RunnerWorkerData } from './runnerWorkerData';
import { watchParentProcess } from './watchParentProcess';

/** Electron's utility process exposes a MessagePort-like `process.parentPort`. */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function portTransport(
  post: (message: RunnerToHostMessage) => void,
  subscribe: (deliver: (message: unknown) => void) => void,
  drainSync?: () => unknown[],
): Transport<RunnerToHostMessage> {
  const events = createTransportEvents<unknown>();
  subscribe((message) => events.emitMessage(message));
  return {
    send: post,
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    drainSync,
    terminate: () => process.exit(0),
    dispose: () => {},
  };
}

/** Messages already queued on a worker's port, taken without waiting for the (busy) event loop. */
function drainPort(port: MessagePort): unknown[] {
  const messages: unknown[] = [];
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    messages.push(received.message);
  }
  return messages;
}

/**
 * A forked runner's messages arrive on the IPC channel, which a busy thread cannot read; the host
 * also writes each cancel as a JSON line to the child's stdin (when it is a pipe), read from here.
 */
function forkTransport(send: (message: RunnerToHostMessage) => void): Transport<RunnerToHostMessage> {
  const control = isNonBlockingPipe(0)
    ? createJsonLinesTransport<RunnerToHostMessage>({ input: process.stdin, inputFd: 0 })
    : undefined;
  const transport = portTransport(
    send,
    (deliver) => {
      process.on('message', deliver);
      control?.onMessage(deliver);
    },
    control && (() => control.drainSync?.() ?? []),
  );
  return transport;
}

/** One entry for every runner shell: stdio JSON lines, worker thread, Electron utility process, fork. */
function main(): void {
  // The host asked at spawn time for the log-stream extension (never on unless asked).
  const logStream = process.argv.includes(LOG_STREAM_FLAG);
  if (process.argv.includes('--stdio') || process.env.EXECBOX_RUNNER_STDIO === '1') {
    void serveRunnerOverStdio({ logStream });
    return;
  }
  const inWorker = !isMainThread;
  const writingCodeCache = process.env[CODE_CACHE_OUT_ENV] !== undefined;
  const data = inWorker ? (workerData as RunnerWorkerData | null) : null;
  // A runner started for one execution may get its code normalized by its host: a worker in its
  // workerData (see createWorkerExecutor), a process in its environment (see createProcessExecutor).
  const seeded = seedNormalizedCode(inWorker ? data?.normalizedCode : takeNormalizedCodeFromEnv());
  // V8 rejects every code cache compiled after a flag is set: load the normalizer's before, unless
  // the one execution's code came normalized (other code still loads it, later and without its cache).
  if (!seeded && singleUseV8Flags(process.argv, inWorker, writingCodeCache).length > 0) {
    try {
      loadGuestCodeNormalizer();
    } catch {
      // Tried again, and reported as the execution's error, at the first normalization.
    }
  }
  applySingleUseV8Flags(process.argv, inWorker, writingCodeCache);
  // A worker's host also hands over the QuickJS module it compiled.
  if (inWorker) adoptQuickJsWasm(data?.quickJsWasm);
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
        () => drainPort(port),
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
      { logStream, checkParent: watchParentProcess() },
    );
    return;
  }
  if (process.send) {
    const send = process.send.bind(process);
    // The host going away ends the runner: nothing else keeps a forked runner useful.
    process.on('disconnect', () => process.exit(0));
    attachRunnerEndpoint(
      forkTransport((message) => {
        send(message);
      }),
      { logStream, checkParent: watchParentProcess() },
    );
    return;
  }
  process.stderr.write('execbox runner: start me with --stdio, as a worker, a utility process or a fork\n');
  process.exitCode = 2;
}

main();
