import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, safeStorage, shell } from 'electron';
import { createDefaultExecutorFactory } from '../../engine/executors/createDefaultExecutorFactory';
import { createDefaultPlaygroundHost } from '../../app/createDefaultPlaygroundHost';
import type { PlaygroundHost } from '../../app/createPlaygroundHost';
import { createFileSecretStore } from '../../secrets/createFileSecretStore';
import { createSafeStorageSecretStore } from '../../secrets/createSafeStorageSecretStore';
import { resolveConfigDir } from '../../system/resolveConfigDir';
import { createMainWindow } from './createMainWindow';
import { createNativeConfirmations } from './createNativeConfirmations';
import { registerAppProtocol, registerAppSchemePrivileges } from './registerAppProtocol';
import { registerFilePicker } from './registerFilePicker';
import { registerIpcHandlers } from './registerIpcHandlers';
import { utilityProcessSpawner } from './createUtilityProcessSpawner';
import { RUNNER_LOADER_FILE } from '../../../runner/runnerBundleFiles';
import { OAuthSignIns } from '../../providers/mcp/OAuthSignIns';
import { startOAuthCallbackListener } from '../../app/startOAuthCallbackListener';

// The desktop shell: thin wiring only. Everything it composes runs and is tested under plain Node.
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const preloadPath = here('../preload/index.cjs');
const rendererDir = here('../renderer');
const runnerEntryPath = here(`./${RUNNER_LOADER_FILE}`).replace('app.asar', 'app.asar.unpacked');

registerAppSchemePrivileges();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) app.quit();

let host: PlaygroundHost | undefined;
let agents: { close(): Promise<void> } | undefined;

async function start(): Promise<void> {
  registerAppProtocol(rendererDir);
  const configDir = resolveConfigDir();
  const focusedWindow = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const secretStore = safeStorage.isEncryptionAvailable()
    ? createSafeStorageSecretStore(configDir, safeStorage)
    : createFileSecretStore(configDir);
  // OAuth sign-in: the system browser, back to a loopback listener of our own.
  const signIns = new OAuthSignIns();
  const callback = await startOAuthCallbackListener((query) => signIns.complete(query));
  host = await createDefaultPlaygroundHost({
    configDir,
    secretStore,
    oauth: { redirectUrl: () => callback.url, signIns, openExternal: (url) => shell.openExternal(url) },
    // Native dialogs: a compromised renderer can neither start commands, send a secret somewhere new nor read one.
    ...createNativeConfirmations(dialog, focusedWindow),
    createExecutor: createDefaultExecutorFactory({ spawnShell: utilityProcessSpawner, runnerEntryPath }),
  });
  registerIpcHandlers(host, () => BrowserWindow.getAllWindows().map((window) => window.webContents));
  registerFilePicker(dialog, focusedWindow);
  createMainWindow({ preloadPath });
  const { startAgentEndpoint } = await import('../mcp/startAgentEndpoint');
  const agentPort = Number(process.env.EXECBOX_AGENT_PORT);
  const agentPortValid = Number.isInteger(agentPort) && agentPort > 0 && agentPort <= 65535;
  if (process.env.EXECBOX_AGENT_PORT && !agentPortValid)
    process.stderr.write(
      `execbox: EXECBOX_AGENT_PORT must be a port from 1 to 65535 (got '${process.env.EXECBOX_AGENT_PORT}'); using the kept one\n`,
    );
  agents = await startAgentEndpoint({
    host,
    configDir,
    // EXECBOX_AGENT_PORT: the port to serve agents on, kept for later starts (as serve's --agent-port).
    ...(agentPortValid ? { port: agentPort } : {}),
    nodeCommand: { command: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } },
  }).catch((error: unknown) => {
    process.stderr.write(
      `execbox: agents cannot connect (the MCP endpoint did not start): ${String(error)}\n`,
    );
    return undefined;
  });
}

app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('activate', () => {
  if (host && BrowserWindow.getAllWindows().length === 0) createMainWindow({ preloadPath });
});
app.on('will-quit', (event) => {
  if (!host) return;
  const closing = host;
  host = undefined;
  event.preventDefault();
  const stopping = agents;
  agents = undefined;
  void Promise.allSettled([stopping?.close()])
    .then(() => closing.dispose())
    .finally(() => app.quit());
});

app
  .whenReady()
  .then(start)
  .catch((error: unknown) => {
    process.stderr.write(`execbox: the app could not start: ${String(error)}\n`);
    app.exit(1);
  });
