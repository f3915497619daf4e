import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../bin/execbox.js', import.meta.url));

/** `execbox serve` from the built output; `extraArgs` may override the port (`--port N`) or add `--token T`. */
export async function startServe(
  configDir: string,
  workspaceFile: string,
  extraArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess; output(): string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--config-dir', configDir, '--workspace', workspaceFile, ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, EXECBOX_CONFIG_DIR: configDir },
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`execbox serve exited with ${code}:\n${output}`)));
  });
  return { url, child, output: () => output };
}

export async function stop(child: ChildProcess): Promise<void> {
  // A child killed by a signal has no exit code, only a signal code: it exited all the same.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
