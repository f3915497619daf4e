/** How long an authorization page may take before its answer is refused. */
const SIGN_IN_TTL_MS = 15 * 60_000;
const MAX_PENDING = 100;

interface PendingSignIn {
  providerName: string;
  expiresAt: number;
  /** Exchanges the code for tokens; rejects with the reason in words. */
  complete(code: string): Promise<void>;
  /** The authorization server sent an error instead of a code. */
  refused(reason: string): void;
}

export interface SignInOutcome {
  ok: boolean;
  /** Shown on the callback page, in words. */
  message: string;
}

/**
 * Sign-ins waiting for the browser to come back to the loopback callback, by OAuth `state` (random,
 * single use): only an answer to a sign-in this host started is taken.
 */
export class OAuthSignIns {
  private readonly pending = new Map<string, PendingSignIn>();

  constructor(private readonly now: () => number = Date.now) {}

  expect(state: string, signIn: Omit<PendingSignIn, 'expiresAt'>): void {
    for (const [key, entry] of this.pending) if (entry.expiresAt < this.now()) this.pending.delete(key);
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(state, { ...signIn, expiresAt: this.now() + SIGN_IN_TTL_MS });
  }

  /** The callback's query (`code` and `state`, or `error`): finishes the sign-in it belongs to. */
  async complete(query: URLSearchParams): Promise<SignInOutcome> {
    const state = query.get('state');
    const entry = state === null ? undefined : this.pending.get(state);
    if (!entry || entry.expiresAt < this.now())
      return {
        ok: false,
        message:
          'This sign-in is unknown or too old (or was finished already). Press "Sign in" in the playground again.',
      };
    this.pending.delete(state!);
    const error = query.get('error');
    if (error !== null) {
      const description = query.get('error_description');
      const reason = `the authorization server refused: ${error}${description ? ` (${description})` : ''}`;
      entry.refused(reason);
      return { ok: false, message: `Sign-in to ${entry.providerName} failed: ${reason}.` };
    }
    const code = query.get('code');
    if (!code)
      return {
        ok: false,
        message: `Sign-in to ${entry.providerName} failed: no authorization code came back.`,
      };
    try {
      await entry.complete(code);
      return {
        ok: true,
        message: `Signed in to ${entry.providerName}. You can close this tab and go back to the playground.`,
      };
    } catch (failure) {
      return {
        ok: false,
        message: `Sign-in to ${entry.providerName} failed: ${failure instanceof Error ? failure.message : String(failure)}.`,
      };
    }
  }
}

/** Where a person's sign-in goes: the loopback callback, the sign-ins waiting, and who opens the page. */
export interface McpOAuthContext {
  /** The app's own loopback callback, e.g. `http://127.0.0.1:5177/oauth/callback`. */
  redirectUrl(): string;
  signIns: OAuthSignIns;
  /** The desktop app opens the system browser; absent: the page opens the authorization URL itself. */
  openExternal?(url: string): Promise<void>;
}
