import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  IPC_OPEN_EXTERNAL_CHANNEL,
} from '../../src/shared/rpc/execboxBridge';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';
import { createElectronMock, type ElectronMock } from './electronMock';

const mock: { current: ElectronMock } = vi.hoisted(() => ({ current: undefined as unknown as ElectronMock }));
vi.mock('electron', () => {
  mock.current = createElectronMock();
  return { ...mock.current.electron, default: mock.current.electron };
});

const { registerIpcHandlers } = await import('../../src/main/faces/electron/registerIpcHandlers');

const appFrame = { url: 'app://renderer/index.html', parent: null };
const request = { type: 'request', id: 1, namespace: 'workspace', method: 'listSecrets', args: [] };
const workspaceHost = createFakeWorkspaceHost();
const sent: unknown[][] = [];

beforeAll(() => {
  const host = createPlaygroundHost({
    workspaceHost,
    createExecutor: () => createFakeExecutor(async () => done()),
  });
  const contents = { isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) };
  registerIpcHandlers(host, () => [contents as never]);
});

const invoke = (frame: unknown, payload: unknown) =>
  mock.current.handlers.get(IPC_INVOKE_CHANNEL)!({ senderFrame: frame }, payload);

describe('IPC handlers', () => {
  it('answer calls from the app window', async () => {
    expect(await invoke(appFrame, request)).toEqual({ type: 'response', id: 1, ok: true, value: ['TOKEN'] });
  });

  it('refuse a sender that is not the app scheme, a subframe, or gone', async () => {
    for (const frame of [
      { url: 'https://evil.example/', parent: null },
      { url: 'file:///tmp/x.html', parent: null },
      { url: 'app://renderer/index.html', parent: appFrame },
      null,
    ]) {
      expect(await invoke(frame, request)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    }
  });

  it('validate the envelope and the arguments', async () => {
    expect(await invoke(appFrame, { ...request, namespace: 'process' })).toMatchObject({
      ok: false,
      error: { kind: 'bad_request' },
    });
    expect(await invoke(appFrame, { ...request, args: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'bad_request' },
    });
    expect(
      await invoke(appFrame, { ...request, namespace: 'runs', method: 'start', args: [{ code: 1 }] }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'bad_request', message: expect.stringContaining('request.code must be a string') },
    });
  });

  it('open only http(s) links, and only for the app window', async () => {
    const open = mock.current.handlers.get(IPC_OPEN_EXTERNAL_CHANNEL)!;
    await open({ senderFrame: appFrame }, 'https://example.com/');
    expect(mock.current.electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/');
    await expect(open({ senderFrame: appFrame }, 'file:///etc/passwd')).rejects.toThrow(
      'only http and https',
    );
    await open({ senderFrame: { url: 'https://evil.example/', parent: null } }, 'https://example.com/');
    expect(mock.current.electron.shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('push host events to the windows', () => {
    const typings = { workspacePath: '/w', version: 1, declarations: 'x', providers: [] };
    workspaceHost.emit({ channel: 'providers', type: 'typings', ...typings });
    expect(sent).toContainEqual([IPC_EVENT_CHANNEL, { channel: 'providers', type: 'typings', ...typings }]);
  });
});
