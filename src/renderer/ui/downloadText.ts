import { downloadLink } from './downloadLink';

/** Offers text as a file download (works in the browser and in Electron's renderer alike). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
