export { formatBytes } from './formatBytes';
export { formatDuration, formatOffsetMs } from './formatDuration';
export { formatCount, plural } from './plural';
export { describeExecuteError } from './describeExecuteError';
export { describeRunOutcome, type RunOutcomeText } from './describeRunOutcome';
export { describeRunOrigin } from './describeRunOrigin';
export { describeRunListItem } from './describeRunListItem';
export { formatRunTime } from './formatRunTime';
export { fileNameStem } from './fileNameStem';
