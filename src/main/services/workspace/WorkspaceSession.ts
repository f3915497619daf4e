import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderConfig, ProvidersEvent, TypedProviders } from '../../../shared/api/providers';
import type { CommandRunnerChoice, ExecutorChoice } from '../../../shared/api/runs';
import {
  RUNNER_TRUST_ID,
  type RuntimeSettings,
  type TrustRequest,
  type WorkspaceEvent,
  type WorkspaceView,
} from '../../../shared/api/workspace';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { DEFAULT_RUNTIME_OPTIONS } from '../../../shared/runtimeOptions';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import type { ServerRequestBroker } from '../../providers/mcp/ServerRequestBroker';
import type { McpOAuthContext } from '../../providers/mcp/OAuthSignIns';
import type { ManualCallBroker } from '../../providers/mock/ManualCallBroker';
import { ProviderRegistry } from '../../providers/ProviderRegistry';
import { secretNamesIn } from '../../secrets/expandSecretRefs';
import { plainCredentialWarnings } from '../../secrets/plainCredentialWarnings';
import type { SecretStore } from '../../secrets/SecretStore';
import type { TrustStore } from './createTrustStore';
import {
  moduleFingerprint,
  runnerCommandFolder,
  runnerTrustRequirement,
  trustRequirement,
  type TrustRequirement,
} from './trustRequirement';
import { validateWorkspaceDocument } from './validateWorkspaceDocument';
import { readTextIfExists } from '../../system/readTextIfExists';
import { writeFileAtomic } from '../../system/writeFileAtomic';
import { textRevision } from '../../../shared/textRevision';

// The default: a pooled runner process (utility process in the app, child process in Node).
export const DEFAULT_EXECUTOR: ExecutorChoice = { kind: 'process', mode: 'pooled' };

export interface WorkspaceSessionDeps {
  secrets: SecretStore;
  trust: TrustStore;
  manual: ManualCallBroker;
  /** MCP servers' elicitation and sampling requests go to a person through it; absent: declined. */
  serverRequests?: ServerRequestBroker;
  /** Where OAuth sign-in comes back to; absent: stored tokens are used, but nobody can sign in. */
  oauth?: McpOAuthContext;
  /** Allow everything the workspace would run without asking (CLI `--trust`). */
  trustAll: boolean;
  /**
   * A confirmation the renderer cannot forge (the app: a native dialog). When present, every
   * "allow" (an answered trust question, a provider added or edited through the API) needs it.
   */
  confirmTrust?: (request: TrustRequest) => Promise<boolean>;
  emit(event: WorkspaceEvent | Exclude<ProvidersEvent, { type: 'typings' }>): void;
  /** A session's declarations changed; the host versions them (see TypingsState). */
  typingsChanged(workspacePath: string, typings: TypedProviders): void;
}

interface PendingTrust {
  request: TrustRequest;
  requirement: TrustRequirement;
}

/** One open workspace file: its document, its live providers and the trust questions it raised. */
export class WorkspaceSession {
  readonly registry: ProviderRegistry;
  private readonly pendingTrust = new Map<string, PendingTrust>();
  private saving: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The file's text as last loaded or written here; anything else on disk was edited outside. */
  private knownText: string | undefined;
  /** The last save went to the conflict copy because the file was edited outside. */
  private divergedFromFile = false;

  private constructor(
    readonly file: string,
    private doc: WorkspaceFile,
    private readonly deps: WorkspaceSessionDeps,
    readonly warnings: string[],
  ) {
    this.registry = new ProviderRegistry({
      secrets: deps.secrets,
      manual: deps.manual,
      ...(deps.serverRequests ? { serverRequests: deps.serverRequests } : {}),
      ...(deps.oauth ? { oauth: deps.oauth } : {}),
      baseDir: path.dirname(file),
      emit: (event) => {
        if (!this.closed) deps.emit(event);
      },
      typingsChanged: (typings) => {
        if (!this.closed) deps.typingsChanged(this.file, typings);
      },
      moduleContentTrusted: (config, digest) => this.moduleContentTrusted(config, digest),
    });
  }

  /** Starts every provider the user trusts; the others wait in `pendingTrust`. Spawns nothing else. */
  static async start(file: string, doc: WorkspaceFile, deps: WorkspaceSessionDeps, warnings: string[] = []) {
    const session = new WorkspaceSession(path.resolve(file), doc, deps, warnings);
    session.knownText = await readTextIfExists(session.file);
    await session.registry.batch(async () => {
      for (const config of doc.providers) await session.startProvider(config, false);
      session.registry.setOrder(doc.providers.map((p) => p.id));
    });
    await session.askAboutRunner();
    return session;
  }

  get document(): WorkspaceFile {
    return this.doc;
  }

  get baseDir(): string {
    return path.dirname(this.file);
  }

  runtimeSettings(): RuntimeSettings {
    return {
      limits: { ...DEFAULT_RUNTIME_OPTIONS, ...this.doc.runtime?.limits },
      executor: this.doc.runtime?.executor ?? DEFAULT_EXECUTOR,
    };
  }

  /** The name of the snippet with this id, while the workspace has it. */
  snippetName(id: string): string | undefined {
    return this.doc.snippets.find((snippet) => snippet.id === id)?.name;
  }

  async view(): Promise<WorkspaceView> {
    const referenced = secretNamesIn(this.doc.providers);
    const known = new Set(await this.deps.secrets.list());
    return {
      path: this.file,
      name: this.doc.name,
      ...(this.doc.color ? { color: this.doc.color } : {}),
      formatVersion: this.doc.formatVersion,
      snippets: this.doc.snippets.map((s) => ({ ...s, revision: textRevision(s.code) })),
      activeSnippetId: this.doc.activeSnippetId ?? null,
      runtime: this.runtimeSettings(),
      pendingTrust: [...this.pendingTrust.values()].map((p) => p.request),
      transcripts: (this.doc.transcripts ?? []).map((t) => ({
        ...t,
        file: path.resolve(this.baseDir, t.file),
      })),
      missingSecrets: referenced.filter((name) => !known.has(name)),
      warnings: [...this.warnings, ...plainCredentialWarnings(this.doc.providers)],
      savedToFile: !this.divergedFromFile,
    };
  }

  /**
   * Applies a change to a copy, validates the whole document, then saves it atomically and
   * announces it. An invalid change throws and leaves document and file untouched.
   */
  async mutate(change: (draft: WorkspaceFile) => void): Promise<void> {
    const draft = structuredClone(this.doc);
    change(draft);
    const problems = validateWorkspaceDocument(draft);
    if (problems.length > 0) {
      throw new InvalidArgumentError(problems.map((p) => `${p.jsonPath}: ${p.message}`).join('; '));
    }
    this.doc = draft;
    await this.save();
    await this.announce();
  }

  /**
   * Writes the document atomically. When the file was changed outside the playground since it was
   * loaded, that edit is kept: this change goes to a conflict copy beside it, and a warning says so.
   */
  async save(): Promise<void> {
    const text = JSON.stringify(this.doc, null, 2) + '\n';
    const write = async () => {
      const onDisk = await readTextIfExists(this.file);
      if (onDisk !== undefined && this.knownText !== undefined && onDisk !== this.knownText) {
        const copy = conflictCopyPath(this.file);
        // The copy holds the same document, so it is no more readable than the file.
        await writeFileAtomic(copy, text, (await stat(this.file)).mode & 0o777);
        const warning = `${this.file} was changed outside the playground, so it was left as it is; the playground's latest changes are in ${copy}. Reopen the workspace to continue from the file.`;
        if (!this.warnings.includes(warning)) this.warnings.push(warning);
        this.divergedFromFile = true;
        return;
      }
      await writeFileAtomic(this.file, text);
      this.knownText = text;
      this.divergedFromFile = false;
    };
    const next = this.saving.then(write, write);
    this.saving = next.catch(() => undefined);
    await next;
  }

  async announce(): Promise<void> {
    if (this.closed) return;
    this.deps.emit({ channel: 'workspace', type: 'changed', workspace: await this.view() });
  }

  /**
   * The user wrote or edited this provider through the API: what it runs is trusted for this file,
   * after the host's own confirmation when there is one.
   */
  async startUserProvider(config: ProviderConfig): Promise<void> {
    await this.startProvider(config, true);
    this.registry.setOrder(this.doc.providers.map((p) => p.id));
  }

  /** Providers read from another program's file: what they would run is asked about first. */
  async startImportedProviders(configs: readonly ProviderConfig[]): Promise<void> {
    await this.registry.batch(async () => {
      for (const config of configs) await this.startProvider(config, false);
      this.registry.setOrder(this.doc.providers.map((p) => p.id));
    });
  }

  async answerTrust(requestId: string, answer: boolean): Promise<void> {
    const pending = this.pendingTrust.get(requestId);
    if (!pending) throw new InvalidArgumentError(`no trust question is open with id '${requestId}'`);
    const allow = answer && this.deps.confirmTrust ? await this.deps.confirmTrust(pending.request) : answer;
    // Answered again while the confirmation was open: the answer that settles first stands.
    if (!this.pendingTrust.delete(requestId)) return;
    await this.deps.trust.record(this.file, pending.requirement.fingerprint, allow ? 'allow' : 'deny');
    const config = this.doc.providers.find((p) => p.id === pending.request.providerId);
    if (pending.request.providerId === RUNNER_TRUST_ID) return this.announce();
    if (config && allow) await this.registry.set(config, true);
    else if (config) this.registry.decline(config.id, declinedReason(pending.requirement));
    await this.announce();
  }

  /** Records consent for everything the document runs (the built-in demo, a workspace saved under a new name). */
  async trustEverything(): Promise<void> {
    for (const config of this.doc.providers) {
      const requirement = trustRequirement(config, this.baseDir);
      if (requirement) await this.deps.trust.record(this.file, requirement.fingerprint, 'allow');
    }
  }

  /**
   * The person chose a runner command through the API (the Executors & runners pane): it is
   * trusted for this file, after the host's own confirmation when there is one.
   */
  async runnerChosenByUser(): Promise<void> {
    const choice = this.commandRunner();
    if (!choice) return;
    this.dropPendingTrust(RUNNER_TRUST_ID);
    const requirement = runnerTrustRequirement(choice, this.baseDir);
    const allow =
      this.deps.trustAll || !this.deps.confirmTrust
        ? true
        : await this.deps.confirmTrust(this.runnerTrustRequest(requirement));
    await this.deps.trust.record(this.file, requirement.fingerprint, allow ? 'allow' : 'deny');
    await this.announce();
  }

  /**
   * The runner command `choice` as it may start now: its folder made absolute. Throws, saying why,
   * unless the person allowed this command, with these arguments, in this folder, for this file.
   */
  async admitRunner(choice: CommandRunnerChoice): Promise<CommandRunnerChoice> {
    const requirement = runnerTrustRequirement(choice, this.baseDir);
    const admitted = { ...choice, cwd: runnerCommandFolder(choice, this.baseDir) };
    if (this.deps.trustAll) {
      await this.deps.trust.record(this.file, requirement.fingerprint, 'allow');
      return admitted;
    }
    const decision = await this.deps.trust.decision(this.file, requirement.fingerprint);
    if (decision === 'allow') return admitted;
    if (decision === 'deny')
      throw new Error(
        `you declined to run ${requirement.what} as the runner (choose it again in Executors & runners to be asked again)`,
      );
    const asked = [...this.pendingTrust.values()].some(
      (p) => p.requirement.fingerprint === requirement.fingerprint,
    );
    throw new Error(
      asked
        ? `the runner command ${requirement.what} waits for your answer: allow it first`
        : `the runner command ${requirement.what} is not one this workspace was allowed to run: choose it in Executors & runners first`,
    );
  }

  async removeProvider(id: string): Promise<void> {
    this.dropPendingTrust(id);
    await this.registry.remove(id);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.saving;
    await this.registry.dispose();
  }

  private commandRunner(): CommandRunnerChoice | undefined {
    const executor = this.doc.runtime?.executor;
    return executor?.kind === 'command' ? executor : undefined;
  }

  private dropPendingTrust(providerId: string): void {
    for (const [requestId, pending] of this.pendingTrust) {
      if (pending.request.providerId === providerId) this.pendingTrust.delete(requestId);
    }
  }

  /** A runner command the file names and nobody answered for yet becomes a trust question; nothing starts. */
  private async askAboutRunner(): Promise<void> {
    const choice = this.commandRunner();
    if (!choice) return;
    const requirement = runnerTrustRequirement(choice, this.baseDir);
    if (this.deps.trustAll) return this.deps.trust.record(this.file, requirement.fingerprint, 'allow');
    if ((await this.deps.trust.decision(this.file, requirement.fingerprint)) !== undefined) return;
    const request = this.runnerTrustRequest(requirement);
    this.pendingTrust.set(request.id, { request, requirement });
  }

  private runnerTrustRequest(requirement: TrustRequirement): TrustRequest {
    return {
      id: randomUUID(),
      providerId: RUNNER_TRUST_ID,
      providerName: 'runner',
      kind: requirement.kind,
      what: requirement.what,
    };
  }

  private async startProvider(config: ProviderConfig, userAuthored: boolean): Promise<void> {
    this.dropPendingTrust(config.id);
    const requirement = trustRequirement(config, this.baseDir);
    if (!requirement) return this.registry.set(config, true);
    if (this.deps.trustAll || (userAuthored && !this.deps.confirmTrust)) {
      await this.deps.trust.record(this.file, requirement.fingerprint, 'allow');
      return this.registry.set(config, true);
    }
    if (userAuthored && this.deps.confirmTrust) {
      const request = this.trustRequest(config, requirement);
      const allow = await this.deps.confirmTrust(request);
      await this.deps.trust.record(this.file, requirement.fingerprint, allow ? 'allow' : 'deny');
      await this.registry.set(config, allow);
      if (!allow) this.registry.decline(config.id, declinedReason(requirement));
      return;
    }
    const decision = await this.deps.trust.decision(this.file, requirement.fingerprint);
    if (decision === 'allow') return this.registry.set(config, true);
    await this.registry.set(config, false);
    if (decision === 'deny') {
      this.registry.decline(config.id, declinedReason(requirement));
      return;
    }
    const request = this.trustRequest(config, requirement);
    this.pendingTrust.set(request.id, { request, requirement });
  }

  /**
   * A module about to (re)load: its current content must be what the user allowed. New content is
   * asked about again, like an edited command; until answered the provider waits for trust.
   */
  private async moduleContentTrusted(config: ProviderConfig, digest: string): Promise<boolean> {
    if (config.kind !== 'module') return true;
    const fingerprint = moduleFingerprint(path.resolve(this.baseDir, config.path), digest);
    if (this.deps.trustAll) {
      await this.deps.trust.record(this.file, fingerprint, 'allow');
      return true;
    }
    if ((await this.deps.trust.decision(this.file, fingerprint)) === 'allow') return true;
    // Asking replaces the provider's entry, so it must not happen inside the load that asked.
    setImmediate(() => {
      const current = this.doc.providers.find((p) => p.id === config.id);
      if (!this.closed && current) void this.startProvider(current, false).then(() => this.announce());
    });
    return false;
  }

  private trustRequest(config: ProviderConfig, requirement: TrustRequirement): TrustRequest {
    return {
      id: randomUUID(),
      providerId: config.id,
      providerName: config.name,
      kind: requirement.kind,
      what: requirement.what,
    };
  }
}

function declinedReason(requirement: TrustRequirement): string {
  return `not started: you declined to ${requirement.kind === 'command' ? 'run' : 'allow'} ${requirement.what} (edit the provider to allow it)`;
}

/** `w.execbox.json` → `w.conflict.execbox.json`: one copy, rewritten on each save until the file is reopened. */
function conflictCopyPath(file: string): string {
  const base = file.endsWith('.execbox.json') ? file.slice(0, -'.execbox.json'.length) : file;
  return `${base}.conflict.execbox.json`;
}
