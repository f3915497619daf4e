import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { TRANSCRIPT_HTML_CSP } from '../../../shared/transcriptHtml';
import type { AccessGuard } from '../../system/createAccessGuard';
import { DOWNLOADS_PATH, type ServerReportDownloads } from './createReportDownloads';
import { writeToResponse } from './writeToResponse';

/** A report opened from this server's origin runs nothing and is an origin of its own. */
const REPORT_POLICY = `${TRANSCRIPT_HTML_CSP}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox`;

/** Who may fetch a download: this server's page (or the person typing the link), never another site. */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
) {
  response
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra })
    .end(message);
}

/**
 * GET /downloads/<ticket>: the report the page prepared with `debug.prepareHtmlDownload`, streamed
 * as it is made. The ticket is the only key (it is single use and short-lived), so the checks on
 * where the request comes from run before it is taken.
 */
export async function serveReportDownload(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  downloads: ServerReportDownloads,
  guard: AccessGuard,
  log: (line: string) => void,
): Promise<void> {
  if (request.method !== 'GET')
    return refuse(response, 405, 'a download is fetched with GET', { allow: 'GET' });
  const { origin } = request.headers;
  const site = request.headers['sec-fetch-site'];
  if (
    (origin !== undefined && !guard.originAllowed(origin)) ||
    (site !== undefined && !ALLOWED_FETCH_SITES.has(String(site)))
  )
    return refuse(response, 403, 'a download is fetched only by this server’s own page');
  const report = downloads.take(pathname.slice(DOWNLOADS_PATH.length));
  if (!report)
    return refuse(response, 404, 'no such download: the link was used already, expired or never issued');
  try {
    await writeToResponse(response, report.write, () =>
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-disposition': `attachment; filename="${report.fileName}"`,
        'content-security-policy': REPORT_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (response.headersSent) {
      // Cut short: the browser marks the download failed rather than keeping half a report.
      log(`a report download stopped: ${message}`);
      response.destroy();
    } else if (error instanceof InvalidArgumentError) {
      refuse(response, 410, `the report's transcript is not there any more: ${message}`);
    } else {
      log(`a report download failed: ${message}`);
      refuse(response, 500, 'the report could not be made');
    }
  }
}
