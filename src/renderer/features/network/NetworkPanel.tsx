import { useState } from 'react';
import type { CommandRunnerChoice, ExecutorChoice } from '../../../shared/api/runs';
import { quoteCommandWord } from '../../../shared/quoteCommandWord';
import { splitCommandLine } from '../../../shared/splitCommandLine';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useNetworkStore } from './networkStore';
import { useNetworkSync } from './useNetworkSync';
import './network.css';

function LocalExecutorSection() {
  const api = useNetworkSync();
  const status = useNetworkStore((s) => s.localExecutor);
  const notify = usePlaygroundStore((s) => s.notify);
  const [port, setPort] = useState('');
  const [registry, setRegistry] = useState('');
  const [apiKeySecret, setApiKeySecret] = useState('');
  const busy = status.state === 'starting' || status.state === 'stopping';
  const running = status.state === 'running';

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      notify('error', describeError(error));
    }
  };

  return (
    <section className="network-section" aria-label="Local TPMJS executor">
      <h3>Local TPMJS executor</h3>
      <p className="muted">
        Runs npm tools for TPMJS providers, each call in its own process, on this machine only.
      </p>
      <div className="network-status" data-testid="local-executor-status">
        <span className={`status-dot is-${status.state}`} aria-hidden /> {status.state}
        {status.url && (
          <>
            {' at '}
            <code data-testid="local-executor-url">{status.url}</code>{' '}
            <button type="button" onClick={() => void navigator.clipboard?.writeText(status.url ?? '')}>
              Copy
            </button>
          </>
        )}
        {status.authRequired && <span className="muted"> · key from secret {status.apiKeySecret}</span>}
        {status.isolation && (
          <span className="muted" data-testid="local-executor-isolation">
            {' '}
            · isolation: {status.isolation}
          </span>
        )}
        {status.error && <div className="network-error">{status.error}</div>}
      </div>
      {!running && (
        <div className="network-fields">
          <input
            aria-label="Executor port"
            placeholder="port (any free one)"
            value={port}
            onChange={(e) => setPort(e.target.value)}
          />
          <input
            aria-label="npm registry"
            placeholder="npm registry (npm's default)"
            value={registry}
            onChange={(e) => setRegistry(e.target.value)}
          />
          <input
            aria-label="API key secret"
            placeholder="API key secret name (optional)"
            value={apiKeySecret}
            onChange={(e) => setApiKeySecret(e.target.value)}
          />
        </div>
      )}
      {running ? (
        <button type="button" disabled={busy} onClick={() => void act(() => api.network.stopLocalExecutor())}>
          Stop executor
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() =>
            void act(() =>
              api.network.startLocalExecutor({
                ...(port.trim() ? { port: Number(port) } : {}),
                ...(registry.trim() ? { registry: registry.trim() } : {}),
                ...(apiKeySecret.trim() ? { apiKeySecret: apiKeySecret.trim() } : {}),
              }),
            )
          }
        >
          Start executor
        </button>
      )}
    </section>
  );
}

/** Makes `choice` the workspace's executor and says so (or what was wrong) in a notice. */
function useChooseExecutor(): (choice: ExecutorChoice, done: string) => void {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  return (choice, done) =>
    void api.workspace
      .setRuntimeSettings({ executor: choice })
      .then(() => notify('info', done))
      .catch((error: unknown) => notify('error', describeError(error)));
}

function RemoteRunnerSection() {
  const choose = useChooseExecutor();
  const executor = usePlaygroundStore((s) => s.workspace?.runtime.executor);
  const current = executor?.kind === 'remote' ? executor : undefined;
  const [url, setUrl] = useState(current?.url ?? '');
  const [tokenSecret, setTokenSecret] = useState(current?.tokenSecret ?? '');

  return (
    <section className="network-section" aria-label="Remote runner">
      <h3>Remote runner</h3>
      <p className="muted">
        Run guest code on a runner started with <code>execbox runner --listen HOST:PORT --token T</code>.
        Store the token as a secret and name it here.
      </p>
      <form
        className="network-fields"
        onSubmit={(event) => {
          event.preventDefault();
          choose(
            {
              kind: 'remote',
              url: url.trim(),
              ...(tokenSecret.trim() ? { tokenSecret: tokenSecret.trim() } : {}),
            },
            `Runs now go to the remote runner at ${url.trim()}`,
          );
        }}
      >
        <input
          aria-label="Remote runner URL"
          placeholder="ws://127.0.0.1:8787"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
        <input
          aria-label="Token secret"
          placeholder="token secret name, e.g. RUNNER_TOKEN"
          value={tokenSecret}
          onChange={(e) => setTokenSecret(e.target.value)}
        />
        <button type="submit">Use as executor</button>
      </form>
      {current && (
        <p className="muted" data-testid="remote-runner-current">
          In use: {current.url}
          {current.tokenSecret ? ` (token from ${current.tokenSecret})` : ''}
        </p>
      )}
    </section>
  );
}

/** "python3 'my runner.py'": the words of a runner command as a person would type them again. */
function commandLineOf(choice: CommandRunnerChoice): string {
  return [choice.command, ...(choice.args ?? [])].map(quoteCommandWord).join(' ');
}

/** A runner program of anyone's making (Python, Rust, …) that speaks the protocol on stdin/stdout. */
function RunnerCommandSection() {
  const choose = useChooseExecutor();
  const executor = usePlaygroundStore((s) => s.workspace?.runtime.executor);
  const current = executor?.kind === 'command' ? executor : undefined;
  const [commandLine, setCommandLine] = useState(current ? commandLineOf(current) : '');
  const [cwd, setCwd] = useState(current?.cwd ?? '');
  const [mode, setMode] = useState<CommandRunnerChoice['mode']>(current?.mode ?? 'pooled');
  const words = splitCommandLine(commandLine);
  const problem = commandLine.trim() && !words.ok ? words.reason : undefined;

  return (
    <section className="network-section" aria-label="Runner command">
      <h3>Runner command</h3>
      <p className="muted">
        Run guest code on a runner program that speaks the protocol as JSON lines on stdin/stdout, in any
        language (see <code>docs/protocol.md</code>). It starts without a shell, in the working folder
        (relative to the workspace&apos;s folder).
      </p>
      <form
        className="network-fields"
        onSubmit={(event) => {
          event.preventDefault();
          if (!words.ok) return;
          const choice: CommandRunnerChoice = {
            kind: 'command',
            command: words.command,
            ...(words.args.length ? { args: words.args } : {}),
            ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
            mode,
          };
          choose(choice, `Runs now go to the runner ${commandLineOf(choice)}`);
        }}
      >
        <input
          aria-label="Runner command line"
          placeholder="python3 runner.py"
          value={commandLine}
          onChange={(e) => setCommandLine(e.target.value)}
          aria-invalid={problem ? true : undefined}
          required
        />
        <input
          aria-label="Runner working folder"
          placeholder="working folder (the workspace's)"
          value={cwd}
          onChange={(e) => setCwd(e.target.value)}
        />
        <select
          aria-label="Runner mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as CommandRunnerChoice['mode'])}
        >
          <option value="pooled">pooled (kept warm)</option>
          <option value="ephemeral">fresh each run</option>
        </select>
        <button type="submit" disabled={!words.ok}>
          Use runner command
        </button>
      </form>
      {problem && (
        <p className="network-error" role="alert">
          {problem}
        </p>
      )}
      {current && (
        <p className="muted" data-testid="runner-command-current">
          In use: <code>{commandLineOf(current)}</code> in {current.cwd ?? "the workspace's folder"},{' '}
          {current.mode === 'pooled' ? 'pooled' : 'fresh each run'}
        </p>
      )}
    </section>
  );
}

/** The network tab: the app's own TPMJS executor, and the runner choices beside the built-in ones. */
export function NetworkPanel() {
  return (
    <div className="network-panel">
      <LocalExecutorSection />
      <RunnerCommandSection />
      <RemoteRunnerSection />
    </div>
  );
}
