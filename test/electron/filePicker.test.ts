import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_PICK_FILE_CHANNEL } from '../../src/shared/rpc/execboxBridge';
import { createElectronMock, type ElectronMock } from './electronMock';

const mock: { current: ElectronMock } = vi.hoisted(() => ({ current: undefined as unknown as ElectronMock }));
vi.mock('electron', () => {
  mock.current = createElectronMock();
  return { ...mock.current.electron, default: mock.current.electron };
});

const { registerFilePicker } = await import('../../src/main/faces/electron/registerFilePicker');

const appFrame = { url: 'app://renderer/index.html', parent: null };
const window = { id: 'main-window' };

beforeAll(() => {
  registerFilePicker(mock.current.electron.dialog as never, () => window as never);
});

const pick = (frame: unknown, request: unknown) =>
  mock.current.handlers.get(IPC_PICK_FILE_CHANNEL)!(
    { senderFrame: frame },
    request,
  ) as unknown as Promise<unknown>;

describe('the native file picker', () => {
  it("opens Electron's open dialog on the app window and answers the chosen path", async () => {
    const { showOpenDialog } = mock.current.electron.dialog;
    showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/me/w.execbox.json'] });
    expect(await pick(appFrame, { mode: 'open', kind: 'workspace', defaultPath: '/home/me' })).toBe(
      '/home/me/w.execbox.json',
    );
    expect(showOpenDialog).toHaveBeenLastCalledWith(window, {
      filters: [
        { name: 'Execbox workspace', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
      defaultPath: '/home/me',
      properties: ['openFile'],
    });
  });

  it('answers null when the person cancels, for open and save', async () => {
    expect(await pick(appFrame, { mode: 'open', kind: 'transcript' })).toBeNull();
    expect(await pick(appFrame, { mode: 'save', kind: 'bundle' })).toBeNull();
  });

  it("uses the save dialog (which asks before overwriting) for 'save'", async () => {
    const { showSaveDialog } = mock.current.electron.dialog;
    showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/tmp/copy.execbox.json' });
    expect(await pick(appFrame, { mode: 'save', kind: 'workspace' })).toBe('/tmp/copy.execbox.json');
    expect(showSaveDialog.mock.lastCall![1]).toMatchObject({ properties: ['showOverwriteConfirmation'] });
  });

  it('saves an HTML report through the save dialog, offering .html files', async () => {
    const { showSaveDialog } = mock.current.electron.dialog;
    showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/tmp/run.html' });
    expect(await pick(appFrame, { mode: 'save', kind: 'report', defaultPath: 'run.html' })).toBe(
      '/tmp/run.html',
    );
    expect(showSaveDialog.mock.lastCall![1]).toMatchObject({
      filters: [
        { name: 'HTML report', extensions: ['html'] },
        { name: 'All files', extensions: ['*'] },
      ],
      defaultPath: 'run.html',
    });
  });

  it('refuses other senders and bad requests, naming the field, without opening a dialog', async () => {
    const { showOpenDialog, showSaveDialog } = mock.current.electron.dialog;
    const before = showOpenDialog.mock.calls.length + showSaveDialog.mock.calls.length;
    await expect(
      pick({ url: 'https://evil.example/', parent: null }, { mode: 'open', kind: 'workspace' }),
    ).rejects.toThrow('only for the app window');
    await expect(pick(appFrame, null)).rejects.toThrow('must be an object');
    await expect(pick(appFrame, { mode: 'delete', kind: 'workspace' })).rejects.toThrow('mode must be');
    await expect(pick(appFrame, { mode: 'open', kind: '__proto__' })).rejects.toThrow('kind must be one of');
    await expect(pick(appFrame, { mode: 'open', kind: 'workspace', defaultPath: 7 })).rejects.toThrow(
      'defaultPath must be',
    );
    await expect(
      pick(appFrame, { mode: 'open', kind: 'workspace', properties: ['multiSelections'] }),
    ).rejects.toThrow('unknown field(s) properties');
    expect(showOpenDialog.mock.calls.length + showSaveDialog.mock.calls.length).toBe(before);
  });
});
