import type { FileWriter } from '../../system/writeFileAtomic';

/** A transcript's HTML report, checked and ready to be written as it is made. */
export interface HtmlReport {
  fileName: string;
  write: FileWriter;
}

/** What serves prepared reports over HTTP (browser mode's server): it answers the link to fetch one at. */
export interface ReportDownloads {
  /** The link to fetch `report` at, one `usable` accepts. */
  offer(report: HtmlReport, usable?: (link: string) => boolean): string;
}
