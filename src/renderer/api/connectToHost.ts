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
   * Browser mode streams the report from the server to a download; the desktop app, which has no
   * server, gets it as one string from exportHtml.
   */
  downloadHtmlReport(
    source: TranscriptSource,
    options: HtmlDownloadOptions & { fileName: string },
  ): Promise<void>;
}

/** How the page saves a file; the root hands in the UI kit's (this layer imports only src/shared). */
export interface PageDownloads {
  link(href: string, fileName: string): void;
  text(fileName: string, text: string, type: string): void;
}

declare global {
  interface Window {
    execbox?: ExecboxBridge;
  }
}

function tokenInLink(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('token');
}

/** The only place that knows which transport the renderer is on. */
export function connectToHost(downloads: PageDownloads): HostConnection | { error: string } {
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
        const { html } = await api.debug.exportHtml(source, options);
        downloads.text(fileName, html ?? '', 'text/html');
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
      downloads.link(url, fileName);
    },
  };
}
