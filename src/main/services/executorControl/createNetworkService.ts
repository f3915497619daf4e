import { randomUUID } from 'node:crypto';
import type { ConformanceReport, NetworkApi, NetworkEvent } from '../../../shared/api/network';
import { CONFORMANCE_CASES } from '../../programs/conformanceKit/conformanceCases';
import { runConformance, selectCases } from '../../programs/conformanceKit/runConformance';
import { runnerTarget } from '../../programs/conformanceKit/runnerTarget';
import { builtinRunnerCommand } from '../../programs/conformanceKit/builtinRunnerCommand';
import { createLocalExecutorControl, type LocalExecutorControlOptions } from './createLocalExecutorControl';
import { validateConformanceRunRequest, validateLocalExecutorOptions } from './validateNetworkArguments';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

export interface NetworkServiceOptions {
  emit(event: NetworkEvent): void;
  /** The built runner entry for the `builtin` conformance target (default: out/main/runner.cjs). */
  runnerEntryPath?: string;
  readSecret?(name: string): Promise<string | undefined>;
  localExecutor?: LocalExecutorControlOptions['executor'];
  caseTimeoutMs?: number;
}

const KEPT_REPORTS = 20;

/** The host side of NetworkApi: conformance runs against any runner, and the local TPMJS executor. */
export function createNetworkService(options: NetworkServiceOptions): {
  api: NetworkApi;
  dispose(): Promise<void>;
} {
  const reports = new Map<string, ConformanceReport>();
  const running = new Map<string, AbortController>();
  const local = createLocalExecutorControl({
    ...(options.localExecutor ? { executor: options.localExecutor } : {}),
    ...(options.readSecret ? { readSecret: options.readSecret } : {}),
    onStatus: (status) => options.emit({ channel: 'network', type: 'local_executor', status }),
  });

  const keep = (runId: string, report: ConformanceReport) => {
    reports.set(runId, report);
    for (const old of reports.keys()) {
      if (reports.size <= KEPT_REPORTS) break;
      if (!running.has(old)) reports.delete(old);
    }
  };

  const api: NetworkApi = {
    async listConformanceCases() {
      return CONFORMANCE_CASES.map(({ run: _run, ...info }) => info);
    },
    async runConformance(raw) {
      const request = validateConformanceRunRequest(raw);
      let cases;
      try {
        cases = selectCases(request.caseIds);
      } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
      }
      const builtin = builtinRunnerCommand(options.runnerEntryPath);
      const target = runnerTarget(request.target, {
        builtinCommand: builtin.command,
        builtinEnv: builtin.env,
      });
      const runId = `conformance-${randomUUID()}`;
      const controller = new AbortController();
      running.set(runId, controller);
      const partial: ConformanceReport = {
        target: target.label,
        startedAt: new Date().toISOString(),
        durationMs: 0,
        passed: 0,
        failed: 0,
        results: [],
      };
      keep(runId, partial);
      void runConformance(target, {
        cases,
        signal: controller.signal,
        ...(options.caseTimeoutMs ? { caseTimeoutMs: options.caseTimeoutMs } : {}),
        onResult: (result) => {
          partial.results.push(result);
          if (result.status === 'pass') partial.passed += 1;
          else partial.failed += 1;
          options.emit({ channel: 'network', type: 'conformance_case', runId, result });
        },
      })
        .then((report) => {
          keep(runId, report);
          options.emit({ channel: 'network', type: 'conformance_finished', runId, report });
        })
        .finally(() => running.delete(runId));
      return { runId };
    },
    async conformanceReport(runId) {
      if (typeof runId !== 'string') throw new InvalidArgumentError('runId must be a string');
      return reports.get(runId);
    },
    async localExecutorStatus() {
      return local.status();
    },
    async startLocalExecutor(raw) {
      return local.start(validateLocalExecutorOptions(raw));
    },
    async stopLocalExecutor() {
      return local.stop();
    },
  };

  return {
    api,
    async dispose() {
      for (const controller of running.values()) controller.abort();
      await local.stop();
    },
  };
}
