/** The token of an `Authorization: Bearer TOKEN` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
}
