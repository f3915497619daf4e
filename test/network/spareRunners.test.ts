import { describe, expect, it } from 'vitest';
import { createSpareRunners } from '../../src/main/programs/runnerServer/createSpareRunners';
import type { HostToRunnerMessage } from '../../src/shared/protocol/messages';
import type { Transport } from '../../src/shared/transport';
import { createTransportEvents } from '../../src/shared/transportEvents';

interface FakeRunner extends Transport<HostToRunnerMessage> {
  label: number;
  terminated: boolean;
}

function fakeSpawner() {
  const spawned: FakeRunner[] = [];
  const spawn = () => {
    const events = createTransportEvents<unknown>();
    const runner: FakeRunner = {
      label: spawned.length,
      terminated: false,
      send: () => {},
      onMessage: events.onMessage,
      onClose: events.onClose,
      onError: events.onError,
      terminate: () => {
        runner.terminated = true;
        events.emitClose('terminated');
      },
      dispose: () => {},
    };
    spawned.push(runner);
    return runner;
  };
  return { spawn, spawned };
}

describe('createSpareRunners', () => {
  it('starts the spares up front and hands them out before starting new ones', () => {
    const { spawn, spawned } = fakeSpawner();
    const spares = createSpareRunners(spawn, 2);
    expect(spawned).toHaveLength(2);
    expect(spares.take()).toBe(spawned[0]);
    expect(spares.take()).toBe(spawned[1]);
    expect(spares.take()).toBe(spawned[2]);
    spares.close();
  });

  it('reuses a runner given back, up to the limit, and stops the rest', () => {
    const { spawn } = fakeSpawner();
    const spares = createSpareRunners(spawn, 1);
    const a = spares.take() as FakeRunner;
    const b = spares.take() as FakeRunner;
    spares.give(a);
    spares.give(b);
    expect(b.terminated).toBe(true);
    expect(spares.take()).toBe(a);
    spares.close();
  });

  it('never hands out a runner that stopped while idle', () => {
    const { spawn, spawned } = fakeSpawner();
    const spares = createSpareRunners(spawn, 1);
    spawned[0]!.terminate();
    const next = spares.take() as FakeRunner;
    expect(next.terminated).toBe(false);
    expect(next).not.toBe(spawned[0]);
    spares.close();
  });

  it('stops idle runners on close, and runners given back afterwards', () => {
    const { spawn, spawned } = fakeSpawner();
    const spares = createSpareRunners(spawn, 2);
    const taken = spares.take() as FakeRunner;
    spares.close();
    expect(spawned[1]!.terminated).toBe(true);
    spares.give(taken);
    expect(taken.terminated).toBe(true);
  });
});
