export { formatBytes } from './formatBytes';
export { formatDuration, formatOffsetMs } from './formatDuration';
export { formatCount, plural } from './plural';
export { describeExecuteError } from './describeExecuteError';
export { describeRunOutcome, type RunOutcomeText } from './describeRunOutcome';
