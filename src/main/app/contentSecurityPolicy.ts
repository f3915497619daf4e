/**
 * The renderer's CSP, the same in Electron and browser mode: only our own scripts; Monaco's
 * workers from our origin or blob: URLs; inline styles because Monaco injects them at runtime.
 */
export function contentSecurityPolicy(connectSources: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "img-src 'self' data:",
    'media-src data:', // MCP audio content, played inline
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
