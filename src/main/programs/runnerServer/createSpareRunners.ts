import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';

export interface SpareRunners {
  /** A started runner shell: an idle one when there is one, else a new one. */
  take(): Transport<HostToRunnerMessage>;
  /** Takes back a shell whose connection ended cleanly (no execution running), to serve the next one. */
  give(runner: Transport<HostToRunnerMessage>): void;
  close(): void;
}

interface Spare {
  transport: Transport<HostToRunnerMessage>;
  alive: boolean;
}

/**
 * Keeps up to `count` runner shells idle and started, so a new connection does not wait for one to
 * boot. Shells are reused like the pooled local executors': every execute still gets a fresh QuickJS
 * runtime, and a shell that was stopped or crashed is never given back.
 */
export function createSpareRunners(spawn: () => Transport<HostToRunnerMessage>, count: number): SpareRunners {
  const idle: Spare[] = [];
  const known = new WeakMap<Transport<HostToRunnerMessage>, Spare>();
  let closed = false;

  const track = (transport: Transport<HostToRunnerMessage>): Spare => {
    const spare = { transport, alive: true };
    known.set(transport, spare);
    transport.onClose(() => {
      spare.alive = false;
      const index = idle.indexOf(spare);
      if (index !== -1) idle.splice(index, 1);
    });
    return spare;
  };
  const topUp = () => {
    if (!closed && idle.length < count) idle.push(track(spawn()));
  };
  for (let i = 0; i < count; i++) topUp();

  return {
    take() {
      let spare = idle.shift();
      while (spare && !spare.alive) spare = idle.shift();
      if (!spare) setImmediate(topUp);
      return spare ? spare.transport : track(spawn()).transport;
    },
    give(transport) {
      const spare = known.get(transport);
      if (!closed && spare?.alive && idle.length < count) idle.push(spare);
      else transport.terminate();
    },
    close() {
      closed = true;
      for (const spare of idle.splice(0)) spare.transport.terminate();
    },
  };
}
