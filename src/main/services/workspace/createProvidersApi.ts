import { randomUUID } from 'node:crypto';
import type {
  ManualAnswer,
  ProviderConfig,
  ProvidersApi,
  ProviderStatus,
} from '../../../shared/api/providers';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { resolveProvider } from '../../engine/core/resolveProvider';
import { untilAborted } from '../../engine/core/untilAborted';
import { createProviderSource } from '../../providers/createProviderSource';
import { findMockAnswerProblems } from '../../providers/mock/findMockAnswerProblems';
import type { ServerRequestBroker } from '../../providers/mcp/ServerRequestBroker';
import type { ManualCallBroker } from '../../providers/mock/ManualCallBroker';
import { requireRecord, requireString } from './checkArgument';
import { createMcpInspectApi } from './createMcpInspectApi';
import { validateProviderConfig } from './validateWorkspaceDocument';
import { planMcpImport } from './planMcpImport';
import { importMcpPlan } from './importMcpPlan';
import { MCP_IMPORT_MAX_CHARS } from '../../../shared/api/mcpImport';
import type { WorkspaceControl } from './createWorkspaceApi';

function checkConfig(value: unknown, id: string): ProviderConfig {
  const config = { ...requireRecord(value, 'config'), id };
  const problems = validateProviderConfig(config);
  if (problems.length > 0) throw new InvalidArgumentError(problems.join('; '));
  return config as unknown as ProviderConfig;
}

function answerProblems(config: ProviderConfig): Record<string, string> {
  return config.kind === 'mock' ? findMockAnswerProblems(config) : {};
}

/** A provider that would fail at run time is refused when it is saved. */
function checkSavedConfig(value: unknown, id: string): ProviderConfig {
  const config = checkConfig(value, id);
  const problems = Object.values(answerProblems(config));
  if (problems.length > 0) throw new InvalidArgumentError(problems.join('\n'));
  return config;
}

function checkAnswer(value: unknown): ManualAnswer {
  const answer = requireRecord(value, 'answer');
  if (answer.ok === true) return { ok: true, result: answer.result };
  if (answer.ok === false) {
    return {
      ok: false,
      code: requireString(answer.code, 'answer.code'),
      message: requireString(answer.message, 'answer.message', { allowEmpty: true }),
    };
  }
  throw new InvalidArgumentError('answer.ok must be true or false');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The renderer-facing providers API. Providers the user adds or edits count as trusted by them.
 * `closing` stops connection tests in flight (and their processes) when the host closes.
 */
export function createProvidersApi(
  control: WorkspaceControl,
  manual: ManualCallBroker,
  closing?: AbortSignal,
  serverRequests?: ServerRequestBroker,
): ProvidersApi {
  const session = () => control.session();
  const status = (id: string): ProviderStatus => {
    const found = session()
      .registry.statuses()
      .find((s) => s.id === id);
    if (!found) throw new InvalidArgumentError(`no provider has id '${id}'`);
    return found;
  };
  const existing = (id: unknown) => {
    const key = requireString(id, 'id');
    status(key);
    return key;
  };
  const nameTaken = (name: string, exceptId?: string) =>
    session().document.providers.some((p) => p.name === name && p.id !== exceptId);
  const importPlan = async (text: unknown, fileName: unknown) =>
    planMcpImport(
      requireString(text, 'text', { max: MCP_IMPORT_MAX_CHARS, allowEmpty: true }),
      requireString(fileName, 'fileName', { max: 1_000 }),
      {
        providerNames: session().document.providers.map((p) => p.name),
        secretNames: await control.secrets.list(),
      },
    );
  /** Connection tests in flight that named an attempt id, so `cancelTest` can stop them. */
  const testsInFlight = new Map<string, AbortController>();

  return {
    ...createMcpInspectApi(control, existing),
    list: async () => session().registry.statuses(),
    async add(input) {
      const raw = requireRecord(input, 'config');
      const id =
        raw.id === undefined
          ? `provider-${randomUUID().slice(0, 8)}`
          : requireString(raw.id, 'config.id', { max: 200 });
      const config = checkSavedConfig(raw, id);
      if (session().document.providers.some((p) => p.id === id))
        throw new InvalidArgumentError(`a provider with id '${id}' exists already`);
      if (nameTaken(config.name))
        throw new InvalidArgumentError(`a provider named '${config.name}' exists already`);
      await session().mutate((doc) => {
        doc.providers.push(config);
      });
      await session().startUserProvider(config);
      return status(id);
    },
    async update(id, input) {
      const key = existing(id);
      const raw = requireRecord(input, 'config');
      if (raw.id !== undefined && raw.id !== key)
        throw new InvalidArgumentError(`config.id '${String(raw.id)}' differs from id '${key}'`);
      const config = checkSavedConfig(raw, key);
      if (nameTaken(config.name, key))
        throw new InvalidArgumentError(`a provider named '${config.name}' exists already`);
      await session().mutate((doc) => {
        doc.providers = doc.providers.map((p) => (p.id === key ? config : p));
      });
      await session().startUserProvider(config);
      return status(key);
    },
    async remove(id) {
      const key = existing(id);
      await session().mutate((doc) => {
        doc.providers = doc.providers.filter((p) => p.id !== key);
      });
      await session().removeProvider(key);
      await session().announce();
    },
    async test(input, attemptId) {
      const raw = requireRecord(input, 'config');
      const config = checkConfig(raw, typeof raw.id === 'string' ? raw.id : 'test');
      const attempt =
        attemptId === undefined ? undefined : requireString(attemptId, 'attemptId', { max: 200 });
      if (attempt !== undefined && testsInFlight.has(attempt))
        throw new InvalidArgumentError(`a connection test with attemptId '${attempt}' is running already`);
      const stop = new AbortController();
      const signal = closing ? AbortSignal.any([stop.signal, closing]) : stop.signal;
      const stopped = { ok: false, cancelled: true, error: 'the test was stopped' };
      const current = session();
      const source = createProviderSource(config, {
        secrets: control.secrets,
        manual,
        baseDir: current.baseDir,
        listener: { toolsChanged: () => undefined, connectionChanged: () => undefined },
        signal,
      });
      if (attempt !== undefined) testsInFlight.set(attempt, stop);
      try {
        await source.check?.();
        // A module whose top-level code never settles cannot be stopped, but the test still ends.
        const loaded = await untilAborted(source.load(), signal);
        if (loaded.aborted) return stopped;
        const resolved = resolveProvider(loaded.value);
        const tools = Object.values(resolved.tools).map((t) => ({
          safeName: t.safeName,
          originalName: t.originalName,
          ...(t.description !== undefined ? { description: t.description } : {}),
        }));
        return { ok: true, toolCount: tools.length, tools };
      } catch (error) {
        if (signal.aborted) return stopped;
        return { ok: false, error: describe(error) };
      } finally {
        if (attempt !== undefined) testsInFlight.delete(attempt);
        await source.dispose().catch(() => undefined);
      }
    },
    async cancelTest(attemptId) {
      testsInFlight.get(requireString(attemptId, 'attemptId', { max: 200 }))?.abort();
    },
    async validate(input) {
      const raw = requireRecord(input, 'config');
      return answerProblems(checkConfig(raw, typeof raw.id === 'string' ? raw.id : 'draft'));
    },
    async refresh(id) {
      const key = existing(id);
      await session().registry.refresh(key);
      return status(key);
    },
    async declarations() {
      // Loads in progress finish first, so a fresh workspace answers with its full typings.
      await session().registry.settled();
      return session().registry.declarations();
    },
    async typings() {
      await session().registry.settled();
      const current = session();
      return {
        workspacePath: current.file,
        version: control.typingsVersion(),
        ...current.registry.typings(),
      };
    },
    async answerManualCall(requestId, answer) {
      const key = requireString(requestId, 'requestId');
      try {
        manual.answer(key, checkAnswer(answer));
      } catch (error) {
        if (error instanceof InvalidArgumentError) throw error;
        throw new InvalidArgumentError(describe(error));
      }
    },
    pendingManualCalls: async () => manual.pending(),
    async answerServerRequest(requestId, answer) {
      if (!serverRequests) throw new InvalidArgumentError('no server request can be waiting here');
      serverRequests.answer(requireString(requestId, 'requestId'), answer);
    },
    pendingServerRequests: async () => serverRequests?.pending() ?? [],
    async setOutputType(providerId, toolName, schema) {
      const key = existing(providerId);
      const tool = requireString(toolName, 'toolName');
      if (
        schema !== null &&
        typeof schema !== 'boolean' &&
        (typeof schema !== 'object' || Array.isArray(schema))
      )
        throw new InvalidArgumentError(
          'schema must be a JSON Schema (an object or a boolean), or null to remove it',
        );
      const current = session().document.providers.find((p) => p.id === key)!;
      const outputTypes = { ...current.outputTypes };
      if (schema === null) delete outputTypes[tool];
      else outputTypes[tool] = schema;
      const { outputTypes: _old, ...rest } = current;
      const config = checkConfig(Object.keys(outputTypes).length > 0 ? { ...rest, outputTypes } : rest, key);
      await session().mutate((doc) => {
        doc.providers = doc.providers.map((p) => (p.id === key ? config : p));
      });
      await session().registry.retype(config);
      return status(key);
    },
    consoleLines: async (providerId) => session().registry.consoleLines(existing(providerId)) ?? [],
    async clearConsole(providerId) {
      session().registry.clearConsole(existing(providerId));
    },
    previewMcpImport: async (text, fileName) => (await importPlan(text, fileName)).preview,
    async signIn(providerId) {
      const key = existing(providerId);
      const connection = session().registry.mcpConnection(key);
      if (!connection)
        throw new InvalidArgumentError(`provider '${status(key).name}' is no HTTP MCP provider`);
      return connection.signIn();
    },
    async signOut(providerId) {
      const key = existing(providerId);
      await session().registry.mcpConnection(key)?.signOut();
      await session().registry.refresh(key);
      return status(key);
    },
    async importMcpServers(text, fileName) {
      const plan = await importPlan(text, fileName);
      const current = session();
      const configs = await importMcpPlan(plan, control.secrets, (change) => current.mutate(change));
      await current.startImportedProviders(configs);
      await current.announce();
      return { ...plan.preview, providerIds: configs.map((c) => c.id) };
    },
  };
}
