import { ipcMain, shell, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { PlaygroundHost } from '../../app/createPlaygroundHost';
import type { RpcResponse } from '../../../shared/rpc/envelope';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  IPC_OPEN_EXTERNAL_CHANNEL,
} from '../../../shared/rpc/execboxBridge';
import { isAppUrl, isExternalWebUrl } from './appScheme';

/** Only our own renderer's main frame may call the host (not an iframe, not a navigated-away page). */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame !== undefined && frame.parent === null && isAppUrl(frame.url);
}

function idOf(raw: unknown): number {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : -1;
}

/** Wires the PlaygroundApi over IPC: every call checked for its sender, then its envelope (in host.handle). */
export function registerIpcHandlers(host: PlaygroundHost, windows: () => WebContents[]): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, raw: unknown): Promise<RpcResponse> => {
    if (!isTrustedSender(event)) {
      return {
        type: 'response',
        id: idOf(raw),
        ok: false,
        error: { kind: 'unauthorized', message: 'calls are accepted only from the app window' },
      };
    }
    return host.handle(raw);
  });
  ipcMain.handle(IPC_OPEN_EXTERNAL_CHANNEL, async (event, url: unknown) => {
    if (!isTrustedSender(event)) return;
    if (!isExternalWebUrl(url)) throw new Error('only http and https links can be opened');
    await shell.openExternal(url);
  });
  const stopEvents = host.onEvent((playgroundEvent) => {
    for (const contents of windows()) {
      if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, playgroundEvent);
    }
  });
  return () => {
    stopEvents();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
    ipcMain.removeHandler(IPC_OPEN_EXTERNAL_CHANNEL);
  };
}
