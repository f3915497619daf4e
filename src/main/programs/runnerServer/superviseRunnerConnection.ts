import type {
  DoneMessage,
  HostToRunnerMessage,
  RunnerToHostMessage,
} from '../../../shared/protocol/messages';
import { parseHostMessage, parseRunnerMessage } from '../../../shared/protocol/parseMessage';
import { runnerBusyDone } from '../../../shared/protocol/runnerBusyDone';
import type { Transport } from '../../../shared/transport';

export interface RunnerSupervisorOptions {
  /** The client's connection (the server end of the WebSocket). */
  client: Transport<RunnerToHostMessage>;
  /** Provides a started runner shell (a worker thread) for this connection. */
  spawnRunner: () => Transport<HostToRunnerMessage>;
  /** Takes back the shell when the connection ends with no execution running; default: stop it. */
  releaseRunner?: (runner: Transport<HostToRunnerMessage>) => void;
  /** How long the runner may take to honour a cancel before it is stopped and the cancel answered for it. */
  cancelGraceMs: number;
  log: (line: string) => void;
  maxMessageBytes?: number;
}

interface Active {
  id: string;
  startedAt: number;
  cancelTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Relays one client connection to its own runner shell. A runner busy in a CPU loop cannot read a
 * cancel, so the supervisor enforces it: past the grace period it stops the shell, answers the
 * cancelled execution with a timeout `done` itself and starts a fresh shell for the next execute.
 */
export function superviseRunnerConnection(options: RunnerSupervisorOptions): { close(): void } {
  const { client, log } = options;
  const limits = options.maxMessageBytes ? { maxBytes: options.maxMessageBytes } : {};
  let runner: Transport<HostToRunnerMessage> | undefined;
  let runnerSubscriptions: (() => void)[] = [];
  let active: Active | undefined;

  const finish = (done: DoneMessage) => {
    if (active?.id === done.id) {
      clearTimeout(active.cancelTimer);
      active = undefined;
    }
    try {
      client.send(done);
    } catch (error) {
      log(`could not send done to the client: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** Lets go of the current shell: stops it, or hands it back when it is idle and `reuse` is set. */
  const dropRunner = (reuse: boolean) => {
    const current = runner;
    if (!current) return;
    runner = undefined;
    runnerSubscriptions.forEach((unsubscribe) => unsubscribe());
    runnerSubscriptions = [];
    if (reuse && options.releaseRunner) options.releaseRunner(current);
    else current.terminate();
  };

  const ensureRunner = (): Transport<HostToRunnerMessage> => {
    if (runner) return runner;
    const current = options.spawnRunner();
    runner = current;
    runnerSubscriptions = [
      current.onMessage((raw) => {
        if (runner !== current) return;
        const parsed = parseRunnerMessage(raw, limits);
        if (!parsed.ok) return log(`dropped a malformed runner message: ${parsed.reason}`);
        if (parsed.message.type === 'done') return finish(parsed.message);
        client.send(parsed.message);
      }),
      current.onError((error) => log(`runner shell error: ${error.message}`)),
      current.onClose((reason) => {
        if (runner !== current) return;
        dropRunner(false);
        if (active) {
          const { id, startedAt } = active;
          const message = `the runner stopped before done (${reason})`;
          const error = { code: 'internal_error' as const, message };
          finish({ type: 'done', id, ok: false, durationMs: performance.now() - startedAt, logs: [], error });
        }
      }),
    ];
    return current;
  };

  const hardStop = (execution: Active) => {
    if (active !== execution) return;
    log(
      `execution ${JSON.stringify(execution.id)} did not stop within ${options.cancelGraceMs} ms of cancel; stopping its runner`,
    );
    dropRunner(false);
    const durationMs = performance.now() - execution.startedAt;
    const error = { code: 'timeout' as const, message: 'Execution was cancelled' };
    finish({ type: 'done', id: execution.id, ok: false, durationMs, logs: [], error });
  };

  const refuseSecondExecute = (id: string) => {
    const running = active!.id;
    if (id === running) {
      log(`ignored execute for ${JSON.stringify(id)}: that execution is already running`);
      return;
    }
    try {
      client.send(runnerBusyDone(id, running));
    } catch (failure) {
      log(`could not answer the client: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  const unsubscribe = client.onMessage((raw) => {
    const parsed = parseHostMessage(raw, limits);
    if (!parsed.ok) {
      // During an execution it was most likely meant for it (a tool_result with a code outside the
      // protocol's set): the runner ends that execution with internal_error, as it does over stdio.
      if (active && runner && parsed.problem !== 'too_large') {
        log(`passed a malformed message from the client on to the runner: ${parsed.reason}`);
        try {
          runner.send(raw as HostToRunnerMessage);
        } catch (error) {
          log(`could not reach the runner: ${error instanceof Error ? error.message : String(error)}`);
        }
        return;
      }
      return log(`ignored a malformed message from the client: ${parsed.reason}`);
    }
    const message = parsed.message;
    if (message.type === 'execute') {
      // The runner only ever sees one execute at a time, so it is idle exactly when `active` is unset.
      if (active) return refuseSecondExecute(message.id);
      active = { id: message.id, startedAt: performance.now() };
    }
    if (message.type === 'cancel' && active?.id === message.id && !active.cancelTimer) {
      const execution = active;
      execution.cancelTimer = setTimeout(() => hardStop(execution), options.cancelGraceMs);
    }
    // tool_result and cancel without an execution have nothing to reach; the runner would drop them too.
    if (message.type !== 'execute' && !runner) return;
    try {
      ensureRunner().send(message);
    } catch (error) {
      log(`could not reach the runner: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  return {
    close() {
      unsubscribe();
      const idle = active === undefined;
      clearTimeout(active?.cancelTimer);
      active = undefined;
      dropRunner(idle);
    },
  };
}
