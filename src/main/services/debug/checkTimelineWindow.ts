import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TimelineWindow } from '../../../shared/summarizeTimeline';

const MAX_WIDTH = 10_000;

/** A timeline window from the page, checked: a clear error names the field that is wrong. */
export function checkTimelineWindow(raw: unknown): TimelineWindow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new InvalidArgumentError('the timeline window must be an object such as { width: 800 }');
  const { from, to, width, ...rest } = raw as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined)
    throw new InvalidArgumentError(
      `the timeline window has an unknown field "${unknownKey}" (it takes from, to and width)`,
    );
  if (!Number.isSafeInteger(width) || (width as number) < 1 || (width as number) > MAX_WIDTH)
    throw new InvalidArgumentError(
      `the timeline window's width must be a whole number from 1 to ${MAX_WIDTH}`,
    );
  const time = (value: unknown, name: string) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new InvalidArgumentError(`the timeline window's ${name} must be a number of ms`);
    return value;
  };
  const start = time(from, 'from');
  const end = time(to, 'to');
  if (start !== undefined && end !== undefined && end <= start)
    throw new InvalidArgumentError("the timeline window's to must be after its from");
  return {
    width: width as number,
    ...(start !== undefined ? { from: start } : {}),
    ...(end !== undefined ? { to: end } : {}),
  };
}
