/** Where secret values live, outside any workspace file. Names are visible to the UI; values never. */
export interface SecretStore {
  list(): Promise<string[]>;
  get(name: string): Promise<string | undefined>;
  /**
   * The value, to be sent to `destination` (a provider's command, URL or executor). A store that
   * binds secrets to destinations refuses a new one unless the host confirms it (issue 10.9).
   */
  getFor?(name: string, destination: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/** Secret names as written in `${secret:NAME}`: letters, digits and underscores, not starting with a digit. */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertSecretName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !SECRET_NAME_PATTERN.test(name)) {
    throw new Error(
      `secret name ${JSON.stringify(name)} is invalid: use letters, digits and underscores, not starting with a digit`,
    );
  }
}
