import { useState } from 'react';
import type { ProviderStatus } from '../../../shared/api/providers';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

/**
 * "Sign in" for an HTTP MCP provider that asks for OAuth: the authorization page opens in a new tab
 * (the desktop app: the system browser) and the provider turns ready when the browser comes back.
 * "sign out" forgets its tokens.
 */
export function OAuthSignIn({ provider }: { provider: ProviderStatus }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState<string | null>(null);

  const signIn = async () => {
    setBusy(true);
    try {
      const start = await api.providers.signIn(provider.id);
      if ('authorizationUrl' in start) {
        setPage(start.authorizationUrl);
        if (!start.opened) window.open(start.authorizationUrl, '_blank', 'noopener,noreferrer');
      }
    } catch (error) {
      notify('error', `Could not sign in to ${provider.name}: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };
  const signOut = () =>
    void api.providers
      .signOut(provider.id)
      .catch((error: unknown) =>
        notify('error', `Could not sign out of ${provider.name}: ${describeError(error)}`),
      );

  if (provider.state === 'needs_sign_in')
    return (
      <div className="oauth-sign-in" role="group" aria-label={`Sign in to ${provider.name}`}>
        <button className="primary" disabled={busy} onClick={() => void signIn()}>
          {busy ? 'Opening the sign-in page…' : 'Sign in'}
        </button>
        {page && (
          <span className="muted" role="status">
            Waiting for you to sign in in the other tab ·{' '}
            <a href={page} target="_blank" rel="noopener noreferrer">
              open the sign-in page again
            </a>
          </span>
        )}
      </div>
    );
  if (provider.signedIn)
    return (
      <button className="link" onClick={signOut} title="Forget this server's OAuth tokens">
        sign out
      </button>
    );
  return null;
}
