import type { TranscriptEntry } from '../transcript';
import type { MessageDirection } from './messages';

/** A rule of the protocol reference or the runner specification that one side broke. */
export type ProtocolRule =
  | 'unknown_type'
  | 'wrong_direction'
  | 'malformed'
  | 'over_size_cap'
  | 'execute_while_active'
  | 'started_without_execute'
  | 'started_id_mismatch'
  | 'started_twice'
  | 'tool_call_before_started'
  | 'tool_call_outside_execution'
  | 'duplicate_call_id'
  | 'tool_result_unknown_call'
  | 'tool_result_twice'
  | 'done_without_execute'
  | 'done_before_started'
  | 'done_id_mismatch'
  | 'done_twice'
  | 'cancel_unknown_id'
  | 'ended_without_done';

export interface ProtocolFinding {
  /** The transcript entry it was seen at. */
  seq: number;
  /** Who broke the rule. */
  side: 'host' | 'runner';
  rule: ProtocolRule;
  /** `must`: a MUST of the reference or specification; `should`: a SHOULD. */
  level: 'must' | 'should';
  message: string;
}

export interface ProtocolChecker {
  /** The findings this entry adds (none for a well-behaved session). */
  observe(entry: TranscriptEntry): ProtocolFinding[];
  /** The findings the end of the session adds: an execution still without its `done`. */
  finish(seq: number): ProtocolFinding[];
}

interface Execution {
  id: string;
  started: boolean;
  /** Each call and whether the host has answered it. */
  calls: Map<string, boolean>;
}

const PROBLEM_RULES = {
  unknown_type: 'unknown_type',
  wrong_direction: 'wrong_direction',
  too_large: 'over_size_cap',
  too_deep: 'malformed',
  not_json: 'malformed',
  invalid: 'malformed',
} as const satisfies Record<string, ProtocolRule>;

const sideOf = (direction: MessageDirection) => (direction === 'host_to_runner' ? 'host' : 'runner');

/**
 * Follows one session's transcript and reports where the host or the runner broke the protocol.
 * Executions may follow one another on one session (this project's runner serves them in turn);
 * a `tool_result` for a call that `done` overtook is a race, not a finding.
 */
export function createProtocolChecker(): ProtocolChecker {
  let active: Execution | undefined;
  let finished: Execution | undefined;
  const executed = new Set<string>();

  return {
    observe(entry) {
      const findings: ProtocolFinding[] = [];
      const find = (
        side: ProtocolFinding['side'],
        rule: ProtocolRule,
        message: string,
        level: ProtocolFinding['level'] = 'must',
      ) => findings.push({ seq: entry.seq, side, rule, level, message });

      if (entry.kind === 'event') {
        const event = entry.event;
        if (event.type === 'malformed_message')
          find(sideOf(event.direction), PROBLEM_RULES[event.problem ?? 'invalid'], event.reason);
        return findings;
      }
      const message = entry.message;
      switch (message.type) {
        case 'execute':
          if (active)
            find(
              'host',
              'execute_while_active',
              `execute ${q(message.id)} while ${q(active.id)} is still running`,
            );
          else active = { id: message.id, started: false, calls: new Map() };
          executed.add(message.id);
          break;
        case 'cancel':
          if (!executed.has(message.id))
            find('host', 'cancel_unknown_id', `cancel for ${q(message.id)}, which no execute started`);
          break;
        case 'started':
          if (!active)
            find('runner', 'started_without_execute', `started ${q(message.id)} with no execution running`);
          else if (message.id !== active.id)
            find(
              'runner',
              'started_id_mismatch',
              `started ${q(message.id)}, but the execution is ${q(active.id)}`,
            );
          else if (active.started)
            find('runner', 'started_twice', `a second started for ${q(message.id)}`, 'should');
          else active.started = true;
          break;
        case 'tool_call':
          if (!active)
            find(
              'runner',
              'tool_call_outside_execution',
              `tool_call ${q(message.callId)} with no execution running`,
            );
          else if (active.calls.has(message.callId))
            find('runner', 'duplicate_call_id', `a second tool_call with callId ${q(message.callId)}`);
          else {
            if (!active.started)
              find(
                'runner',
                'tool_call_before_started',
                `tool_call ${q(message.callId)} before started`,
                'should',
              );
            active.calls.set(message.callId, false);
          }
          break;
        case 'tool_result': {
          const answered = active?.calls.get(message.callId);
          if (answered === false) active!.calls.set(message.callId, true);
          else if (answered === true)
            find('host', 'tool_result_twice', `a second tool_result for call ${q(message.callId)}`);
          else if (finished?.calls.get(message.callId) !== false)
            find(
              'host',
              'tool_result_unknown_call',
              `tool_result for ${q(message.callId)}, which no tool_call asked for`,
            );
          break;
        }
        case 'done':
          if (!active) {
            if (finished?.id === message.id)
              find('runner', 'done_twice', `a second done for ${q(message.id)}`);
            else find('runner', 'done_without_execute', `done ${q(message.id)} with no execution running`);
          } else if (message.id !== active.id)
            find('runner', 'done_id_mismatch', `done ${q(message.id)}, but the execution is ${q(active.id)}`);
          else {
            if (!active.started)
              find('runner', 'done_before_started', `done ${q(message.id)} before started`, 'should');
            finished = active;
            active = undefined;
          }
          break;
      }
      return findings;
    },
    finish(seq) {
      if (!active) return [];
      const { id } = active;
      active = undefined;
      return [
        {
          seq,
          side: 'runner',
          rule: 'ended_without_done',
          level: 'should',
          message: `the session ended before execution ${q(id)} got its done`,
        },
      ];
    },
  };
}

function q(text: string): string {
  return JSON.stringify(text);
}
