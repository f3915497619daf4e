import { describe, expect, it, vi } from 'vitest';
import { IPC_INVOKE_CHANNEL } from '../../src/shared/rpc/execboxBridge';
import { createElectronMock, type ElectronMock } from './electronMock';

const mock: { current: ElectronMock } = vi.hoisted(() => ({ current: undefined as unknown as ElectronMock }));
vi.mock('electron', () => {
  mock.current = createElectronMock();
  return { ...mock.current.electron, default: mock.current.electron };
});

await import('../../src/preload/index');

describe('the preload script', () => {
  it('exposes only the execbox bridge, never ipcRenderer itself', async () => {
    const { exposeInMainWorld } = mock.current.electron.contextBridge;
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, bridge] = exposeInMainWorld.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(name).toBe('execbox');
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onEvent', 'openExternal', 'pickFile']);
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true);
    const request = { type: 'request', id: 1, namespace: 'runs', method: 'list', args: [] };
    await (bridge.invoke as (r: unknown) => Promise<unknown>)(request);
    expect(mock.current.electron.ipcRenderer.invoke).toHaveBeenCalledWith(IPC_INVOKE_CHANNEL, request);
  });
});
