import { randomUUID } from 'node:crypto';
import type { ConformanceCaseResult, ConformanceReport } from '../../../shared/api/network';
import type { TranscriptEntry } from '../../../shared/transcript';
import { CaseFailure } from './CaseFailure';
import type { ConformanceCase } from './conformanceCase';
import { CONFORMANCE_CASES } from './conformanceCases';
import { createCaseSession } from './createCaseSession';
import type { RunnerTarget } from './runnerTarget';
import { createTextTail } from '../../system/createTextTail';

export interface RunConformanceOptions {
  cases?: readonly ConformanceCase[];
  /** Longest wait for any single runner message, and so roughly the longest a case may take. */
  caseTimeoutMs?: number;
  /** Cases run on this many sessions at once (default 1; each case always has its own session). */
  concurrency?: number;
  onResult?: (result: ConformanceCaseResult) => void;
  signal?: AbortSignal;
  /** After this many cases in a row in which the runner sent nothing, the rest are not run (default 3). */
  giveUpAfterSilentCases?: number;
}

/** How much of a runner's stderr a failed case keeps: a traceback's end. */
const CASE_STDERR_CHARS = 4000;

/** The runner sent something, even if malformed: it is alive, so the next case may still tell us more. */
const heardFromRunner = (result: ConformanceCaseResult) =>
  result.transcript.some((entry) =>
    entry.kind === 'message'
      ? entry.direction === 'runner_to_host'
      : entry.event.type === 'malformed_message',
  );

/** Picks cases by exact id or by category (`lifecycle`, `cancel/…`); unknown selectors are an error. */
export function selectCases(selectors: readonly string[] | undefined): readonly ConformanceCase[] {
  if (!selectors?.length) return CONFORMANCE_CASES;
  const unknown = selectors.filter((s) => !CONFORMANCE_CASES.some((c) => c.id === s || c.category === s));
  if (unknown.length)
    throw new Error(`no conformance case or category named ${unknown.map((s) => `'${s}'`).join(', ')}`);
  return CONFORMANCE_CASES.filter((c) => selectors.includes(c.id) || selectors.includes(c.category));
}

/** Runs each case on a fresh session with the runner, playing the host, and reports pass or fail. */
export async function runConformance(
  target: RunnerTarget,
  options: RunConformanceOptions = {},
): Promise<ConformanceReport> {
  const cases = options.cases ?? CONFORMANCE_CASES;
  const startedAt = new Date();
  const began = performance.now();
  const results: ConformanceCaseResult[] = new Array(cases.length);
  const giveUpAfter = options.giveUpAfterSilentCases ?? 3;
  let nextIndex = 0;
  let silentInARow = 0;

  const worker = async () => {
    while (nextIndex < cases.length && !options.signal?.aborted) {
      const index = nextIndex++;
      const testCase = cases[index]!;
      // A runner that answers nothing would otherwise cost the full wait in every remaining case.
      const result =
        silentInARow >= giveUpAfter
          ? notRun(testCase, `not run: the runner sent nothing in ${giveUpAfter} cases in a row`)
          : await runCase(testCase, target, options.caseTimeoutMs ?? 15_000);
      if (result.status === 'fail' && !heardFromRunner(result)) silentInARow += 1;
      else silentInARow = 0;
      results[index] = result;
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));

  const finished = results.filter(Boolean);
  const passed = finished.filter((r) => r.status === 'pass').length;
  return {
    target: target.label,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - began),
    passed,
    failed: finished.length - passed,
    results: finished,
  };
}

function notRun(testCase: ConformanceCase, reason: string): ConformanceCaseResult {
  const { run: _run, ...info } = testCase;
  return { ...info, status: 'fail', reason, durationMs: 0, transcript: [] };
}

async function runCase(
  testCase: ConformanceCase,
  target: RunnerTarget,
  timeoutMs: number,
): Promise<ConformanceCaseResult> {
  const began = performance.now();
  const { run: _run, ...info } = testCase;
  let transcript: readonly TranscriptEntry[] = [];
  const stderr = createTextTail(CASE_STDERR_CHARS);
  const finish = (reason?: string): ConformanceCaseResult => {
    const written = stderr.text().trim();
    return {
      ...info,
      status: reason === undefined ? 'pass' : 'fail',
      ...(reason === undefined ? {} : { reason }),
      durationMs: Math.round(performance.now() - began),
      transcript: [...transcript],
      ...(reason !== undefined && written ? { stderr: written } : {}),
    };
  };

  let transport;
  try {
    transport = await target.open((text) => stderr.push(text));
  } catch (error) {
    return finish(
      `could not open a session with the runner: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const session = createCaseSession(transport, {
    id: `conformance-${randomUUID().slice(0, 8)}`,
    waitTimeoutMs: timeoutMs,
  });
  try {
    await testCase.run(session);
    transcript = session.transcript;
    return finish();
  } catch (error) {
    transcript = session.transcript;
    if (error instanceof CaseFailure) return finish(error.message);
    return finish(`the case itself failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    session.close();
    transport.terminate();
  }
}
