/** A TPMJS executor's base URL without its trailing slashes, as requests are built on it. */
export function tpmjsBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** Where a secret in a TPMJS provider's API key or env goes: its executor. */
export function tpmjsDestination(baseUrl: string): string {
  return `TPMJS executor at ${tpmjsBaseUrl(baseUrl)}`;
}
