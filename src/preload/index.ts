import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PlaygroundEvent } from '../shared/api/playgroundApi';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  IPC_OPEN_EXTERNAL_CHANNEL,
  IPC_PICK_FILE_CHANNEL,
  type ExecboxBridge,
} from '../shared/rpc/execboxBridge';

// The renderer gets these four functions and nothing else: no ipcRenderer, no Node.
const bridge: ExecboxBridge = {
  invoke: (request) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, request),
  onEvent: (listener) => {
    const forward = (_event: IpcRendererEvent, event: PlaygroundEvent) => listener(event);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
    };
  },
  openExternal: (url) => ipcRenderer.invoke(IPC_OPEN_EXTERNAL_CHANNEL, url),
  pickFile: (request) => ipcRenderer.invoke(IPC_PICK_FILE_CHANNEL, request),
};

contextBridge.exposeInMainWorld('execbox', bridge);
