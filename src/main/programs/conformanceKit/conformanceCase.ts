import type { ConformanceCaseInfo, ConformanceCategory } from '../../../shared/api/network';
import type { CaseSession } from './createCaseSession';

export interface ConformanceCase extends ConformanceCaseInfo {
  run(session: CaseSession): Promise<void>;
}

export function defineCase(
  category: ConformanceCategory,
  name: string,
  details: { title: string; rule: string; level?: 'must' | 'should' },
  run: (session: CaseSession) => Promise<void>,
): ConformanceCase {
  return {
    id: `${category}/${name}`,
    category,
    level: details.level ?? 'must',
    title: details.title,
    rule: details.rule,
    run,
  };
}

/** How long the kit listens for stray messages after a `done`. */
export const SILENCE_MS = 300;
