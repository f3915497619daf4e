import type { TranscriptEntry } from '../transcript';

const MAX_LINE = 220;

const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/**
 * One transcript entry as a line of text: time, direction arrow (→ host to runner, ← runner to host,
 * · host event) and the message, with an execute's providers shortened to their tool names.
 */
export function formatTranscriptLine(entry: TranscriptEntry): string {
  const time = `+${entry.at.toFixed(1)}ms`.padStart(10);
  if (entry.kind === 'event') {
    const { type, ...details } = entry.event;
    return clip(`${time} · ${type} ${JSON.stringify(details)}`);
  }
  const arrow = entry.direction === 'host_to_runner' ? '→' : '←';
  const message =
    entry.message.type === 'execute'
      ? {
          ...entry.message,
          providers: entry.message.providers.map((p) => `${p.name}{${Object.keys(p.tools).join(',')}}`),
        }
      : entry.message;
  return clip(`${time} ${arrow} ${JSON.stringify(message)}`);
}
