import type { SecretDestinations } from './createSecretDestinations';
import type { SecretStore } from './SecretStore';

/**
 * A store whose values go out only to destinations the secret is bound to (`getFor`), and whose
 * bindings are cleared when a person enters a new value.
 */
export function bindSecretDestinations(
  store: SecretStore,
  destinations: SecretDestinations,
): SecretStore & Required<Pick<SecretStore, 'getFor'>> {
  return {
    list: () => store.list(),
    get: (name) => store.get(name),
    async getFor(name, destination) {
      const value = await store.get(name);
      if (value === undefined) return undefined;
      await destinations.authorize(name, destination);
      return value;
    },
    async set(name, value) {
      await store.set(name, value);
      await destinations.forget(name);
    },
    async delete(name) {
      await store.delete(name);
      await destinations.forget(name);
    },
  };
}
