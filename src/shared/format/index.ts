export { formatBytes } from './formatBytes';
export { formatDuration, formatOffsetMs } from './formatDuration';
export { formatCount, plural } from './plural';
export { describeRunOutcome, type RunOutcomeText } from './describeRunOutcome';
