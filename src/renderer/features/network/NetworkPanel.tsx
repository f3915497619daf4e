import { useState } from 'react';
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

function RemoteRunnerSection() {
  const api = useApi();
  const executor = usePlaygroundStore((s) => s.workspace?.runtime.executor);
  const notify = usePlaygroundStore((s) => s.notify);
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
          api.workspace
            .setRuntimeSettings({
              executor: {
                kind: 'remote',
                url: url.trim(),
                ...(tokenSecret.trim() ? { tokenSecret: tokenSecret.trim() } : {}),
              },
            })
            .then(() => notify('info', `Runs now go to the remote runner at ${url.trim()}`))
            .catch((error: unknown) => notify('error', describeError(error)));
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

/** The network tab: the app's own TPMJS executor, and the remote runner choice. */
export function NetworkPanel() {
  return (
    <div className="network-panel">
      <LocalExecutorSection />
      <RemoteRunnerSection />
    </div>
  );
}
