import { UNTYPED_OUTPUT_NOTE } from '../../engine/core/generateProviderTypes';

/** What an untyped tool's declaration tells an agent, which cannot click anything in the app. */
export const UNTYPED_OUTPUT_NOTE_FOR_AGENTS =
  'Returns: untyped (the tool declares no output schema). Return or log one result first to learn its shape.';

/** Declarations written for the app's editor, with the advice meant for a person there put for an agent. */
export function typingsForAgent(typings: string): string {
  return typings.replaceAll(UNTYPED_OUTPUT_NOTE, UNTYPED_OUTPUT_NOTE_FOR_AGENTS);
}
