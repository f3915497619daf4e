import { useEffect, useState } from 'react';
import type { ProviderConfig, ProviderStatus } from '../../../shared/api/providers';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { ProviderConsoleView } from './console/ProviderConsoleView';
import { McpResourcesView } from './resources/McpResourcesView';
import { McpTrafficView } from './traffic/McpTrafficView';
import { useTrafficFocus } from '../../state/trafficFocus';
import { useProviderViews } from '../../state/providerViews';
import { ProviderEditor } from './ProviderEditor';
import { SecretsDialog } from './SecretsDialog';
import { ImportServersDialog } from './ImportServersDialog';
import { OAuthSignIn } from './OAuthSignIn';
import { ToolApprovalToggles } from './ToolApprovalToggles';
import { ToolList } from './tryTool/ToolList';
import { plural } from '../../../shared/format';

const STATE_WORDS: Record<ProviderStatus['state'], string> = {
  connecting: 'connecting…',
  ready: 'ready',
  error: 'error',
  awaiting_trust: 'waiting for your OK',
  needs_sign_in: 'needs sign-in',
};

/** A link that shows or hides one part of a provider ("tools" / "hide tools"). */
function ShowHide(props: { label: string; shown: boolean; onToggle(): void }) {
  return (
    <button className="link" aria-expanded={props.shown} onClick={props.onToggle}>
      {props.shown ? `hide ${props.label}` : props.label}
    </button>
  );
}

/** The providers with their status, typings and actions. */
export function ProvidersPane() {
  const api = useApi();
  const providers = usePlaygroundStore((s) => s.providers);
  const notify = usePlaygroundStore((s) => s.notify);
  const [editing, setEditing] = useState<ProviderConfig | 'new' | null>(null);
  const [secretsOpen, setSecretsOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [showTypes, setShowTypes] = useState<string | null>(null);
  const [showTools, setShowTools] = useState<string | null>(null);
  // Kept outside the pane: switching side tabs does not collapse them.
  const openViews = useProviderViews((s) => s.open);
  const toggleView = useProviderViews((s) => s.toggle);
  const [approvalsOpen, setApprovalsOpen] = useState<ReadonlySet<string>>(new Set());
  const setApprovalsShown = (id: string, open: boolean) =>
    setApprovalsOpen((shown) => {
      if (shown.has(id) === open) return shown;
      const next = new Set(shown);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  // A jump from the transcript to a raw request opens that server's traffic.
  useEffect(
    () =>
      useTrafficFocus.subscribe((state) => {
        const target = usePlaygroundStore
          .getState()
          .providers.find((p) => p.name === state.request?.providerName);
        if (target) useProviderViews.getState().toggle('traffic', target.id, true);
      }),
    [],
  );
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const act = (what: string, action: () => Promise<unknown>) =>
    action().catch((error: unknown) => notify('error', `Could not ${what}: ${describeError(error)}`));

  return (
    <section className="providers" aria-label="Providers">
      <div className="section-head">
        <h2>Providers</h2>
        <button onClick={() => setSecretsOpen(true)}>Secrets</button>
        <button className="primary" onClick={() => setEditing('new')}>
          + Add provider
        </button>
      </div>
      {providers.length === 0 && (
        <p className="muted">No providers yet. Add a mock provider to try tools without any network.</p>
      )}
      <ul className="provider-list">
        {providers.map((p) => (
          <li key={p.id} className={`provider state-${p.state}`} data-testid="provider">
            <div className="provider-head">
              <span className={`status-dot ${p.state}`} aria-hidden />
              <strong className="provider-name">{p.name}</strong>
              <span className="badge">{p.kind}</span>
              <span className="muted">
                {STATE_WORDS[p.state]}
                {p.state === 'ready' && ` · ${plural(p.toolCount, 'tool')}`}
              </span>
            </div>
            {p.error && <div className="provider-error">{p.error}</div>}
            {p.kind === 'mcp' && p.state === 'needs_sign_in' && <OAuthSignIn provider={p} />}
            <div className="row-actions visible">
              <ShowHide
                label="tools"
                shown={showTools === p.id}
                onToggle={() => setShowTools(showTools === p.id ? null : p.id)}
              />
              <ShowHide
                label="typings"
                shown={showTypes === p.id}
                onToggle={() => setShowTypes(showTypes === p.id ? null : p.id)}
              />
              {p.kind === 'mcp' && (
                <>
                  <ShowHide
                    label="console"
                    shown={openViews.console === p.id}
                    onToggle={() => toggleView('console', p.id)}
                  />
                  <ShowHide
                    label="traffic"
                    shown={openViews.traffic === p.id}
                    onToggle={() => toggleView('traffic', p.id)}
                  />
                  <ShowHide
                    label="resources & prompts"
                    shown={openViews.resources === p.id}
                    onToggle={() => toggleView('resources', p.id)}
                  />
                </>
              )}
              {p.kind === 'mcp' && p.state !== 'needs_sign_in' && <OAuthSignIn provider={p} />}
              <button className="link" onClick={() => setEditing(p.config)}>
                edit
              </button>
              <button
                className="link"
                onClick={() => void act('reconnect', () => api.providers.refresh(p.id))}
              >
                reconnect
              </button>
              {confirmRemove === p.id ? (
                <span className="confirm">
                  Remove?
                  <button
                    className="danger"
                    onClick={() => void act('remove the provider', () => api.providers.remove(p.id))}
                  >
                    Yes
                  </button>
                  <button onClick={() => setConfirmRemove(null)}>No</button>
                </span>
              ) : (
                <button className="link danger" onClick={() => setConfirmRemove(p.id)}>
                  remove
                </button>
              )}
            </div>
            {p.tools.length > 0 && (
              <ToolApprovalToggles
                provider={p}
                open={approvalsOpen.has(p.id)}
                onToggle={(open) => setApprovalsShown(p.id, open)}
              />
            )}
            {showTools === p.id && <ToolList provider={p} />}
            {openViews.console === p.id && <ProviderConsoleView provider={p} />}
            {openViews.traffic === p.id && <McpTrafficView provider={p} />}
            {openViews.resources === p.id && <McpResourcesView provider={p} />}
            {showTypes === p.id && (
              <pre className="typings">{p.types || '// no typings (the provider is not ready)'}</pre>
            )}
          </li>
        ))}
      </ul>
      {editing && (
        <ProviderEditor
          existing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onImport={() => {
            setEditing(null);
            setImporting(true);
          }}
        />
      )}
      {importing && <ImportServersDialog onClose={() => setImporting(false)} />}
      {secretsOpen && <SecretsDialog onClose={() => setSecretsOpen(false)} />}
    </section>
  );
}
