import { utilityProcess } from 'electron';
import { runnerProcessEnv, type ShellSpawner } from '../../engine/executors/createProcessExecutor';
import { createTransportEvents } from '../../../shared/transportEvents';

/** Runners as Electron utility processes (Chromium's process model, no Node in the renderer). */
export const utilityProcessSpawner: ShellSpawner = (runnerEntryPath, args = [], options) => {
  const child = utilityProcess.fork(runnerEntryPath, [...args], {
    serviceName: 'Execbox runner',
    stdio: ['ignore', 'ignore', 'inherit'],
    ...runnerProcessEnv(options),
  });
  const events = createTransportEvents<unknown>();
  let exited = false;
  child.on('message', (message: unknown) => events.emitMessage(message));
  child.on('exit', (code) => {
    exited = true;
    events.emitClose(`the runner utility process exited with code ${code}`);
  });
  const kill = () => {
    if (!exited) child.kill();
  };
  return {
    send(message) {
      if (exited) throw new Error(`the runner utility process is gone: ${events.closedReason() ?? 'exited'}`);
      child.postMessage(message);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: kill,
    dispose: kill,
  };
};
