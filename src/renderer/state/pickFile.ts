import type { ExecboxBridge, FilePickRequest } from '../../shared/rpc/execboxBridge';

/** The desktop app's native file dialog, or undefined in browser mode (which keeps the path fields). */
export function nativeFilePicker(): ((request: FilePickRequest) => Promise<string | null>) | undefined {
  const bridge = (globalThis as { execbox?: ExecboxBridge }).execbox;
  return bridge?.pickFile ? (request) => bridge.pickFile!(request) : undefined;
}
