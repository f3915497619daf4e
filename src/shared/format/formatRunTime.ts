const pad = (n: number) => String(n).padStart(2, '0');

/**
 * When a run started or was saved, the one way every list says it: local time, sortable,
 * to the second ("2026-11-26 17:54:06"); an unreadable date is "–".
 */
export function formatRunTime(when: string | number | Date): string {
  const date = when instanceof Date ? when : new Date(when);
  if (Number.isNaN(date.getTime())) return '–';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
