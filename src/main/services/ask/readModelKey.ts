import type { ModelEndpoint } from '../../../shared/api/ask';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

/** The endpoint's key from the secret store, read just before use; none for an endpoint that names none. */
export async function readModelKey(
  endpoint: Pick<ModelEndpoint, 'name' | 'keySecret'>,
  readSecret: (name: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  if (!endpoint.keySecret) return undefined;
  const key = await readSecret(endpoint.keySecret);
  if (!key)
    throw new InvalidArgumentError(
      `model '${endpoint.name}' needs the secret '${endpoint.keySecret}', which is not in the secret store`,
    );
  return key;
}
