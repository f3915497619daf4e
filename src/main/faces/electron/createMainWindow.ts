import { BrowserWindow, shell } from 'electron';
import { APP_ENTRY_URL, isAppUrl, isExternalWebUrl } from './appScheme';

/** The hardened web preferences: the renderer gets no Node and talks only through the preload bridge. */
export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/** Opens the playground window: app:// only; navigation and new windows blocked; http(s) links go to the OS browser. */
export function createMainWindow(options: { preloadPath: string; devServerUrl?: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 900,
    minHeight: 560,
    title: 'Execbox Playground',
    show: false,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  const contents = window.webContents;

  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());

  void window.loadURL(APP_ENTRY_URL);
  return window;
}
