import type { TypedProvider } from '../api/providers';

/**
 * The editor's words for a provider whose namespace is not declared because it is not ready,
 * in place of TypeScript's "Cannot find name"; undefined for a ready one.
 */
export function notTypedWords(provider: TypedProvider): string | undefined {
  const name = `provider \`${provider.name}\``;
  switch (provider.state) {
    case 'connecting':
      return `${name} is connecting: its tools are typed once it is ready`;
    case 'awaiting_trust':
      return `${name} waits for you to allow it: its tools are typed once it is ready`;
    case 'needs_sign_in':
      return `${name} waits for you to sign in: its tools are typed once it is ready`;
    case 'error':
      return `${name} failed: ${provider.error ?? 'no reason given'}`;
    case 'ready':
      return undefined;
  }
}
