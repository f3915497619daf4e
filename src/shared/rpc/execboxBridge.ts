import type { PlaygroundEvent } from '../api/playgroundApi';
import type { Unsubscribe } from '../transport';
import type { RpcRequest, RpcResponse } from './envelope';

/** IPC channel names shared by the preload script and the Electron main process. */
export const IPC_INVOKE_CHANNEL = 'execbox:invoke';
export const IPC_EVENT_CHANNEL = 'execbox:event';
export const IPC_OPEN_EXTERNAL_CHANNEL = 'execbox:open-external';
export const IPC_PICK_FILE_CHANNEL = 'execbox:pick-file';

/**
 * The kinds of file the app's own picker chooses, with the extensions its filter shows (native
 * dialogs filter by the last one only; the host checks `.execbox.json` and the like itself).
 */
export const PICKABLE_FILES = {
  workspace: { label: 'Execbox workspace', extensions: ['json'] },
  bundle: { label: 'Execbox workspace bundle', extensions: ['json'] },
  transcript: { label: 'Transcript', extensions: ['jsonl'] },
  module: { label: 'ES module', extensions: ['mjs', 'js'] },
  report: { label: 'HTML report', extensions: ['html'] },
} as const;

/** Opening an existing file or choosing where to save a new one. */
export interface FilePickRequest {
  mode: 'open' | 'save';
  kind: keyof typeof PICKABLE_FILES;
  /** Where the dialog starts, or the suggested file for `save`. */
  defaultPath?: string;
}

/** What the preload exposes as `window.execbox`: the raw envelope channel, nothing else. */
export interface ExecboxBridge {
  invoke(request: RpcRequest): Promise<RpcResponse>;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  /** Asks the host to open an http(s) link in the OS browser. */
  openExternal(url: string): Promise<void>;
  /** The desktop app only: its native file dialog; null when the person cancelled. */
  pickFile?(request: FilePickRequest): Promise<string | null>;
}
