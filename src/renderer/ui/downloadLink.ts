/** Saves what a link points at as a file, through an <a download> click: the page itself stays put. */
export function downloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
}
