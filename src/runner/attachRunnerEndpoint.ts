import { parseHostMessage } from '../shared/protocol/parseMessage';
import { runnerBusyDone } from '../shared/protocol/runnerBusyDone';
import type { DoneMessage, ExecuteMessage, RunnerToHostMessage } from '../shared/protocol/messages';
import type { LogStreamMessage } from '../shared/protocol/logStreamMessage';
import type { Transport } from '../shared/transport';
import { sharedQuickJsModulePool, type QuickJsModulePool } from './createQuickJsModulePool';
import { createLogStream, type LogStream } from './createLogStream';
import { runQuickJsSession, type QuickJsSession } from './runQuickJsSession';
import { monotonicNow } from './monotonicNow';

export interface RunnerEndpointOptions {
  /** Where malformed or unexpected host messages are reported (default: stderr). */
  onDiagnostic?: (message: string) => void;
  /** Extra interrupt source for the guest (the in-process executor shares its pausable deadline). */
  interruptProbe?: () => boolean;
  modulePool?: QuickJsModulePool;
  /**
   * Whether the transport closing cancels the active execution (default true). The stdio runner
   * turns it off: stdin ending means no more requests, and the execution in flight still answers.
   */
  cancelOnClose?: boolean;
  /**
   * The host asked for the log stream (a protocol extension; see logStreamMessage.ts). Never set
   * it unless the host asked: a spec-exact host treats the extra messages as malformed.
   */
  logStream?: boolean;
  /**
   * Called at most every CONTROL_POLL_MS while guest code runs and from nowhere else: a process
   * runner checks here that its parent still exists (and exits if not), even during a CPU loop.
   */
  checkParent?: () => void;
  /**
   * The transport hands over the very objects this process's own host session built (the
   * in-process executor's in-memory pair). Execute messages are still checked field by field and
   * for size, but not walked for getters or cycles (see ParseMessageOptions.builtInProcess). Never
   * set it for a transport that decodes data from elsewhere.
   */
  inProcessHost?: boolean;
}

/** How often a running guest's interrupt handler looks for a cancel (and the parent) out of band. */
export const CONTROL_POLL_MS = 20;

export interface RunnerEndpoint {
  /** Stops listening; an active execution is cancelled. */
  detach(): void;
  /** Resolves once no execution is active. */
  whenIdle(): Promise<void>;
}

interface Active {
  id: string;
  session?: QuickJsSession;
  cancelled: boolean;
  /** Why the execution must end with internal_error (the host sent something unreadable). */
  failure?: string;
  logStream?: LogStream;
}

function defaultDiagnostic(message: string): void {
  process.stderr.write(`execbox runner: ${message}\n`);
}

/**
 * The runner side of the protocol on one transport: one execute at a time, any number in sequence.
 * A second execute while one is active gets its own terminal internal_error (one reusing the active
 * id is ignored, so the running execution still gets exactly one done); malformed messages are
 * reported and ignored, except that one arriving during an execution ends it with internal_error
 * (it was most likely meant for it: waiting for the deadline would hide what happened). Every
 * accepted execute gets `started` first and exactly one `done`.
 *
 * A guest in a CPU loop blocks this thread's event loop, so its interrupt handler also reads what
 * the transport received meanwhile (`drainSync`): a cancel stops the loop at once, and the other
 * messages are handled, in order, once the thread is free.
 */
export function attachRunnerEndpoint(
  transport: Transport<RunnerToHostMessage | LogStreamMessage>,
  options: RunnerEndpointOptions = {},
): RunnerEndpoint {
  const diagnostic = options.onDiagnostic ?? defaultDiagnostic;
  const pool = options.modulePool ?? sharedQuickJsModulePool();
  let active: Active | undefined;
  let lastFinishedId: string | undefined;
  const idleWaiters: Array<() => void> = [];
  /** Messages drained during a guest's run, not yet handled. */
  const deferred: unknown[] = [];
  let lastPoll = 0;
  const parseOptions = { builtInProcess: options.inProcessHost === true };

  const send = (message: RunnerToHostMessage | LogStreamMessage): void => {
    try {
      transport.send(message);
    } catch (error) {
      diagnostic(`could not send ${message.type}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const timedOutBeforeStart = (id: string, acceptedAt: number): DoneMessage => ({
    type: 'done',
    id,
    ok: false,
    durationMs: monotonicNow() - acceptedAt,
    logs: [],
    error: { code: 'timeout', message: 'Execution timed out' },
  });

  const run = async (execute: ExecuteMessage, current: Active): Promise<void> => {
    const acceptedAt = monotonicNow();
    // Short executions never poll: the first look comes CONTROL_POLL_MS into the run.
    lastPoll = acceptedAt;
    send({ type: 'started', id: execute.id });
    let done: DoneMessage;
    let afterDone = (): void => {};
    let logStream: LogStream | undefined;
    try {
      const lease = await pool.acquire(execute.options.memoryLimitBytes);
      if (current.failure !== undefined) {
        lease.release(false);
        throw new Error(current.failure);
      } else if (current.cancelled) {
        lease.release(false);
        done = timedOutBeforeStart(execute.id, acceptedAt);
      } else {
        logStream = options.logStream ? createLogStream(execute.id, send) : undefined;
        const stream = logStream;
        current.logStream = stream;
        const session = runQuickJsSession({
          execute,
          bounded: lease.bounded,
          takeContext: lease.takeContext,
          acceptedAt,
          interruptProbe: () => options.interruptProbe?.() === true || pollControl(current),
          sendToolCall: stream
            ? (message) => {
                stream.flush();
                send(message);
              }
            : send,
          ...(stream ? { logSink: stream } : {}),
        });
        current.session = session;
        const end = await session.finished;
        done = end.done;
        // Freeing the runtime waits for idle time (or the next acquire), never for the answer.
        afterDone = () => lease.release(end.teardown);
      }
    } catch (error) {
      done = {
        type: 'done',
        id: execute.id,
        ok: false,
        durationMs: monotonicNow() - acceptedAt,
        logs: [],
        error: {
          code: 'internal_error',
          message: `runner failure: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
    if (active === current) active = undefined;
    logStream?.flush();
    logStream?.dispose();
    lastFinishedId = execute.id;
    send(done);
    afterDone();
    if (!active) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  /** Out-of-band look at the transport from inside the guest's run; true once `current` is cancelled. */
  const pollControl = (current: Active): boolean => {
    const now = monotonicNow();
    if (now - lastPoll < CONTROL_POLL_MS) return current.cancelled;
    lastPoll = now;
    options.checkParent?.();
    current.logStream?.flushIfDue();
    const drained = transport.drainSync?.() ?? [];
    if (drained.length === 0) return current.cancelled;
    if (deferred.length === 0) setImmediate(flushDeferred);
    for (const raw of drained) {
      deferred.push(raw);
      const parsed = parseHostMessage(raw);
      if (parsed.ok && parsed.message.type === 'cancel' && parsed.message.id === current.id) {
        current.cancelled = true;
      }
    }
    return current.cancelled;
  };

  const flushDeferred = (): void => {
    for (const raw of deferred.splice(0)) handle(raw);
  };

  const onMessage = (raw: unknown): void => {
    // Whatever was drained earlier came first.
    if (deferred.length > 0) flushDeferred();
    handle(raw);
  };

  const handle = (raw: unknown): void => {
    const parsed = parseHostMessage(raw, parseOptions);
    if (!parsed.ok) {
      if (!active) {
        diagnostic(`ignored a malformed host message: ${parsed.reason}`);
        return;
      }
      const failure = `the host sent a message the runner could not read: ${parsed.reason}`;
      diagnostic(`${failure}; ending execution ${JSON.stringify(active.id)}`);
      active.failure ??= failure;
      active.session?.fail(failure);
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'execute': {
        if (active?.id === message.id) {
          // A done for this id would end the execution that is running: refuse it without one.
          diagnostic(`ignored execute for ${JSON.stringify(message.id)}: that execution is already running`);
          return;
        }
        if (active) {
          send(runnerBusyDone(message.id, active.id));
          return;
        }
        const current: Active = { id: message.id, cancelled: false };
        active = current;
        void run(message, current);
        return;
      }
      case 'cancel': {
        if (!active || active.id !== message.id) {
          // A cancel read early (while the guest ran) arrives here again after its done: expected.
          if (message.id !== lastFinishedId)
            diagnostic(`ignored cancel for ${JSON.stringify(message.id)}: not the active execution`);
          return;
        }
        active.cancelled = true;
        active.session?.cancel();
        return;
      }
      case 'tool_result': {
        if (!active?.session?.deliverToolResult(message)) {
          diagnostic(`ignored tool_result for ${JSON.stringify(message.callId)}: no such pending tool call`);
        }
        return;
      }
    }
  };

  const unsubscribe = transport.onMessage(onMessage);
  const unsubscribeClose = transport.onClose(() => {
    if (active && options.cancelOnClose !== false) {
      active.cancelled = true;
      active.session?.cancel();
    }
  });
  return {
    whenIdle: () => (active ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    detach() {
      unsubscribe();
      unsubscribeClose();
      if (active) {
        active.cancelled = true;
        active.session?.cancel();
      }
    },
  };
}
