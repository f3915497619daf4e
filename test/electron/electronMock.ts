import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** Records what the shell asks of Electron; no Electron binary exists on this machine. */
export function createElectronMock() {
  const handlers = new Map<string, Listener>();
  const windows: FakeBrowserWindow[] = [];

  class FakeWebContents {
    listeners = new Map<string, Listener>();
    windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
    sent: unknown[][] = [];
    on(name: string, listener: Listener) {
      this.listeners.set(name, listener);
      return this;
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
    send(...args: unknown[]) {
      this.sent.push(args);
    }
    isDestroyed() {
      return false;
    }
  }

  class FakeBrowserWindow {
    webContents = new FakeWebContents();
    loadedUrl: string | undefined;
    constructor(public options: Record<string, unknown>) {
      windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
    loadFile() {
      throw new Error('the app must not load file:// pages');
    }
    once() {}
    show() {}
    static getAllWindows() {
      return windows;
    }
  }

  class FakeUtilityProcess {
    listeners = new Map<string, Listener>();
    posted: unknown[] = [];
    killed = false;
    constructor(
      public modulePath: string,
      public options: Record<string, unknown>,
    ) {}
    on(name: string, listener: Listener) {
      this.listeners.set(name, listener);
      return this;
    }
    postMessage(message: unknown) {
      this.posted.push(message);
    }
    kill() {
      this.killed = true;
      return true;
    }
  }
  const utilityProcesses: FakeUtilityProcess[] = [];

  const electron = {
    utilityProcess: {
      fork: vi.fn((modulePath: string, _args: string[], options: Record<string, unknown>) => {
        const child = new FakeUtilityProcess(modulePath, options);
        utilityProcesses.push(child);
        return child;
      }),
    },
    app: { whenReady: vi.fn(() => new Promise(() => {})), on: vi.fn(), getPath: vi.fn(() => '/tmp') },
    BrowserWindow: FakeBrowserWindow,
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    ipcMain: {
      handle: vi.fn((channel: string, listener: Listener) => handlers.set(channel, listener)),
      removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    },
    shell: { openExternal: vi.fn(async () => {}) },
    dialog: {
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
      showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
    },
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(async () => undefined), on: vi.fn(), removeListener: vi.fn() },
  };
  return { electron, handlers, windows, utilityProcesses };
}

export type ElectronMock = ReturnType<typeof createElectronMock>;
