import { describe, expect, it } from 'vitest';
import type { WorkspaceView } from '../../src/shared/api/workspace';
import { newerTypings } from '../../src/shared/view/newerTypings';
import { takesOverPanes } from '../../src/shared/view/takesOverPanes';

const open = (path: string) => ({ path }) as WorkspaceView;

describe("the page's typings are the newest of the workspace it shows", () => {
  it('an older answer never replaces newer typings', () => {
    const state = { typingsVersion: 7, workspace: open('/a.execbox.json') };
    expect(
      newerTypings(state, { workspacePath: '/a.execbox.json', version: 5, declarations: 'old' }),
    ).toEqual({});
    expect(
      newerTypings(state, { workspacePath: '/a.execbox.json', version: 8, declarations: 'new' }),
    ).toEqual({
      declarations: 'new',
      typingsVersion: 8,
    });
  });

  it("another workspace's typings are not shown under this one", () => {
    const state = { typingsVersion: 1, workspace: open('/a.execbox.json') };
    expect(newerTypings(state, { workspacePath: '/b.execbox.json', version: 9, declarations: 'b' })).toEqual(
      {},
    );
  });

  it("an agent's or a tap's run does not take over the panes; the person's and a replay do", () => {
    expect(takesOverPanes(undefined)).toBe(true);
    expect(takesOverPanes({ kind: 'replay', against: 'live' })).toBe(true);
    expect(takesOverPanes({ kind: 'agent', clientName: 'x' })).toBe(false);
    expect(takesOverPanes({ kind: 'tap', clientName: 'x' })).toBe(true);
  });
});
