import type { Breakpoint, BreakpointSpec } from '../../../shared/api/debug';
import type { ToolCallMessage } from '../../../shared/protocol/messages';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { checkBreakpointSpec } from './checkBreakpointSpec';
import { matchCondition } from './matchCondition';
import type { Condition } from './parseCondition';

export interface BreakpointStore {
  list(): Breakpoint[];
  add(spec: unknown): Breakpoint;
  update(id: unknown, patch: unknown): Breakpoint;
  remove(id: unknown): void;
  /** The first enabled breakpoint the call hits, if any. */
  findHit(call: ToolCallMessage): Breakpoint | undefined;
}

interface StoredBreakpoint {
  breakpoint: Breakpoint;
  condition?: Condition;
}

/** Breakpoints of the session, in the order they were added; `onChange` gets the new list. */
export function createBreakpointStore(
  onChange: (breakpoints: Breakpoint[]) => void = () => {},
): BreakpointStore {
  const stored: StoredBreakpoint[] = [];
  let nextId = 1;
  const list = () => stored.map((entry) => ({ ...entry.breakpoint }));
  const changed = () => onChange(list());

  function indexOf(id: unknown): number {
    if (typeof id !== 'string') throw new InvalidArgumentError('breakpoint id must be a string');
    const index = stored.findIndex((entry) => entry.breakpoint.id === id);
    if (index < 0) throw new InvalidArgumentError(`no breakpoint with id ${JSON.stringify(id)}`);
    return index;
  }

  function build(id: string, spec: BreakpointSpec, condition: Condition | undefined): StoredBreakpoint {
    const breakpoint: Breakpoint = { id, enabled: spec.enabled ?? true };
    if (spec.providerName) breakpoint.providerName = spec.providerName;
    if (spec.toolName) breakpoint.toolName = spec.toolName;
    if (spec.condition) breakpoint.condition = spec.condition;
    return condition ? { breakpoint, condition } : { breakpoint };
  }

  return {
    list,
    add(value) {
      const checked = checkBreakpointSpec(value);
      const entry = build(`bp-${nextId++}`, checked.spec, checked.condition);
      stored.push(entry);
      changed();
      return { ...entry.breakpoint };
    },
    update(id, patch) {
      const index = indexOf(id);
      const current = stored[index]!.breakpoint;
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
        throw new InvalidArgumentError('a breakpoint patch must be an object');
      const merged: Record<string, unknown> = {
        providerName: current.providerName,
        toolName: current.toolName,
        condition: current.condition,
        enabled: current.enabled,
        ...patch,
      };
      const checked = checkBreakpointSpec(merged);
      stored[index] = build(current.id, checked.spec, checked.condition);
      changed();
      return { ...stored[index]!.breakpoint };
    },
    remove(id) {
      stored.splice(indexOf(id), 1);
      changed();
    },
    findHit(call) {
      const hit = stored.find(({ breakpoint, condition }) => {
        if (!breakpoint.enabled) return false;
        if (breakpoint.providerName !== undefined && breakpoint.providerName !== call.providerName)
          return false;
        if (breakpoint.toolName !== undefined && breakpoint.toolName !== call.safeToolName) return false;
        return condition ? matchCondition(condition, call.input) : true;
      });
      return hit ? { ...hit.breakpoint } : undefined;
    },
  };
}
