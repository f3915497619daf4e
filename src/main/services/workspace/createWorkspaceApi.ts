import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { RuntimeSettingsPatch, SnippetView, WorkspaceApi } from '../../../shared/api/workspace';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { WriteConflictError } from '../../../shared/rpc/writeConflictError';
import { textRevision } from '../../../shared/textRevision';
import { WORKSPACE_BUNDLE_SUFFIX } from '../../../shared/workspaceBundle';
import {
  WORKSPACE_FILE_SUFFIX,
  type WorkspaceSnippet,
  type WorkspaceTranscriptRef,
} from '../../../shared/workspaceFormat';
import { assertSecretName, type SecretStore } from '../../secrets/SecretStore';
import { secretNamesIn } from '../../secrets/expandSecretRefs';
import { rejectUnknownKeys, requireBoolean, requireRecord, requireString } from './checkArgument';
import { createSnippetHistoryApi, type SnippetHistoryMethods } from './createSnippetHistoryApi';
import type { SnippetHistory } from './createSnippetHistory';
import type { WorkspaceState } from './createWorkspaceState';
import type { WorkspaceSession } from './WorkspaceSession';

/** What the API needs from the host: the open session and switching to another file. */
export interface WorkspaceControl {
  session(): WorkspaceSession;
  /** The version of the latest typings announced (see TypingsState). */
  typingsVersion(): number;
  open(file: string): Promise<void>;
  saveAs(file: string, overwrite: boolean): Promise<void>;
  saveCopy(file: string, overwrite: boolean): Promise<string[]>;
  exportBundle(file: string, overwrite: boolean): Promise<{ secrets: string[]; warnings: string[] }>;
  openBundle(bundle: string, file: string, overwrite: boolean): Promise<void>;
  createFromDemo(file: string): Promise<void>;
  createEmpty(file: string, name: string): Promise<void>;
  /** The snippet history of a workspace file. */
  history(file: string): SnippetHistory;
  /** The recent workspaces (the app's `state.json`). */
  state: WorkspaceState;
  secrets: SecretStore;
  /** The app's confirmation before a secret's value is shown (the renderer cannot answer it). */
  confirmReveal?: (name: string, where: string) => Promise<boolean>;
}

function workspacePath(value: unknown, name: string): string {
  const file = path.resolve(requireString(value, name, { max: 4096 }));
  if (!file.endsWith(WORKSPACE_FILE_SUFFIX)) {
    throw new InvalidArgumentError(`${name} must name a *${WORKSPACE_FILE_SUFFIX} file (got ${file})`);
  }
  return file;
}

/** `my-project.execbox.json` → `my-project`: a new workspace's name. */
function nameFromFile(file: string): string {
  return path.basename(file).slice(0, -WORKSPACE_FILE_SUFFIX.length).slice(0, 200) || 'workspace';
}

function expectedCodeRevision(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const fields = requireRecord(value, 'expected');
  rejectUnknownKeys(fields, ['codeRevision'], 'expected');
  return requireString(fields.codeRevision, 'expected.codeRevision', { max: 64 });
}

function overwriteOption(value: unknown): boolean {
  if (value === undefined) return false;
  const fields = requireRecord(value, 'options');
  rejectUnknownKeys(fields, ['overwrite'], 'options');
  return fields.overwrite === undefined ? false : requireBoolean(fields.overwrite, 'options.overwrite');
}

function requireSecretName(value: unknown): string {
  try {
    assertSecretName(value);
    return value;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** The renderer-facing workspace API: every argument is checked before anything changes. */
export function createWorkspaceApi(control: WorkspaceControl): WorkspaceApi {
  const session = () => control.session();
  const snippetIndex = (id: unknown) => {
    const key = requireString(id, 'id');
    const index = session().document.snippets.findIndex((s) => s.id === key);
    if (index < 0) throw new InvalidArgumentError(`no snippet has id '${key}'`);
    return index;
  };
  const history = () => control.history(session().file);
  const api: Omit<WorkspaceApi, keyof SnippetHistoryMethods> = {
    get: () => session().view(),
    async open(file) {
      await control.open(path.resolve(requireString(file, 'path', { max: 4096 })));
      return session().view();
    },
    async saveAs(file, options) {
      await control.saveAs(workspacePath(file, 'path'), overwriteOption(options));
      return session().view();
    },
    async saveCopy(file, options) {
      const target = workspacePath(file, 'path');
      return { path: target, warnings: await control.saveCopy(target, overwriteOption(options)) };
    },
    async exportBundle(file, options) {
      const target = path.resolve(requireString(file, 'path', { max: 4096 }));
      if (!target.endsWith(WORKSPACE_BUNDLE_SUFFIX)) {
        throw new InvalidArgumentError(`path must name a *${WORKSPACE_BUNDLE_SUFFIX} file (got ${target})`);
      }
      return { path: target, ...(await control.exportBundle(target, overwriteOption(options))) };
    },
    async openBundle(bundle, file, options) {
      const source = path.resolve(requireString(bundle, 'bundlePath', { max: 4096 }));
      await control.openBundle(source, workspacePath(file, 'workspacePath'), overwriteOption(options));
      return session().view();
    },
    async createFromDemo(file) {
      await control.createFromDemo(workspacePath(file, 'path'));
      return session().view();
    },
    async createEmpty(file, name) {
      const target = workspacePath(file, 'path');
      const value = name === undefined ? nameFromFile(target) : requireString(name, 'name', { max: 200 });
      await control.createEmpty(target, value);
      return session().view();
    },
    recent: () => control.state.recent(),
    async forgetRecent(file) {
      await control.state.forget(path.resolve(requireString(file, 'path', { max: 4096 })));
    },
    async rename(name) {
      const value = requireString(name, 'name', { max: 200 });
      await session().mutate((doc) => {
        doc.name = value;
      });
    },
    async setColor(color) {
      if (color !== null && (typeof color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(color)))
        throw new InvalidArgumentError('color must be #rrggbb (six hex digits) or null');
      await session().mutate((doc) => {
        if (color === null) delete doc.color;
        else doc.color = color.toLowerCase();
      });
    },
    async createSnippet(name, code = '') {
      const snippet = {
        id: randomUUID(),
        name: requireString(name, 'name', { max: 200 }),
        code: requireString(code, 'code', { allowEmpty: true }),
      };
      await session().mutate((doc) => {
        doc.snippets.push(snippet);
      });
      await history().record(snippet);
      return { ...snippet, revision: textRevision(snippet.code) } satisfies SnippetView;
    },
    async updateSnippet(id, patch, expected) {
      const index = snippetIndex(id);
      const fields = requireRecord(patch, 'patch');
      rejectUnknownKeys(fields, ['name', 'code'], 'patch');
      const expectedRevision = expectedCodeRevision(expected);
      const name =
        fields.name === undefined ? undefined : requireString(fields.name, 'patch.name', { max: 200 });
      const code =
        fields.code === undefined
          ? undefined
          : requireString(fields.code, 'patch.code', { allowEmpty: true });
      let revision = '';
      let saved: WorkspaceSnippet | undefined;
      let before: WorkspaceSnippet | undefined;
      await session().mutate((doc) => {
        const snippet = doc.snippets[index];
        if (!snippet) return;
        if (expectedRevision !== undefined && textRevision(snippet.code) !== expectedRevision) {
          throw new WriteConflictError(
            `"${snippet.name}" was changed in another tab, window or program since this one last saw it; nothing was saved.`,
          );
        }
        before = { ...snippet };
        if (name !== undefined) snippet.name = name;
        if (code !== undefined) snippet.code = code;
        revision = textRevision(snippet.code);
        saved = { ...snippet };
      });
      if (saved && code !== undefined) await history().record(saved, before);
      return { revision };
    },
    async deleteSnippet(id) {
      const index = snippetIndex(id);
      let deleted: WorkspaceSnippet | undefined;
      await session().mutate((doc) => {
        const [removed] = doc.snippets.splice(index, 1);
        deleted = removed;
        if (removed && doc.activeSnippetId === removed.id) doc.activeSnippetId = doc.snippets[0]?.id ?? null;
      });
      if (deleted) await history().deleted(deleted);
    },
    async setActiveSnippet(id) {
      const index = snippetIndex(id);
      await session().mutate((doc) => {
        doc.activeSnippetId = doc.snippets[index]?.id ?? null;
      });
    },
    async setRuntimeSettings(settings) {
      const fields = requireRecord(settings, 'settings');
      rejectUnknownKeys(fields, ['limits', 'executor'], 'settings');
      const patch = fields as RuntimeSettingsPatch;
      if (patch.limits !== undefined) requireRecord(patch.limits, 'settings.limits');
      if (patch.executor !== undefined) requireRecord(patch.executor, 'settings.executor');
      // The schema check in mutate() reports bad values with their path.
      await session().mutate((doc) => {
        doc.runtime = {
          ...doc.runtime,
          ...(patch.limits ? { limits: { ...doc.runtime?.limits, ...patch.limits } } : {}),
          ...(patch.executor ? { executor: patch.executor } : {}),
        };
      });
      if (patch.executor?.kind === 'command') await session().runnerChosenByUser();
    },
    answerTrust: (requestId, allow) =>
      session().answerTrust(requireString(requestId, 'requestId'), requireBoolean(allow, 'allow')),
    async addTranscript(ref) {
      const fields = requireRecord(ref, 'ref');
      rejectUnknownKeys(fields, ['name', 'file', 'savedAt', 'origin', 'outcome'], 'ref');
      const current = session();
      const file = path.resolve(current.baseDir, requireString(fields.file, 'ref.file', { max: 4096 }));
      const relative = path.relative(current.baseDir, file);
      const entry: WorkspaceTranscriptRef = {
        id: randomUUID(),
        name: requireString(fields.name, 'ref.name', { max: 200 }),
        // Inside the workspace folder the reference stays relative, so the folder can move.
        file: relative.startsWith('..') || path.isAbsolute(relative) ? file : relative,
        savedAt:
          fields.savedAt === undefined
            ? new Date().toISOString()
            : requireString(fields.savedAt, 'ref.savedAt'),
        // Checked with the whole document against the workspace schema when it is saved.
        ...(fields.origin === undefined ? {} : { origin: fields.origin as WorkspaceTranscriptRef['origin'] }),
        ...(fields.outcome === undefined
          ? {}
          : { outcome: fields.outcome as WorkspaceTranscriptRef['outcome'] }),
      };
      await current.mutate((doc) => {
        doc.transcripts = [...(doc.transcripts ?? []), entry];
      });
      return { ...entry, file };
    },
    async removeTranscript(id) {
      const key = requireString(id, 'id');
      const current = session();
      if (!(current.document.transcripts ?? []).some((t) => t.id === key)) {
        throw new InvalidArgumentError(`no transcript has id '${key}'`);
      }
      await current.mutate((doc) => {
        doc.transcripts = (doc.transcripts ?? []).filter((t) => t.id !== key);
      });
    },
    listSecrets: () => control.secrets.list(),
    async setSecret(name, value) {
      const key = requireSecretName(name);
      await control.secrets.set(key, requireString(value, 'value', { allowEmpty: true, max: 100_000 }));
      await refreshUsersOf(session(), key);
    },
    async deleteSecret(name) {
      const key = requireSecretName(name);
      await control.secrets.delete(key);
      await refreshUsersOf(session(), key);
    },
    async revealSecret(name, where) {
      const key = requireSecretName(name);
      const view = requireString(where, 'where', { max: 200 });
      if (control.confirmReveal && !(await control.confirmReveal(key, view)))
        throw new InvalidArgumentError(`the value of secret ${key} was not shown: you did not allow it`);
      const value = await control.secrets.get(key);
      if (value === undefined)
        throw new InvalidArgumentError(`secret ${key} has no value in the secret store`);
      return value;
    },
  };
  const snippetId = (id: unknown) => session().document.snippets[snippetIndex(id)]!.id;
  return { ...api, ...createSnippetHistoryApi(control, snippetId, api.updateSnippet) };
}

/** Providers that reference a secret reconnect (in the background) when its value changes. */
async function refreshUsersOf(session: WorkspaceSession, secret: string): Promise<void> {
  for (const provider of session.document.providers) {
    if (secretNamesIn(provider).includes(secret))
      void session.registry.refresh(provider.id).catch(() => undefined);
  }
  await session.announce();
}
