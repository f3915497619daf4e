import { encodeMessage } from '../../../shared/protocol/encodeMessage';
import type { AppTap } from './connectAppTap';
import type { TapSession } from './createTapSession';
import type { HoldPolicy } from './HoldPolicy';

/**
 * Lets the app's debugger hold a runner's tool_call or a host's tool_result before it is forwarded.
 * What a person decided is noted in the tap's own transcript (the app's run records it itself).
 */
export function appHoldPolicy(app: AppTap, session: TapSession): HoldPolicy {
  return (direction, message, bytes) => {
    const held =
      (message.type === 'tool_call' && direction === 'runner_to_host') ||
      (message.type === 'tool_result' && direction === 'host_to_runner');
    if (!held) return undefined;
    const startedAt = performance.now();
    return app.hold({ direction, message }).then((decision) => {
      if (decision.action === 'forward') return bytes;
      const pausedMs = Math.round((performance.now() - startedAt) * 100) / 100;
      const action = decision.action === 'drop' ? 'drop' : 'edit_message';
      session.note({ type: 'breakpoint_resumed', callId: message.callId, action, pausedMs });
      if (decision.action === 'drop') return null;
      session.note(
        decision.message.type === 'tool_call'
          ? {
              type: 'input_edited',
              callId: message.callId,
              ...(decision.message.input !== undefined ? { input: decision.message.input } : {}),
            }
          : { type: 'result_edited', callId: message.callId },
      );
      return Buffer.from(encodeMessage(decision.message));
    });
  };
}
