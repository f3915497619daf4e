import { describe, expect, it, vi } from 'vitest';
import { createElectronMock, type ElectronMock } from './electronMock';

const mock: { current: ElectronMock } = vi.hoisted(() => ({ current: undefined as unknown as ElectronMock }));
vi.mock('electron', () => {
  mock.current = createElectronMock();
  return { ...mock.current.electron, default: mock.current.electron };
});

const { utilityProcessSpawner } = await import('../../src/main/faces/electron/createUtilityProcessSpawner');

describe('runners as utility processes', () => {
  it('forks the runner entry and carries protocol messages both ways', () => {
    const transport = utilityProcessSpawner('/app/out/main/runner.js');
    const child = mock.current.utilityProcesses.at(-1)!;
    expect(child.modulePath).toBe('/app/out/main/runner.js');
    const received: unknown[] = [];
    transport.onMessage((message) => received.push(message));
    child.listeners.get('message')!({ type: 'started', id: 'a' });
    expect(received).toEqual([{ type: 'started', id: 'a' }]);
    transport.send({ type: 'cancel', id: 'a' });
    expect(child.posted).toEqual([{ type: 'cancel', id: 'a' }]);
  });

  it('reports the exit once, refuses to send afterwards, and kills on terminate', () => {
    const transport = utilityProcessSpawner('/runner.js');
    const child = mock.current.utilityProcesses.at(-1)!;
    const closes: string[] = [];
    transport.onClose((reason) => closes.push(reason));
    transport.terminate();
    expect(child.killed).toBe(true);
    child.listeners.get('exit')!(9);
    child.listeners.get('exit')!(9);
    expect(closes).toEqual(['the runner utility process exited with code 9']);
    expect(() => transport.send({ type: 'cancel', id: 'a' })).toThrow('the runner utility process is gone');
  });

  it("starts the runner with the process's environment plus the variables asked for, if any", () => {
    utilityProcessSpawner('/runner.js', ['--single-use'], { env: { EXECBOX_TEST_SEED: '{}' } });
    expect(mock.current.utilityProcesses.at(-1)!.options.env).toEqual({
      ...process.env,
      EXECBOX_TEST_SEED: '{}',
    });
    utilityProcessSpawner('/runner.js', ['--single-use']);
    expect(mock.current.utilityProcesses.at(-1)!.options).not.toHaveProperty('env');
  });
});
