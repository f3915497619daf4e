import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { MAX_TIMER_MS, parseIntegerFlag } from '../../system/parseIntegerFlag';
import { scrubOwnEnvironment } from '../../programs/tpmjsExecutor/scrubOwnEnvironment';
import { startTpmjsExecutor } from '../../programs/tpmjsExecutor/startTpmjsExecutor';
import { ISOLATION_OPTIONS } from '../../programs/tpmjsExecutor/chooseToolSandbox';

const USAGE = `usage: execbox tpmjs-executor --port N [options]
  --port N                  port to listen on (0 picks a free one)
  --host HOST               interface to bind (default 127.0.0.1; anything else is reachable from the network)
  --registry URL            npm registry to install tools from (default: npm's configuration)
  --cache-dir DIR           where installed packages are kept, one folder per version
  --install-timeout MS      npm install time limit (default 60000)
  --execution-timeout MS    tool execution time limit (default 120000)
  --max-concurrent N        tool executions at once (default 4)
  --max-queued N            executions waiting for a slot before 503 (default 32)
  --max-body-bytes N        request body limit (default 1048576)
  --max-output-bytes N      longest tool output, as JSON (default 33554432, 32 MiB)
  --region NAME             region reported by GET /info
  --isolation MODE          auto (default: the strongest available), bubblewrap, namespaces or process
Set EXECUTOR_API_KEY to require "Authorization: Bearer <key>" on every request (it is then wiped
from this process's environment, so tools cannot read it from /proc).`;

/** `execbox tpmjs-executor`: serves the TPMJS executor protocol until interrupted. */
export default async function tpmjsExecutorCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      registry: { type: 'string' },
      'cache-dir': { type: 'string' },
      'install-timeout': { type: 'string' },
      'execution-timeout': { type: 'string' },
      'max-concurrent': { type: 'string' },
      'max-queued': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'max-output-bytes': { type: 'string' },
      region: { type: 'string' },
      isolation: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const port = parseIntegerFlag('port', values.port, 0);
  if (port === undefined || port > 65535) {
    process.stderr.write(`execbox tpmjs-executor: --port N (0-65535) is required\n${USAGE}\n`);
    return 2;
  }
  const host = values.host ?? '127.0.0.1';
  const apiKey = process.env.EXECUTOR_API_KEY || undefined;
  if (process.env.EXECUTOR_API_KEY !== undefined && !scrubOwnEnvironment('EXECUTOR_API_KEY')) {
    process.stderr.write(
      'WARNING: EXECUTOR_API_KEY could not be wiped from /proc/self/environ; tools running as this user may read it there.\n',
    );
  }
  const isolation = ISOLATION_OPTIONS.find((option) => option === (values.isolation ?? 'auto'));
  if (!isolation) {
    process.stderr.write(
      `execbox tpmjs-executor: --isolation must be ${ISOLATION_OPTIONS.join(', ')}, not '${values.isolation}'\n`,
    );
    return 2;
  }
  const executor = await startTpmjsExecutor({
    host,
    port,
    apiKey,
    registry: values.registry,
    cacheDir: values['cache-dir'],
    installTimeoutMs: parseIntegerFlag('install-timeout', values['install-timeout'], 1, MAX_TIMER_MS),
    executionTimeoutMs: parseIntegerFlag('execution-timeout', values['execution-timeout'], 1, MAX_TIMER_MS),
    maxConcurrentExecutions: parseIntegerFlag('max-concurrent', values['max-concurrent'], 1),
    maxQueuedExecutions: parseIntegerFlag('max-queued', values['max-queued'], 0),
    maxRequestBodyBytes: parseIntegerFlag('max-body-bytes', values['max-body-bytes'], 1),
    maxOutputBytes: parseIntegerFlag('max-output-bytes', values['max-output-bytes'], 1),
    region: values.region,
    isolation,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (!isLoopbackHost(host)) {
    process.stderr.write(
      `WARNING: the TPMJS executor is bound to ${host}, reachable from other machines; ` +
        `it installs and runs npm packages on request${apiKey ? '' : ' and EXECUTOR_API_KEY is not set'}.\n`,
    );
  }
  process.stdout.write(
    `TPMJS executor listening on ${executor.url} (auth ${apiKey ? 'required' : 'off'}; isolation ${executor.options.sandbox?.mode ?? 'process'}; cache ${executor.options.cacheDir})\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await executor.close();
  return 0;
}
