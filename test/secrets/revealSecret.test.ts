import { afterEach, describe, expect, it } from 'vitest';
import { createNativeConfirmations } from '../../src/main/faces/electron/createNativeConfirmations';
import { startRendererView, type RendererView } from './hostHarness';

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

describe('revealing a secret in one view (issue 13.4)', () => {
  it('answers the value unmasked only to revealSecret, after the host-side confirmation', async () => {
    const asked: string[] = [];
    let allow = false;
    view = await startRendererView(
      () => [],
      { SHOWN: 'shown-secret-value' },
      {
        confirmReveal: async (name, where) => (asked.push(`${name} in ${where}`), allow),
      },
    );
    const refused = await view.callRaw('workspace', 'revealSecret', 'SHOWN', 'the result');
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('you did not allow it') },
    });
    allow = true;
    expect(await view.call('workspace', 'revealSecret', 'SHOWN', 'the result')).toBe('shown-secret-value');
    expect(asked).toEqual(['SHOWN in the result', 'SHOWN in the result']);
    // Every other answer stays masked, even one that would echo the value.
    const { result } = await view.run('return "shown-secret-value"');
    expect(JSON.stringify(result)).not.toContain('shown-secret-value');
    for (const bad of [
      ['__proto__', 'x'],
      ['SHOWN', 5],
      ['no such', 'x'],
    ])
      expect(await view.callRaw('workspace', 'revealSecret', ...bad)).toMatchObject({ ok: false });
  });
});

describe('the app’s native confirmations', () => {
  it('ask with the provider, the destination or the view named, and allow only on the first button', async () => {
    const messages: string[] = [];
    let response = 1;
    const confirmations = createNativeConfirmations(
      {
        showMessageBox: (async (...args: unknown[]) => {
          const options = args[args.length - 1] as { message: string };
          messages.push(options.message);
          return { response, checkboxChecked: false };
        }) as never,
      },
      () => undefined,
    );
    expect(
      await confirmations.confirmSecretUse({
        name: 'K',
        destination: 'TPMJS executor at http://x',
        known: [],
      }),
    ).toBe(false);
    response = 0;
    expect(await confirmations.confirmReveal('K', 'the result')).toBe(true);
    expect(
      await confirmations.confirmTrust({
        id: '1',
        providerId: 'p',
        providerName: 'gh',
        kind: 'command',
        what: 'node s.js',
      }),
    ).toBe(true);
    expect(messages).toEqual([
      'Send secret K to TPMJS executor at http://x?',
      'Show the value of secret K in the result?',
      "Allow provider 'gh' to run node s.js?",
    ]);
  });
});
