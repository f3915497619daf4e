/** The MCP server wants OAuth and there is no valid token: a person must sign in (the provider shows "Sign in"). */
export class SignInRequiredError extends Error {
  override readonly name = 'SignInRequiredError';
}

/** A step of OAuth sign-in failed; `step` names it (registration, token, …) and the message says why. */
export class OAuthStepError extends Error {
  override readonly name = 'OAuthStepError';
  constructor(
    readonly step: string,
    reason: string,
  ) {
    super(`${step} failed: ${reason}`);
  }
}
