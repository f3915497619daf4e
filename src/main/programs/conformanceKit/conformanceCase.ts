import type { ConformanceCaseInfo, ConformanceCategory } from '../../../shared/api/network';
import type { CaseSession } from './createCaseSession';
import {
  PROTOCOL_SECTIONS,
  protocolSectionLink,
  type ProtocolSection,
} from '../../../shared/protocol/protocolSections';

/** The section of docs/protocol.md that states each category's rules, unless a case names its own. */
const CATEGORY_SECTIONS: Record<ConformanceCategory, ProtocolSection> = {
  lifecycle: PROTOCOL_SECTIONS.order,
  tools: PROTOCOL_SECTIONS.toolCalls,
  serialization: PROTOCOL_SECTIONS.values,
  logs: PROTOCOL_SECTIONS.logs,
  errors: PROTOCOL_SECTIONS.errors,
  cancel: PROTOCOL_SECTIONS.cancellation,
  correlation: PROTOCOL_SECTIONS.ids,
  session: PROTOCOL_SECTIONS.oneAtATime,
};

export interface ConformanceCase extends ConformanceCaseInfo {
  run(session: CaseSession): Promise<void>;
}

export function defineCase(
  category: ConformanceCategory,
  name: string,
  details: { title: string; rule: string; level?: 'must' | 'should'; section?: ProtocolSection },
  run: (session: CaseSession) => Promise<void>,
): ConformanceCase {
  return {
    id: `${category}/${name}`,
    category,
    level: details.level ?? 'must',
    title: details.title,
    rule: details.rule,
    section: protocolSectionLink(details.section ?? CATEGORY_SECTIONS[category]),
    run,
  };
}

/** How long the kit listens for stray messages after a `done`. */
export const SILENCE_MS = 300;
