import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaygroundApi, PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { ProviderStatus, TypingsState } from '../../src/shared/api/providers';
import type { WorkspaceView } from '../../src/shared/api/workspace';
import { unpackEventsFrame } from '../../src/shared/rpc/unpackEventsFrame';
import { KEPT_WORKSPACE_TYPINGS } from '../../src/shared/view/newestTypings';
import { notTypedWords } from '../../src/shared/view/notTypedWords';
import { followHostConnection } from '../../src/renderer/state/followHostConnection';
import { loadInitialState } from '../../src/renderer/state/loadInitialState';
import { shownTypings } from '../../src/renderer/state/shownTypings';
import { usePlaygroundStore } from '../../src/renderer/state/store';

const A = '/w/a.execbox.json';
const B = '/w/b.execbox.json';

const view = (path: string) =>
  ({ path, name: path, snippets: [], activeSnippetId: null }) as unknown as WorkspaceView;
const typings = (workspacePath: string, version: number, names: string[], late?: string): TypingsState => ({
  workspacePath,
  version,
  declarations: names.map((name) => `declare namespace ${name} {}`).join('\n\n'),
  providers: [
    ...names.map((name) => ({ name, state: 'ready' as const })),
    ...(late ? [{ name: late, state: 'connecting' as const }] : []),
  ],
});
const opened = (path: string): PlaygroundEvent => ({
  channel: 'workspace',
  type: 'changed',
  workspace: view(path),
});
const typed = (state: TypingsState): PlaygroundEvent => ({ channel: 'providers', type: 'typings', ...state });
const listed = (names: string[]): PlaygroundEvent => ({
  channel: 'providers',
  type: 'changed',
  providers: names.map((name) => ({ id: name, name, state: 'ready' }) as ProviderStatus),
});

/** Packs values as an events frame does: each object as its shape's index, then its values by position. */
function packInto(shapes: string[][], value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return [-1, ...value.map((item) => packInto(shapes, item))];
  const keys = Object.keys(value);
  shapes.push(keys);
  const index = shapes.length - 1;
  return [index, ...keys.map((key) => packInto(shapes, (value as Record<string, unknown>)[key]))];
}

/** The events as one packed frame reaches the page: unpacked and applied in the order they came. */
function deliverInOneFrame(events: PlaygroundEvent[]): void {
  const shapes: string[][] = [];
  const frame = JSON.parse(
    JSON.stringify({ type: 'events', shapes, events: events.map((e) => packInto(shapes, e)) }),
  );
  for (const event of unpackEventsFrame(frame)) usePlaygroundStore.getState().applyEvent(event);
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const shown = () => shownTypings(usePlaygroundStore.getState());

beforeEach(() => {
  usePlaygroundStore.setState({ workspace: view(B), typings: {}, providers: [] });
});

describe("the editor's typings are the newest of the workspace the page shows", () => {
  it('a switch back to a workspace, its providers and typings in one frame in any order', () => {
    const events = [
      opened(A),
      listed(['m', 'everything']),
      typed(typings(A, 12, ['m', 'everything', 'files'])),
    ];
    for (const order of permutations(events)) {
      usePlaygroundStore.setState({ workspace: view(B), typings: { [B]: typings(B, 9, ['other']) } });
      deliverInOneFrame(order);
      expect(shown()?.workspacePath).toBe(A);
      expect(shown()?.declarations).toContain('files');
    }
  });

  it('typings of a workspace that opens after them are kept until it opens, never shown under another', () => {
    deliverInOneFrame([typed(typings(A, 5, ['alpha']))]);
    expect(shown()).toBeUndefined();
    deliverInOneFrame([typed(typings(B, 6, ['beta']))]);
    expect(shown()?.declarations).toContain('beta');
    deliverInOneFrame([opened(A)]);
    expect(shown()?.declarations).toContain('alpha');
    expect(shown()?.declarations).not.toContain('beta');
  });

  it("another workspace's newer version never hides this workspace's only complete typings", () => {
    usePlaygroundStore.setState({ workspace: view(A) });
    deliverInOneFrame([typed(typings(A, 3, ['m', 'everything', 'files', 'everything2']))]);
    deliverInOneFrame([typed(typings(B, 40, ['other']))]);
    expect(shown()).toMatchObject({ workspacePath: A, version: 3 });
    expect(shown()?.declarations).toContain('everything2');
  });

  it('within a workspace an older event or answer never replaces newer typings; a newer one always does', () => {
    usePlaygroundStore.setState({ workspace: view(A) });
    deliverInOneFrame([typed(typings(A, 7, ['m', 'late'])), typed(typings(A, 6, ['m']))]);
    expect(shown()?.declarations).toContain('late');
    deliverInOneFrame([typed(typings(A, 8, ['m']))]);
    expect(shown()?.declarations).not.toContain('late');
  });

  it('a provider that is not ready is named with its state, so the editor can say why', () => {
    usePlaygroundStore.setState({ workspace: view(A) });
    deliverInOneFrame([typed(typings(A, 2, ['m'], 'late'))]);
    const late = shown()!.providers.find((p) => p.name === 'late')!;
    expect(notTypedWords(late)).toBe('provider `late` is connecting: its tools are typed once it is ready');
    expect(notTypedWords({ name: 'x', state: 'error', error: 'spawn nope ENOENT' })).toBe(
      'provider `x` failed: spawn nope ENOENT',
    );
    expect(notTypedWords({ name: 'x', state: 'ready' })).toBeUndefined();
  });

  it('keeps a bounded number of workspaces, dropping the oldest typings first', () => {
    for (let i = 0; i < KEPT_WORKSPACE_TYPINGS + 3; i++)
      deliverInOneFrame([typed(typings(`/w/${i}.json`, i + 1, ['p']))]);
    const kept = Object.keys(usePlaygroundStore.getState().typings);
    expect(kept).toHaveLength(KEPT_WORKSPACE_TYPINGS);
    expect(kept).not.toContain('/w/0.json');
    expect(kept).toContain(`/w/${KEPT_WORKSPACE_TYPINGS + 2}.json`);
  });
});

/** A host whose answers the test gives, one by one. */
function fakeHost() {
  const answers = new Map<string, (value: unknown) => void>();
  const ask = (name: string) => () => new Promise((resolve) => answers.set(name, resolve));
  const none = () => Promise.resolve([]);
  const api = {
    workspace: { get: ask('workspace') },
    providers: {
      typings: ask('typings'),
      list: ask('list'),
      pendingManualCalls: ask('manual'),
      pendingServerRequests: ask('serverRequests'),
    },
    runs: { list: ask('runs') },
    debug: { listBreakpoints: none, pausedCalls: none, listTranscripts: none },
    onEvent: () => () => undefined,
  } as unknown as PlaygroundApi;
  const answer = (name: string, value: unknown) => answers.get(name)!(value);
  const answerTheRest = () => {
    for (const name of ['list', 'manual', 'serverRequests', 'runs']) answer(name, []);
  };
  return { api, answer, answerTheRest };
}

describe('answers to the first load and to a reconnect', () => {
  it('a late typings answer never replaces newer typings that came as an event meanwhile', async () => {
    usePlaygroundStore.setState({ workspace: null, typings: {} });
    const host = fakeHost();
    const loading = loadInitialState(host.api);
    host.answer('workspace', view(A));
    deliverInOneFrame([typed(typings(A, 9, ['m', 'late']))]);
    host.answer('typings', typings(A, 8, ['m']));
    host.answerTheRest();
    await loading;
    expect(shown()).toMatchObject({ version: 9 });
    expect(shown()?.declarations).toContain('late');
  });

  it('a typings answer that comes before the workspace answer is kept for that workspace', async () => {
    usePlaygroundStore.setState({ workspace: null, typings: {} });
    const host = fakeHost();
    const loading = loadInitialState(host.api);
    host.answer('typings', typings(A, 4, ['m', 'files']));
    await Promise.resolve();
    host.answer('workspace', view(A));
    host.answerTheRest();
    await loading;
    expect(shown()?.declarations).toContain('files');
  });

  it('after a restart the new host counts again from 1: its typings replace the higher-numbered old ones', async () => {
    usePlaygroundStore.setState({ workspace: view(A), typings: { [A]: typings(A, 50, ['m', 'gone']) } });
    const host = fakeHost();
    const reconnecting = followHostConnection(host.api, 'open');
    // Until the new host answers, the page keeps what it had rather than showing nothing.
    expect(shown()?.declarations).toContain('gone');
    host.answer('workspace', view(A));
    host.answer('typings', typings(A, 2, ['m']));
    host.answerTheRest();
    await reconnecting;
    expect(shown()).toMatchObject({ version: 2 });
    expect(shown()?.declarations).not.toContain('gone');
  });
});
