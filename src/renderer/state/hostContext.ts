import { createContext, useContext } from 'react';
import type { HtmlDownloadOptions, TranscriptSource } from '../../shared/api/debug';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';

/** Saves a transcript's HTML report as a file, however this face does it; answers the file when the host wrote one. */
export type DownloadHtmlReport = (
  source: TranscriptSource,
  options: HtmlDownloadOptions & { fileName: string },
) => Promise<string | undefined>;

export interface HostContextValue {
  api: PlaygroundApi;
  openExternal(url: string): void;
  downloadHtmlReport: DownloadHtmlReport;
}

export const HostContext = createContext<HostContextValue | null>(null);

/** The PlaygroundApi, whatever transport carries it. */
export function useApi(): PlaygroundApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useApi needs a HostContext provider');
  return host.api;
}

export function useOpenExternal(): (url: string) => void {
  const host = useContext(HostContext);
  if (!host) throw new Error('useOpenExternal needs a HostContext provider');
  return host.openExternal;
}

export function useDownloadHtmlReport(): DownloadHtmlReport {
  const host = useContext(HostContext);
  if (!host) throw new Error('useDownloadHtmlReport needs a HostContext provider');
  return host.downloadHtmlReport;
}
