import type { TranscriptEntry } from '../transcript';

/** The areas of the runner specification the conformance kit checks. */
export const CONFORMANCE_CATEGORIES = [
  'lifecycle',
  'tools',
  'serialization',
  'logs',
  'errors',
  'cancel',
  'correlation',
  'session',
] as const;

export type ConformanceCategory = (typeof CONFORMANCE_CATEGORIES)[number];

export interface ConformanceCaseInfo {
  /** Stable id, `category/name`. */
  id: string;
  category: ConformanceCategory;
  title: string;
  /** The specification rule the case checks, quoted or closely paraphrased. */
  rule: string;
  /** `must` rules fail conformance; a failed `should` is reported but is still a failure. */
  level: 'must' | 'should';
  /** Where docs/protocol.md states the rule: `docs/protocol.md#tool-calls`. */
  section: string;
}

export interface ConformanceCaseResult extends ConformanceCaseInfo {
  status: 'pass' | 'fail';
  /** Why it failed: what was expected and what the runner did. */
  reason?: string;
  durationMs: number;
  /** Every message both ways, plus transport events, as the kit saw them. */
  transcript: TranscriptEntry[];
  /** The end of what the runner wrote on stderr during the case (stdio runners; failed cases only). */
  stderr?: string;
}

/** Which runner to check. */
export type ConformanceTarget =
  { kind: 'builtin' } | { kind: 'stdio'; command: string } | { kind: 'ws'; url: string; token?: string };

export interface ConformanceReport {
  target: string;
  startedAt: string;
  durationMs: number;
  passed: number;
  failed: number;
  results: ConformanceCaseResult[];
}

export interface ConformanceRunRequest {
  target: ConformanceTarget;
  /** Only these case ids (all when absent or empty). */
  caseIds?: string[];
}

export type LocalExecutorState = 'stopped' | 'starting' | 'running' | 'stopping' | 'error';

export interface LocalExecutorStatus {
  state: LocalExecutorState;
  /** Base URL while running, e.g. http://127.0.0.1:3100 */
  url?: string;
  /** Whether requests need `Authorization: Bearer <key>`. */
  authRequired: boolean;
  /** Name of the secret holding the API key (never its value). */
  apiKeySecret?: string;
  registry?: string;
  cacheDir?: string;
  /** How each tool call is isolated while running: 'bubblewrap', 'namespaces' or 'process' (see its /info). */
  isolation?: string;
  startedAt?: string;
  error?: string;
}

export interface LocalExecutorStartOptions {
  /** 0 or absent picks a free port. */
  port?: number;
  /** npm registry URL to install tools from; npm's configuration when absent. */
  registry?: string;
  /** Name of a workspace secret whose value becomes the executor's API key. */
  apiKeySecret?: string;
}

export interface NetworkApi {
  listConformanceCases(): Promise<ConformanceCaseInfo[]>;
  /** Starts a conformance run; results arrive as `conformance_case` events, then `conformance_finished`. */
  runConformance(request: ConformanceRunRequest): Promise<{ runId: string }>;
  /** The finished report (or the results so far) of a run. */
  conformanceReport(runId: string): Promise<ConformanceReport | undefined>;
  localExecutorStatus(): Promise<LocalExecutorStatus>;
  startLocalExecutor(options?: LocalExecutorStartOptions): Promise<LocalExecutorStatus>;
  stopLocalExecutor(): Promise<LocalExecutorStatus>;
}

export const NETWORK_API_METHODS = [
  'listConformanceCases',
  'runConformance',
  'conformanceReport',
  'localExecutorStatus',
  'startLocalExecutor',
  'stopLocalExecutor',
] as const satisfies readonly (keyof NetworkApi)[];

export type NetworkEvent =
  | { channel: 'network'; type: 'conformance_case'; runId: string; result: ConformanceCaseResult }
  | { channel: 'network'; type: 'conformance_finished'; runId: string; report: ConformanceReport }
  | { channel: 'network'; type: 'local_executor'; status: LocalExecutorStatus };
