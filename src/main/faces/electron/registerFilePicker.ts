import { ipcMain, type BrowserWindow, type Dialog } from 'electron';
import {
  IPC_PICK_FILE_CHANNEL,
  PICKABLE_FILES,
  type FilePickRequest,
} from '../../../shared/rpc/execboxBridge';
import { isTrustedSender } from './registerIpcHandlers';

/** Checks the renderer's request; the error names the field. */
export function parseFilePickRequest(value: unknown): FilePickRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('the file picker request must be an object');
  const { mode, kind, defaultPath, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new Error(`the file picker request has unknown field(s) ${unknown.join(', ')}`);
  if (mode !== 'open' && mode !== 'save') throw new Error('mode must be "open" or "save"');
  if (typeof kind !== 'string' || !Object.hasOwn(PICKABLE_FILES, kind))
    throw new Error(`kind must be one of ${Object.keys(PICKABLE_FILES).join(', ')}`);
  if (defaultPath !== undefined && (typeof defaultPath !== 'string' || defaultPath.length > 4096))
    throw new Error('defaultPath must be a path of at most 4096 characters');
  return {
    mode,
    kind: kind as FilePickRequest['kind'],
    ...(defaultPath === undefined ? {} : { defaultPath }),
  };
}

/**
 * The app's native file dialog for the renderer (open a workspace, save a copy, …): it answers a
 * path the person chose, or null. Browser mode has none; its pages keep the path field.
 */
export function registerFilePicker(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>,
  window: () => BrowserWindow | undefined,
): () => void {
  ipcMain.handle(IPC_PICK_FILE_CHANNEL, async (event, raw: unknown): Promise<string | null> => {
    if (!isTrustedSender(event)) throw new Error('the file picker opens only for the app window');
    const request = parseFilePickRequest(raw);
    const { label, extensions } = PICKABLE_FILES[request.kind];
    const options = {
      filters: [
        { name: label, extensions: [...extensions] },
        { name: 'All files', extensions: ['*'] },
      ],
      ...(request.defaultPath ? { defaultPath: request.defaultPath } : {}),
    };
    const parent = window();
    if (request.mode === 'open') {
      const open = { ...options, properties: ['openFile' as const] };
      const answer = parent ? await dialog.showOpenDialog(parent, open) : await dialog.showOpenDialog(open);
      return answer.canceled ? null : (answer.filePaths[0] ?? null);
    }
    const save = { ...options, properties: ['showOverwriteConfirmation' as const] };
    const answer = parent ? await dialog.showSaveDialog(parent, save) : await dialog.showSaveDialog(save);
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  });
  return () => ipcMain.removeHandler(IPC_PICK_FILE_CHANNEL);
}
