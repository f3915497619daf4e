import { randomUUID } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ProvidersApi, ProvidersEvent, TypedProviders } from '../../../shared/api/providers';
import type { CommandRunnerChoice } from '../../../shared/api/runs';
import type {
  RuntimeSettings,
  TrustRequest,
  WorkspaceApi,
  WorkspaceEvent,
} from '../../../shared/api/workspace';
import { WORKSPACE_FORMAT_VERSION, type WorkspaceFile } from '../../../shared/workspaceFormat';
import type { ResolvedToolProvider } from '../../engine/core/types';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { ServerRequestBroker } from '../../providers/mcp/ServerRequestBroker';
import { ManualCallBroker } from '../../providers/mock/ManualCallBroker';
import type { SecretStore } from '../../secrets/SecretStore';
import { createFileTrustStore, type TrustStore } from './createTrustStore';
import { createProvidersApi } from './createProvidersApi';
import { createWorkspaceApi, type WorkspaceControl } from './createWorkspaceApi';
import { createDemoWorkspace } from './demoWorkspace';
import { createSnippetHistory } from './createSnippetHistory';
import { createWorkspaceState } from './createWorkspaceState';
import { loadWorkspaceFile } from './loadWorkspaceFile';
import { WorkspaceSession } from './WorkspaceSession';
import { trustRequirement } from './trustRequirement';
import { writeFileAtomic } from '../../system/writeFileAtomic';
import { copyWorkspaceTo } from './copyWorkspaceTo';
import { exportWorkspaceBundle } from './exportWorkspaceBundle';
import { unpackWorkspaceBundle } from './unpackWorkspaceBundle';
import type { McpOAuthContext } from '../../providers/mcp/OAuthSignIns';

export interface WorkspaceHostOptions {
  /** The user's config folder (see resolveConfigDir): trust answers, last workspace, the demo copy. */
  configDir: string;
  /** Open this file; a broken or missing file is an error. Without it: the last workspace, else the demo. */
  workspacePath?: string;
  secretStore: SecretStore;
  trustStore?: TrustStore;
  /**
   * Allow every command, module and handler the workspace would run, without asking (CLI `--trust`);
   * a function is asked each time (`execbox mcp` trusts what it opened, not later edits).
   */
  trustAll?: boolean | (() => boolean);
  /** Remember the open workspace for the next start (the app: yes; a one-off CLI run: no). */
  rememberLastWorkspace?: boolean;
  /**
   * The app's native confirmation (e.g. Electron's dialog.showMessageBox), which a compromised
   * renderer cannot answer: then allowing a command, module or handler always goes through it.
   * Without it (browser mode, tests) the renderer's answer decides.
   */
  confirmTrust?: (request: TrustRequest) => Promise<boolean>;
  /** The app's confirmation before a secret's value is shown in a view. */
  confirmReveal?: (name: string, where: string) => Promise<boolean>;
  /**
   * Whether a person can answer an MCP server's elicitation or sampling request, or a manual mock
   * tool's call, now (the app's window, a browser tab). Absent: nobody can (CLI, `execbox mcp`), so
   * requests no workspace rule answers are declined and manual calls fail at once.
   */
  personPresent?: () => boolean;
  /**
   * Sees each document just before it opens, the very one read (it throws to refuse): `execbox mcp`
   * refuses an edit that would do more than was trusted, with no gap between its check and the open.
   */
  admit?(file: string, doc: WorkspaceFile): void;
  /** Where OAuth sign-in comes back to (the face's loopback callback); absent: nobody can sign in. */
  oauth?: McpOAuthContext;
}

export type WorkspaceHostEvent = WorkspaceEvent | ProvidersEvent;

export interface WorkspaceHost {
  workspace: WorkspaceApi;
  providers: ProvidersApi;
  /** The providers for a run: waits for loads in progress and retries failed ones. */
  resolvedProviders(): Promise<ResolvedToolProvider[]>;
  runtimeSettings(): RuntimeSettings;
  /** The runner command as it may start now, or a refusal saying why (see WorkspaceSession.admitRunner). */
  admitRunner(choice: CommandRunnerChoice): Promise<CommandRunnerChoice>;
  /** The open workspace's file and folder (saved transcripts go beside it). */
  workspaceFile(): string;
  /** The open workspace's name for a snippet id (a run is listed by it). */
  snippetName(id: string): string | undefined;
  onEvent(listener: (event: WorkspaceHostEvent) => void): () => void;
  dispose(): Promise<void>;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The workspace layer of the trusted host: the open workspace file, its providers, secrets and
 * trust answers, behind the WorkspaceApi and ProvidersApi the renderer calls.
 */
export async function createWorkspaceHost(options: WorkspaceHostOptions): Promise<WorkspaceHost> {
  const { configDir, secretStore } = options;
  // First, before anything (the demo's folder, a cache) can create it with the umask's mode.
  await ensurePrivateDir(configDir);
  const trust = options.trustStore ?? createFileTrustStore(configDir);
  const state = createWorkspaceState(configDir);
  const history = createSnippetHistory(configDir);
  const listeners = new Set<(event: WorkspaceHostEvent) => void>();
  const emit = (event: WorkspaceHostEvent) => {
    for (const listener of listeners) listener(event);
  };
  const manual = new ManualCallBroker(emit, {
    ...(options.personPresent ? { personPresent: options.personPresent } : {}),
  });
  const serverRequests = new ServerRequestBroker(emit, options.personPresent);
  // Grows with every typings change of any session, so the newest typings win on every page.
  let typingsVersion = 0;
  const typingsChanged = (workspacePath: string, typings: TypedProviders) =>
    emit({ channel: 'providers', type: 'typings', workspacePath, version: ++typingsVersion, ...typings });
  const deps = {
    secrets: secretStore,
    trust,
    manual,
    serverRequests,
    get trustAll() {
      const trustAll = options.trustAll;
      return typeof trustAll === 'function' ? trustAll() : (trustAll ?? false);
    },
    emit,
    typingsChanged,
    ...(options.confirmTrust ? { confirmTrust: options.confirmTrust } : {}),
    ...(options.oauth ? { oauth: options.oauth } : {}),
  };

  let current: WorkspaceSession | undefined;
  let switching: Promise<unknown> = Promise.resolve();

  const rememberLast = async (file: string) => {
    if (options.rememberLastWorkspace === false) return;
    await state.remember(file);
  };

  /** Replaces the open session; the old one closes only after the new one started. */
  const switchTo = async (next: WorkspaceSession) => {
    const previous = current;
    current = next;
    manual.cancelAll('the workspace was closed');
    serverRequests.cancelAll('the workspace was closed');
    await previous?.close();
    await rememberLast(next.file);
    await next.announce();
    emit({ channel: 'providers', type: 'changed', providers: next.registry.statuses() });
    typingsChanged(next.file, next.registry.typings());
  };

  const admitted = (file: string, doc: WorkspaceFile): WorkspaceFile => {
    options.admit?.(file, doc);
    return doc;
  };

  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = switching.then(task, task);
    switching = next.catch(() => undefined);
    return next;
  };

  const writeNew = async (file: string, doc: WorkspaceFile) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, JSON.stringify(doc, null, 2) + '\n');
  };

  /** A fresh demo copy; the app wrote it, so what it runs needs no question. */
  const openDemo = async (file: string, warnings: string[], name?: string) => {
    await writeNew(file, { ...createDemoWorkspace(), ...(name ? { name } : {}) });
    const session = await WorkspaceSession.start(
      file,
      await loadWorkspaceFile(file),
      { ...deps, trustAll: true },
      warnings,
    );
    await session.trustEverything();
    return session;
  };

  const freeDemoPath = async () => {
    const folder = path.join(configDir, 'workspaces');
    for (let n = 1; ; n += 1) {
      const file = path.join(folder, n === 1 ? 'demo.execbox.json' : `demo-${n}.execbox.json`);
      if (!(await exists(file))) return file;
    }
  };

  const initial = async (): Promise<WorkspaceSession> => {
    if (options.workspacePath) {
      const file = path.resolve(options.workspacePath);
      return WorkspaceSession.start(file, admitted(file, await loadWorkspaceFile(file)), deps);
    }
    const warnings: string[] = [];
    const last = await state.last();
    if (last) {
      try {
        return await WorkspaceSession.start(last, await loadWorkspaceFile(last), deps);
      } catch (error) {
        warnings.push(
          `the last workspace could not be opened, so the demo opened instead: ${describe(error)}`,
        );
      }
    }
    return openDemo(await freeDemoPath(), warnings);
  };

  /** What the user allowed for the open file stays allowed for its copy; open questions stay open. */
  const carryTrust = async (session: WorkspaceSession, file: string) => {
    for (const config of session.document.providers) {
      const before = trustRequirement(config, session.baseDir);
      const after = trustRequirement(config, path.dirname(file));
      if (!before || !after) continue;
      if ((await trust.decision(session.file, before.fingerprint)) === 'allow') {
        await trust.record(file, after.fingerprint, 'allow');
      }
    }
  };

  const control: WorkspaceControl = {
    session: () => {
      if (!current) throw new Error('the workspace host was disposed');
      return current;
    },
    typingsVersion: () => typingsVersion,
    secrets: secretStore,
    state,
    history: (file) => history.forWorkspace(file),
    ...(options.confirmReveal ? { confirmReveal: options.confirmReveal } : {}),
    open: (file) =>
      serialized(async () => {
        const doc = admitted(file, await loadWorkspaceFile(file));
        await switchTo(await WorkspaceSession.start(file, doc, deps));
      }),
    saveCopy: (file, overwrite) =>
      serialized(async () => {
        const session = control.session();
        const { warnings } = await copyWorkspaceTo(session.document, session.baseDir, file, { overwrite });
        await carryTrust(session, file);
        return warnings;
      }),
    exportBundle: (file, overwrite) =>
      serialized(async () => {
        const session = control.session();
        return exportWorkspaceBundle(session.document, session.baseDir, file, secretStore, { overwrite });
      }),
    openBundle: (bundle, file, overwrite) =>
      serialized(async () => {
        await unpackWorkspaceBundle(bundle, file, { overwrite });
        // A bundle comes from someone else: its commands, modules and handlers ask as any shared workspace's do.
        await switchTo(await WorkspaceSession.start(file, await loadWorkspaceFile(file), deps));
      }),
    saveAs: (file, overwrite) =>
      serialized(async () => {
        const session = control.session();
        const { doc, warnings } = await copyWorkspaceTo(session.document, session.baseDir, file, {
          overwrite,
        });
        await carryTrust(session, file);
        await switchTo(await WorkspaceSession.start(file, doc, deps, warnings));
      }),
    createFromDemo: (file) =>
      serialized(async () => {
        if (await exists(file)) throw new Error(`${file} exists already; choose another name`);
        // Named after its file: two workspaces made from the demo must not both be called the demo.
        await switchTo(await openDemo(file, [], path.basename(file, '.execbox.json')));
      }),
    createEmpty: (file, name) =>
      serialized(async () => {
        if (await exists(file)) throw new Error(`${file} exists already; choose another name`);
        const snippet = { id: randomUUID(), name: 'main', code: '' };
        await writeNew(file, {
          formatVersion: WORKSPACE_FORMAT_VERSION,
          name,
          providers: [],
          snippets: [snippet],
          activeSnippetId: snippet.id,
        });
        await switchTo(await WorkspaceSession.start(file, await loadWorkspaceFile(file), deps));
      }),
  };

  await switchTo(await initial());
  const closing = new AbortController();

  return {
    workspace: createWorkspaceApi(control),
    providers: createProvidersApi(control, manual, closing.signal, serverRequests),
    resolvedProviders: () => control.session().registry.resolvedProviders(),
    runtimeSettings: () => control.session().runtimeSettings(),
    admitRunner: (choice) => control.session().admitRunner(choice),
    workspaceFile: () => control.session().file,
    snippetName: (id) => control.session().snippetName(id),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      manual.cancelAll('the playground is closing');
      serverRequests.cancelAll('the playground is closing');
      closing.abort();
      const session = current;
      current = undefined;
      await session?.close();
      listeners.clear();
    },
  };
}
