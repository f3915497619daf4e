/** A provider that cannot be resolved: bad namespace, tool definition or schema. */
export class ProviderResolutionError extends Error {
  override readonly name = 'ProviderResolutionError';
  constructor(
    message: string,
    readonly providerName: string,
    readonly toolName?: string,
  ) {
    super(message);
  }
}
