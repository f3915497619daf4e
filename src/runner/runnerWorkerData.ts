/** Guest code and the function body normalizeCode makes of it. */
export interface NormalizedCode {
  code: string;
  body: string;
}

/** What a worker runner's host hands it in `workerData` (see createWorkerExecutor); all optional. */
export interface RunnerWorkerData {
  /** The QuickJS module the host compiled (see adoptQuickJsWasm). */
  quickJsWasm?: unknown;
  /**
   * An ephemeral worker's code as the host normalized it, so its one execution needs no parser
   * (see seedNormalizedCode). Absent when the code does not parse: the runner reports that itself.
   */
  normalizedCode?: NormalizedCode;
}
