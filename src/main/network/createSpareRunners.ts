import type { HostToRunnerMessage } from '../../shared/protocol/messages';
import type { Transport } from '../../shared/transport';

export interface SpareRunners {
  /** A started runner shell: a warm spare when one is ready, else a new one. */
  take(): Transport<HostToRunnerMessage>;
  close(): void;
}

/** Keeps `count` runner shells started ahead of need, so a new connection does not wait for one to boot. */
export function createSpareRunners(spawn: () => Transport<HostToRunnerMessage>, count: number): SpareRunners {
  const spares: { transport: Transport<HostToRunnerMessage>; alive: boolean }[] = [];
  let closed = false;

  const addSpare = () => {
    if (closed || spares.length >= count) return;
    const spare = { transport: spawn(), alive: true };
    spare.transport.onClose(() => {
      spare.alive = false;
      const index = spares.indexOf(spare);
      if (index !== -1) spares.splice(index, 1);
    });
    spares.push(spare);
  };

  for (let i = 0; i < count; i++) addSpare();

  return {
    take() {
      let spare = spares.shift();
      while (spare && !spare.alive) spare = spares.shift();
      setImmediate(addSpare);
      return spare ? spare.transport : spawn();
    },
    close() {
      closed = true;
      for (const spare of spares.splice(0)) spare.transport.terminate();
    },
  };
}
