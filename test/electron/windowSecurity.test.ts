import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronMock, type ElectronMock } from './electronMock';

const mock: { current: ElectronMock } = vi.hoisted(() => ({ current: undefined as unknown as ElectronMock }));
vi.mock('electron', () => {
  mock.current = createElectronMock();
  return { ...mock.current.electron, default: mock.current.electron };
});

const { createMainWindow } = await import('../../src/main/faces/electron/createMainWindow');
const { createAppProtocolHandler, registerAppSchemePrivileges } =
  await import('../../src/main/faces/electron/registerAppProtocol');

function openWindow() {
  createMainWindow({ preloadPath: '/app/preload.cjs' });
  return mock.current.windows.at(-1)!;
}

describe('the app window', () => {
  beforeEach(() => {
    mock.current.electron.shell.openExternal.mockClear();
  });

  it('isolates the renderer: contextIsolation and sandbox on, no Node integration anywhere', () => {
    const prefs = openWindow().options.webPreferences as Record<string, unknown>;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.preload).toBe('/app/preload.cjs');
  });

  it('loads the renderer from the app:// scheme, not file://', () => {
    expect(openWindow().loadedUrl).toBe('app://renderer/index.html');
  });

  it('blocks navigation away from the app', () => {
    const contents = openWindow().webContents;
    const navigate = contents.listeners.get('will-navigate')!;
    const away = { preventDefault: vi.fn() };
    navigate(away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const fileUrl = { preventDefault: vi.fn() };
    navigate(fileUrl, 'file:///etc/passwd');
    expect(fileUrl.preventDefault).toHaveBeenCalled();
    const inside = { preventDefault: vi.fn() };
    navigate(inside, 'app://renderer/index.html');
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const redirect = { preventDefault: vi.fn() };
    contents.listeners.get('will-redirect')!(redirect, 'https://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    contents.listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every new window; only http(s) links open, in the OS browser', () => {
    const contents = openWindow().webContents;
    expect(contents.windowOpenHandler!({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(mock.current.electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'app://renderer/x']) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(mock.current.electron.shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('the app:// protocol', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execbox-app-'));
    await mkdir(join(dir, 'renderer', 'assets'), { recursive: true });
    await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html>');
    await writeFile(join(dir, 'renderer', 'assets', 'a.js'), 'x');
    await writeFile(join(dir, 'secret.txt'), 'outside');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is registered as a privileged, secure, standard scheme', () => {
    registerAppSchemePrivileges();
    expect(mock.current.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
  });

  it('serves the renderer with a strict CSP that still lets Monaco workers run', async () => {
    const handle = createAppProtocolHandler(join(dir, 'renderer'));
    const response = await handle(new Request('app://renderer/index.html'));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await (await handle(new Request('app://renderer/assets/a.js'))).text()).toBe('x');
  });

  it('never serves a file outside the renderer folder', async () => {
    const handle = createAppProtocolHandler(join(dir, 'renderer'));
    expect((await handle(new Request('app://renderer/..%2fsecret.txt'))).status).toBe(404);
    expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
  });
});
