import type { AskConversation } from '../../../shared/api/ask';

/** The conversation's state in a few words, for its header. */
export function describeAskState(conversation: AskConversation): string {
  switch (conversation.state) {
    case 'running':
      return 'going on';
    case 'answered':
      return 'answered';
    case 'stopped':
      return 'stopped';
    case 'out_of_turns':
      return `out of turns (${conversation.maxTurns})`;
    case 'failed':
      return 'failed';
  }
}
