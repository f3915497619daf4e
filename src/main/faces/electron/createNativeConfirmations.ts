import type { BrowserWindow, Dialog } from 'electron';
import type { TrustRequest } from '../../../shared/api/workspace';
import type { SecretUse } from '../../secrets/createSecretDestinations';

/** The app's confirmations: native dialogs the renderer can neither draw nor answer. */
export function createNativeConfirmations(
  dialog: Pick<Dialog, 'showMessageBox'>,
  window: () => BrowserWindow | undefined,
) {
  const ask = async (message: string, detail: string, allow: string): Promise<boolean> => {
    const options = {
      type: 'question' as const,
      buttons: [allow, 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message,
      detail,
    };
    const parent = window();
    const answer = parent
      ? await dialog.showMessageBox(parent, options)
      : await dialog.showMessageBox(options);
    return answer.response === 0;
  };
  return {
    confirmTrust: (request: TrustRequest) =>
      ask(
        `Allow provider '${request.providerName}' to ${request.kind === 'command' ? `run ${request.what}` : request.what}?`,
        'It runs on this computer with your permissions.',
        'Allow',
      ),
    confirmSecretUse: (use: SecretUse) =>
      ask(
        `Send secret ${use.name} to ${use.destination}?`,
        use.known.length > 0
          ? `Until now it was sent only to ${use.known.join(', ')}.`
          : 'This is the first place it would be sent.',
        'Send',
      ),
    confirmReveal: (name: string, where: string) =>
      ask(`Show the value of secret ${name} in ${where}?`, 'It stays on screen until you hide it.', 'Show'),
  };
}
