import { parseArgs } from 'node:util';
import type { ConformanceTarget } from '../../../shared/api/network';
import { CONFORMANCE_CASES } from '../../programs/conformanceKit/conformanceCases';
import { formatConformanceReport } from '../../programs/conformanceKit/formatConformanceReport';
import { runConformance, selectCases } from '../../programs/conformanceKit/runConformance';
import { runnerTarget } from '../../programs/conformanceKit/runnerTarget';
import { MAX_TIMER_MS, parseIntegerFlag } from '../../system/parseIntegerFlag';
import { RUNNER_TOKEN_ENV } from '../../engine/transports/runnerServerDefaults';

const USAGE = `usage: execbox conformance (--stdio "COMMAND ARGS" | --ws URL [--token T]) [options]
  --stdio "COMMAND ARGS"  start the runner with this command line; it speaks JSON lines on stdin/stdout
  --ws URL                connect to a runner at ws://HOST:PORT (token from --token or ${RUNNER_TOKEN_ENV})
  --only ID|CATEGORY      run only these cases (repeatable)
  --json                  print the report as JSON
  --case-timeout MS       longest wait for one runner message (default 15000)
  --concurrency N         cases run at once, each on its own session (default 1)
  --list                  list the cases, the rule each checks and its section of docs/protocol.md
Exits 0 when every case passes, 1 when any fails, 2 on bad usage.`;

/** `execbox conformance`: checks any runner against the protocol as docs/protocol.md states it. */
export default async function conformanceCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      stdio: { type: 'string' },
      ws: { type: 'string' },
      token: { type: 'string' },
      only: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      list: { type: 'boolean' },
      'case-timeout': { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.list) {
    for (const c of CONFORMANCE_CASES)
      process.stdout.write(`${c.id.padEnd(44)} [${c.level}] ${c.rule}\n${''.padEnd(44)} see ${c.section}\n`);
    return 0;
  }
  if (Boolean(values.stdio) === Boolean(values.ws)) {
    process.stderr.write(`execbox conformance: give exactly one of --stdio or --ws\n${USAGE}\n`);
    return 2;
  }
  const token = values.token ?? process.env[RUNNER_TOKEN_ENV];
  const target: ConformanceTarget = values.stdio
    ? { kind: 'stdio', command: values.stdio }
    : { kind: 'ws', url: values.ws!, ...(token ? { token } : {}) };
  const report = await runConformance(runnerTarget(target), {
    cases: selectCases(values.only),
    caseTimeoutMs: parseIntegerFlag('case-timeout', values['case-timeout'], 100, MAX_TIMER_MS),
    concurrency: parseIntegerFlag('concurrency', values.concurrency, 1),
    onResult: values.json
      ? undefined
      : (result) => process.stderr.write(`${result.status === 'pass' ? '.' : 'F'}`),
  });
  if (!values.json) process.stderr.write('\n');
  process.stdout.write(
    values.json ? `${JSON.stringify(report, null, 2)}\n` : formatConformanceReport(report),
  );
  return report.failed === 0 ? 0 : 1;
}
