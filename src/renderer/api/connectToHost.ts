import type { HtmlDownloadOptions, TranscriptSource } from '../../shared/api/debug';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import type { ExecboxBridge } from '../../shared/rpc/execboxBridge';
import { createIpcClient } from './createIpcClient';
import { createWebSocketClient, type ConnectionState } from './createWebSocketClient';

export interface HostConnection {
  api: PlaygroundApi;
  /** Electron's IPC is always connected; browser mode reports its socket's state. */
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
  openExternal(url: string): void;
  /**
   * Saves a transcript's HTML report as a file, never as one string in the page: browser mode
   * downloads it from the server as it is made; the desktop app, which has no server, has the host
   * write it to a file the person picks. Answers that file, when the host wrote one.
   */
  downloadHtmlReport(
    source: TranscriptSource,
    options: HtmlDownloadOptions & { fileName: string },
  ): Promise<string | undefined>;
}

/** Saves what a same-origin link points at as a file (the root hands in the UI kit's). */
export type DownloadLink = (href: string, fileName: string) => void;

declare global {
  interface Window {
    execbox?: ExecboxBridge;
  }
}

function tokenInLink(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('token');
}

/** The only place that knows which transport the renderer is on. */
export function connectToHost(downloadLink: DownloadLink): HostConnection | { error: string } {
  const bridge = window.execbox;
  if (bridge) {
    const api = createIpcClient(bridge);
    return {
      api,
      onConnectionChange: (listener) => {
        listener('open');
        return () => {};
      },
      openExternal: (url) => void bridge.openExternal(url),
      downloadHtmlReport: async (source, { fileName, ...options }) => {
        const file = await bridge.pickFile?.({ mode: 'save', kind: 'report', defaultPath: fileName });
        if (!file) return undefined;
        await api.debug.exportHtml(source, { ...options, file });
        return file;
      },
    };
  }
  const token = tokenInLink();
  if (!token) {
    return {
      error:
        'This page needs the link printed by `execbox serve` (it carries a session token after #token=).',
    };
  }
  const client = createWebSocketClient(
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api`,
    token,
  );
  // A link with a new token pasted into the address bar only changes the fragment: no reload, so reconnect here.
  window.addEventListener('hashchange', () => {
    const next = tokenInLink();
    if (next) client.setToken(next);
  });
  return {
    api: client.api,
    onConnectionChange: client.onConnectionChange,
    openExternal: (url) => {
      if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
    },
    downloadHtmlReport: async (source, options) => {
      const { url, fileName } = await client.api.debug.prepareHtmlDownload(source, options);
      downloadLink(url, fileName);
      return undefined;
    },
  };
}
