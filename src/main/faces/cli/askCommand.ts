import path from 'node:path';
import type { AskConversation, ModelEndpoint } from '../../../shared/api/ask';
import type { ExecuteResult } from '../../../shared/executeResult';
import { describeExecuteError } from '../../../shared/format/describeExecuteError';
import { formatDuration } from '../../../shared/format/formatDuration';
import { plural } from '../../../shared/format/plural';
import { createFileSecretStore } from '../../secrets/createFileSecretStore';
import { createSecretMasker, type SecretMasker } from '../../secrets/createSecretMasker';
import { SECRET_NAME_PATTERN } from '../../secrets/SecretStore';
import { checkMaxTurns, checkTask } from '../../services/ask/checkAskRequest';
import { checkBaseUrl, checkModelApi, MAX_MODEL_TOKENS } from '../../services/ask/checkModelEndpoint';
import { readModelKey } from '../../services/ask/readModelKey';
import { resolveConfigDir } from '../../system/resolveConfigDir';
import { parseIntegerFlag } from '../../system/parseIntegerFlag';
import { parseRuntimeLimitFlags, RUNTIME_LIMIT_OPTIONS, RUNTIME_LIMIT_USAGE } from './runtimeLimitFlags';
import { asUsage, asUsageAsync, parseCommandLine, runCommandLine, UsageError } from './commandLine';

const USAGE = `usage: execbox ask "TASK" --workspace W.execbox.json [--trust] --model NAME --base-url URL
                   [--api openai|anthropic] [--key-secret NAME] [--max-turns N] [--max-tokens N]
                   [--no-stream] [--transcript OUT.jsonl] [--executor inprocess|worker|process]
                   ${RUNTIME_LIMIT_USAGE} [--config-dir DIR]
  Gives the task to a model (an OpenAI compatible chat completions server by --base-url, such as
  https://api.openai.com/v1 or Ollama's http://127.0.0.1:11434/v1, or Anthropic's Messages API with
  --api anthropic) with one tool, the "execute" tool of \`execbox mcp\`: the model writes JavaScript
  against the workspace's providers, each call runs in the sandbox and its result goes back.
  The key is read from the secret store (--key-secret names it; none is sent without it).
  The model's final answer alone goes to stdout; progress, its text between tool calls and each
  run's outcome go to stderr. Exit 0 when it answered, 1 when it failed, ran out of --max-turns
  (default 8) or was stopped (Ctrl+C). --transcript saves run N of the conversation as OUT-N.jsonl.`;

function parse(args: string[]) {
  return parseCommandLine(args, {
    workspace: { type: 'string' },
    trust: { type: 'boolean' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    api: { type: 'string' },
    'key-secret': { type: 'string' },
    'max-turns': { type: 'string' },
    'max-tokens': { type: 'string' },
    'no-stream': { type: 'boolean' },
    transcript: { type: 'string' },
    executor: { type: 'string' },
    ...RUNTIME_LIMIT_OPTIONS,
    'config-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
}

/** `OUT.jsonl` → `OUT-3.jsonl`: one transcript per run, as `execbox tap --listen` names sessions. */
export function runTranscriptFile(out: string, run: number): string {
  const ext = path.extname(out) || '.jsonl';
  return `${out.slice(0, out.length - path.extname(out).length)}-${run}${ext}`;
}

function describeRunEnd(result: ExecuteResult, toolCalls: number): string {
  const calls = plural(toolCalls, 'tool call');
  const took = formatDuration(result.durationMs);
  if (result.ok) return `ok in ${took}, ${calls}`;
  return `failed in ${took} (${calls}): ${result.error.code}: ${describeExecuteError(result.error)}`;
}

function endpointFrom(values: ReturnType<typeof parse>['values']): ModelEndpoint {
  if (!values.model) throw new UsageError('--model NAME is required (the model id the server knows)');
  if (!values['base-url']) throw new UsageError('--base-url URL is required');
  const keySecret = values['key-secret'];
  if (keySecret !== undefined && !SECRET_NAME_PATTERN.test(keySecret))
    throw new UsageError(
      `--key-secret must name a secret (letters, digits and underscores), not '${keySecret}'`,
    );
  const maxTokens = asUsage(() => parseIntegerFlag('max-tokens', values['max-tokens'], 1, MAX_MODEL_TOKENS));
  return {
    name: values.model,
    api: asUsage(() => checkModelApi(values.api ?? 'openai', '--api')),
    baseUrl: asUsage(() => checkBaseUrl(values['base-url'], '--base-url')),
    model: values.model,
    ...(keySecret ? { keySecret } : {}),
    stream: !values['no-stream'],
    ...(maxTokens !== undefined ? { maxTokens } : {}),
  };
}

async function ask(args: string[]): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'missing "TASK"' : `one "TASK" only (got ${positionals.length}); quote it`,
    );
  const task = asUsage(() => checkTask(positionals[0], 'TASK'));
  if (!values.workspace) throw new UsageError('--workspace W.execbox.json is required');
  const endpoint = endpointFrom(values);
  const maxTurns = asUsage(() =>
    checkMaxTurns(parseIntegerFlag('max-turns', values['max-turns'], 1), '--max-turns'),
  );
  const limits = parseRuntimeLimitFlags(values);
  const { MCP_EXECUTORS } = await import('../mcp/openStandaloneMcpHost');
  const executor = values.executor as (typeof MCP_EXECUTORS)[number] | undefined;
  if (executor !== undefined && !MCP_EXECUTORS.includes(executor))
    throw new UsageError(`--executor must be one of ${MCP_EXECUTORS.join(', ')} (got '${values.executor}')`);
  const configDir = values['config-dir'] ? path.resolve(values['config-dir']) : resolveConfigDir();
  const apiKey = await readModelKey(endpoint, (name) => createFileSecretStore(configDir).get(name)).catch(
    (error: unknown) => {
      throw new UsageError(`${(error as Error).message} (${path.join(configDir, 'secrets.json')})`);
    },
  );
  const masker: SecretMasker = createSecretMasker(
    apiKey && endpoint.keySecret ? [[endpoint.keySecret, apiKey]] : [],
  );
  const say = (text: string) => process.stderr.write(masker.maskText(text));

  const [{ openStandaloneMcpHost }, { terminalAsker }, { startAskConversation }, { runAskLoop }] =
    await Promise.all([
      import('../mcp/openStandaloneMcpHost'),
      import('../../system/askOnTerminal'),
      import('../../services/ask/startAskConversation'),
      import('../../services/ask/runAskLoop'),
    ]);
  const workspace = values.workspace;
  const asker = process.stdin.isTTY ? terminalAsker() : undefined;
  const opened = await asUsageAsync(() =>
    openStandaloneMcpHost({
      workspace: path.resolve(workspace),
      trust: values.trust ?? false,
      configDir,
      ...(executor ? { executor } : {}),
      ...(asker ? { ask: asker } : {}),
      warn: (message) => say(`execbox ask: ${message}\n`),
    }),
  );
  const { host } = opened;
  for (const warning of opened.warnings) say(`execbox ask: ${warning}\n`);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  let midLine = false;
  const line = (text: string) => {
    say(`${midLine ? '\n' : ''}${text}\n`);
    midLine = false;
  };
  let runs = 0;
  const runNumbers = new Map<string, number>();
  const saves: Promise<void>[] = [];
  let conversation: AskConversation;
  try {
    const started = startAskConversation({
      endpoint,
      apiKey,
      task,
      maxTurns,
      providers: await host.resolvedProviders(),
    });
    line(
      `execbox ask: asking ${endpoint.model} at ${endpoint.baseUrl} (${endpoint.api}), at most ${plural(maxTurns, 'turn')}`,
    );
    conversation = await runAskLoop({
      session: started.session,
      toolNames: started.toolNames,
      host,
      resolvedProviders: () => host.resolvedProviders(),
      conversation: started.conversation,
      signal: controller.signal,
      limits,
      masker: () => masker,
      onChange: () => undefined,
      onTurn: (turn) => line(`— turn ${turn}`),
      onText: (_turn, delta) => {
        say(delta);
        midLine = !delta.endsWith('\n');
      },
      onRefused: (problem) => line(`  the tool call was not run: ${problem}`),
      onRunStarted: (runId) => {
        runs += 1;
        runNumbers.set(runId, runs);
        line(`  run ${runs} (${runId}): running the model's code`);
      },
      onRunProgress: (_runId, message) => line(`    ${message}`),
      onRunFinished: (runId, result) => {
        const number = runNumbers.get(runId) ?? runs;
        const toolCalls =
          started.conversation.turns.at(-1)?.calls.find((call) => call.runId === runId)?.outcome?.toolCalls ??
          0;
        line(`  run ${number}: ${describeRunEnd(result, toolCalls)}`);
        if (!values.transcript) return;
        const file = path.resolve(runTranscriptFile(values.transcript, number));
        saves.push(
          host.services.debug
            .saveTranscript(runId, { name: `${endpoint.name} run ${number}`, file })
            .then(() => line(`  run ${number}: transcript saved to ${file}`))
            .catch((error: unknown) =>
              line(
                `execbox ask: the transcript of run ${number} could not be saved: ${(error as Error).message}`,
              ),
            ),
        );
      },
    });
    await Promise.all(saves);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    await host.dispose();
  }
  const turns = plural(conversation.turns.length, 'turn');
  if (conversation.state === 'answered') {
    line(`execbox ask: answered after ${turns} and ${plural(runs, 'run')}`);
    process.stdout.write(masker.maskText(conversation.answer ?? '') + '\n');
    return 0;
  }
  const why =
    conversation.state === 'out_of_turns'
      ? `out of turns: ${conversation.failure}`
      : conversation.state === 'stopped'
        ? `stopped after ${turns}`
        : `failed: ${conversation.failure}`;
  line(`execbox ask: ${why}`);
  return 1;
}

export default function askCommand(args: string[]): Promise<number> {
  return runCommandLine('ask', () => ask(args));
}
