#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run; otherwise, in one line, why not, then browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const FETCH_TIMEOUT_MS = 120_000;

if (!existsSync(`${root}out/main/index.js`) || !existsSync(`${root}out/renderer/index.html`)) {
  process.stderr.write('execbox: the app is not built yet; run `npm run build` first\n');
  process.exit(2);
}

function electronBinary() {
  try {
    const binary = require('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** Runs Electron's own installer (download + extract) once, bounded in time. */
function fetchElectron() {
  const installer = require.resolve('electron/install.js');
  const result = spawnSync(process.execPath, [installer], { stdio: 'ignore', timeout: FETCH_TIMEOUT_MS });
  return result.status === 0 ? electronBinary() : undefined;
}

/** Why the desktop app cannot start here, or undefined when it can (fetching Electron if needed). */
function whyNoDesktop() {
  if (args.includes('--browser')) return 'browser mode was asked for';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'no display to open a window on';
  }
  if (electronBinary()) return undefined;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return "Electron's binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD forbids fetching it";
  }
  process.stderr.write('execbox: fetching the Electron binary…\n');
  return fetchElectron() ? undefined : "Electron's binary is not installed and could not be fetched";
}

/** After a stop signal, the app has this long to end (serve bounds its own stop at 5 s). */
const STOP_DEADLINE_MS = 10_000;

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root });
  let deadline;
  const forward = (signal) => {
    child.kill(signal);
    deadline ??= setTimeout(() => {
      process.stderr.write(`execbox: the app did not stop within ${STOP_DEADLINE_MS / 1000} s; killing it\n`);
      child.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const reason = whyNoDesktop();
if (reason === undefined) {
  run(electronBinary(), [root, ...args]);
} else {
  process.stderr.write(`execbox: ${reason}; starting browser mode instead.\n`);
  run(process.execPath, [`${root}bin/execbox.js`, 'serve', ...args.filter((a) => a !== '--browser')]);
}
