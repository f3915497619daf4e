import type { HtmlReport, ReportDownloads } from '../../services/debug/reportDownloads';
import { createTicketBox } from '../../system/createTicketBox';

/** Where the page fetches a prepared report: this, then its ticket. */
export const DOWNLOADS_PATH = '/downloads/';

const TICKET_LIFETIME_MS = 60_000;
/** Reports prepared and not fetched yet, at most (each holds only its source and options). */
const MAX_WAITING = 32;

export interface ServerReportDownloads extends ReportDownloads {
  /** The report a ticket was issued for, once: undefined when it is unknown, used or expired. */
  take(ticket: string): HtmlReport | undefined;
}

/** One server's prepared reports, each behind a single-use ticket that expires within a minute. */
export function createReportDownloads(now?: () => number): ServerReportDownloads {
  const tickets = createTicketBox<HtmlReport>({
    lifetimeMs: TICKET_LIFETIME_MS,
    maxHeld: MAX_WAITING,
    ...(now ? { now } : {}),
  });
  return {
    offer: (report, usable = () => true) =>
      `${DOWNLOADS_PATH}${tickets.issue(report, (ticket) => usable(`${DOWNLOADS_PATH}${ticket}`))}`,
    take: (ticket) => tickets.take(ticket),
  };
}
