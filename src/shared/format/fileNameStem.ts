/** A name made safe as a file name on any file system (and in a header): letters, digits, `_`, `-` and `.`. */
export function fileNameStem(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || fallback
  );
}
