import { describe, expect, it } from 'vitest';
import { takesOverPanes } from '../../src/shared/view/takesOverPanes';

describe('which runs take over the panes', () => {
  it("an agent's or a tap's run does not take over the panes; the person's and a replay do", () => {
    expect(takesOverPanes(undefined)).toBe(true);
    expect(takesOverPanes({ kind: 'replay', against: 'live' })).toBe(true);
    expect(takesOverPanes({ kind: 'agent', clientName: 'x' })).toBe(false);
    expect(takesOverPanes({ kind: 'tap', clientName: 'x' })).toBe(true);
  });
});
