import { codeTooLargeReason } from '../../../shared/api/codeSizeLimit';
import path from 'node:path';
import {
  OPENED_TRANSCRIPT_ENTRIES,
  type DebugApi,
  type DebugEvent,
  type LoadedTranscript,
  type ReplayMode,
  type SavedTranscript,
  type SavedTranscriptRef,
} from '../../../shared/api/debug';
import type { RunRequest } from '../../../shared/api/runs';
import type { RuntimeSettings, WorkspaceApi } from '../../../shared/api/workspace';
import { formatRunTime } from '../../../shared/format/formatRunTime';
import { runEndOf, type RunEndRecord } from '../../../shared/runOutcome';
import { runFactsFromTranscript } from '../../../shared/runFactsFromTranscript';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TranscriptProblem } from '../../../shared/transcriptFile';
import type { MaskOptions, SecretMaskerLike } from '../../../shared/transcriptMask';
import type { RunExtension, RunLauncher } from '../runs/runExtension';
import { buildTranscriptHeader } from './buildTranscriptHeader';
import type { ApprovalPolicy } from './createApprovalRules';
import { checkDownloadOptions, checkExportOptions, checkSaveOptions } from './checkSaveOptions';
import { createBreakpointStore } from './createBreakpointStore';
import { createPausedCallRegistry } from './createPausedCallRegistry';
import { createDebugRunExtension } from './createDebugRunExtension';
import { describeRunnerRef } from '../../../shared/runnerRef';
import { executorForRunner } from './executorForRunner';
import { createRecordingAnswers } from './createRecordingAnswers';
import { ConditionSyntaxError, parseCondition } from './parseCondition';
import { providersFromManifests } from './providersFromManifests';
import { checkFilePath, writeNewTextFile } from './transcriptFiles';
import { makeOwnFolder } from '../../system/makeOwnFolder';
import { transcriptFileName } from './transcriptFileName';
import { transcriptWriter } from './transcriptWriter';
import { createTranscriptFilePages } from './createTranscriptFilePages';
import { transcriptSlice } from '../runs/transcriptSlice';
import type { TranscriptSourceReader } from './transcriptSourceReader';
import { summarizeTranscriptTimeline } from './summarizeTranscriptTimeline';
import { checkTimelineWindow } from './checkTimelineWindow';
import { createLiveTimelines } from './createLiveTimelines';
import { createTranscriptDiffs } from './createTranscriptDiffs';
import { createLiveDiffSides } from './createLiveDiffSides';
import { transcriptHtmlWriter } from './transcriptHtmlWriter';
import type { FileWriter } from '../../system/writeFileAtomic';
import type { ReportDownloads } from './reportDownloads';
import { searchTranscript, type TranscriptLines } from '../runs/searchTranscript';
import { checkTranscriptSearch } from '../runs/checkTranscriptSearch';
import { checkRowIndexes, transcriptRowsAt } from '../runs/transcriptRowsAt';

/** What the debugger needs from the workspace layer. */
export interface DebugWorkspace {
  workspace: Pick<WorkspaceApi, 'get' | 'addTranscript' | 'removeTranscript'>;
  runtimeSettings(): RuntimeSettings;
}

export interface DebugServiceOptions {
  launcher: RunLauncher;
  workspaceHost: DebugWorkspace;
  emit(event: DebugEvent): void;
  /** The host's masker for every known secret value; applied to saved and exported transcripts. */
  secretMasker?(): SecretMaskerLike;
  /** Finished runs kept for saving, exporting and replaying (default 20). */
  keepFinishedRuns?: number;
  /** Tools marked “ask before running” (held for the person, or decided by the policy). */
  approvals?: ApprovalPolicy;
  /** The server that streams reports to the browser, when this host has one now. */
  reportDownloads?(): ReportDownloads | null;
}

export interface DebugService {
  api: DebugApi;
  extension: RunExtension;
}

/**
 * The protocol debugger: breakpoints and held calls for every run, saved transcripts in the
 * workspace or files, HTML export, and replay (live, or against the recording).
 */
export function createDebugService(options: DebugServiceOptions): DebugService {
  const { launcher, workspaceHost, emit } = options;
  const breakpoints = createBreakpointStore((list) =>
    emit({ channel: 'debug', type: 'breakpoints', breakpoints: list }),
  );
  const pauses = createPausedCallRegistry({
    onPaused: (paused) => emit({ channel: 'debug', type: 'paused', paused }),
    onResumed: (pauseId, runId) => emit({ channel: 'debug', type: 'resumed', pauseId, runId }),
  });
  const runs = createDebugRunExtension({
    breakpoints,
    pauses,
    runtimeSettings: () => workspaceHost.runtimeSettings(),
    emit,
    keepFinishedRuns: options.keepFinishedRuns ?? 20,
    ...(options.approvals ? { approvals: options.approvals } : {}),
    onRunFinished: (runId) => {
      liveTimelines.drop(runId);
      liveDiffSides.drop(runId);
    },
  });
  const finishedRun = runs.finishedRun;
  const liveTimelines = createLiveTimelines();
  const liveDiffSides = createLiveDiffSides();
  const filePages = createTranscriptFilePages();

  async function workspaceDir(): Promise<string> {
    return path.dirname((await workspaceHost.workspace.get()).path);
  }

  async function listTranscripts(): Promise<SavedTranscriptRef[]> {
    const view = await workspaceHost.workspace.get();
    const dir = path.dirname(view.path);
    return view.transcripts.map((ref) => ({ ...ref, file: path.resolve(dir, ref.file) }));
  }

  async function announceTranscripts() {
    emit({ channel: 'debug', type: 'transcripts', transcripts: await listTranscripts() });
  }

  /**
   * A finished run kept here (or one still going, for the views that lay out a run as far as it has
   * got), or a transcript file (a path from the page is checked first).
   */
  async function sourceOf(
    source: unknown,
    live: 'live too' | 'finished' = 'finished',
  ): Promise<{ run: ReturnType<typeof runs.keptRun> } | { file: string }> {
    if (typeof source !== 'object' || source === null)
      throw new InvalidArgumentError('the transcript source must be an object');
    const fields = source as Record<string, unknown>;
    if ('runId' in fields) {
      if (live === 'live too') return { run: runs.keptRun(fields.runId) };
      const { record, finished } = finishedRun(fields.runId);
      return { run: { runId: fields.runId as string, record, transcript: finished.transcript, live: false } };
    }
    if ('file' in fields) return { file: checkFilePath(fields.file, '.jsonl', 'source.file') };
    if ('transcriptId' in fields) {
      const ref = (await listTranscripts()).find((candidate) => candidate.id === fields.transcriptId);
      if (!ref)
        throw new InvalidArgumentError(
          `the workspace has no transcript with id ${JSON.stringify(fields.transcriptId)}`,
        );
      return { file: checkFilePath(ref.file, '.jsonl', 'the transcript file') };
    }
    throw new InvalidArgumentError('the transcript source needs runId, file or transcriptId');
  }

  /** The header, count and problems, and only the last entries: the views page the rest from the host. */
  async function load(source: unknown): Promise<LoadedTranscript> {
    const found = await sourceOf(source);
    if ('file' in found) {
      const { header, count, problems } = await filePages.check(found.file);
      const firstIndex = Math.max(0, count - OPENED_TRANSCRIPT_ENTRIES);
      const { entries } =
        count > firstIndex
          ? await filePages.page(found.file, { from: firstIndex, limit: count - firstIndex })
          : { entries: [] };
      return { header, count, firstIndex, entries, problems };
    }
    const { record, transcript } = found.run;
    const firstIndex = Math.max(0, transcript.count - OPENED_TRANSCRIPT_ENTRIES);
    return {
      header: buildTranscriptHeader(record, transcript),
      count: transcript.count,
      firstIndex,
      entries: transcript.page(firstIndex, transcript.count),
      problems: [],
    };
  }

  /** A run's or a file's entries as JSON lines (a file's up to its first bad line), for a search or rows. */
  async function withLines<T>(source: unknown, read: (lines: TranscriptLines) => T | Promise<T>) {
    const found = await sourceOf(source);
    if ('file' in found) return read(await filePages.lines(found.file));
    const { transcript } = found.run;
    // Held while it is read: the run may be let go meanwhile (more runs finish).
    transcript.retain();
    try {
      return await read(transcript);
    } finally {
      transcript.release();
    }
  }

  /** A run's or a file's transcript to read page by page; close it when done. */
  async function readerOf(
    source: unknown,
    live: 'live too' | 'finished' = 'finished',
  ): Promise<TranscriptSourceReader> {
    const found = await sourceOf(source, live);
    if ('file' in found) {
      const { file } = found;
      const first = await filePages.page(file, { from: 0, limit: 1 });
      return {
        header: first.header,
        count: first.count,
        page: async (from, to) => filePages.page(file, { from, limit: Math.max(1, to - from) }),
        close: () => undefined,
      };
    }
    const { runId, record, transcript, live: going } = found.run;
    // Held while it is read: the run may be let go meanwhile (more runs finish), its file not.
    transcript.retain();
    let open = true;
    return {
      header: buildTranscriptHeader(record, transcript),
      // A run still going is read as far as it had got now, whatever it adds meanwhile.
      count: transcript.count,
      ...(going ? { liveRunId: runId } : {}),
      page: async (from, to) => ({ entries: transcript.page(from, to), problems: [] }),
      close() {
        if (open) transcript.release();
        open = false;
      },
    };
  }

  async function withReader<T>(
    source: unknown,
    read: (reader: TranscriptSourceReader) => Promise<T>,
    live: 'live too' | 'finished' = 'finished',
  ) {
    const reader = await readerOf(source, live);
    try {
      return await read(reader);
    } finally {
      reader.close();
    }
  }

  // A run still going is compared as far as it has got; asked again once it has grown, only its new entries are read.
  const transcriptDiff = createTranscriptDiffs((source) => readerOf(source, 'live too'), liveDiffSides);

  function maskOptions(sensitiveKeys: string[] = []): MaskOptions {
    const secrets = options.secretMasker?.();
    return { sensitiveKeys, ...(secrets ? { secrets } : {}) };
  }

  /**
   * The report of a checked source, written as it is made: the source is read when it is written
   * (it may be gone by then, and says so), masked as the secrets and `sensitiveKeys` are then.
   */
  async function htmlReport(source: unknown, sensitiveKeys: string[] | undefined): Promise<FileWriter> {
    await withReader(source, async () => undefined); // a source that is not there is told at once
    const maskProblems = (problems: TranscriptProblem[]) =>
      options.secretMasker?.().mask(problems) ?? problems;
    return (write) =>
      withReader(source, (reader) =>
        transcriptHtmlWriter(reader, maskOptions(sensitiveKeys), maskProblems)(write),
      );
  }

  const api: DebugApi = {
    listBreakpoints: async () => breakpoints.list(),
    addBreakpoint: async (spec) => breakpoints.add(spec),
    updateBreakpoint: async (id, patch) => breakpoints.update(id, patch),
    removeBreakpoint: async (id) => breakpoints.remove(id),
    async checkCondition(condition) {
      if (typeof condition !== 'string') throw new InvalidArgumentError('condition must be a string');
      try {
        parseCondition(condition);
        return { ok: true };
      } catch (error) {
        if (error instanceof ConditionSyntaxError)
          return { ok: false, reason: error.reason, column: error.column };
        throw error;
      }
    },
    pausedCalls: async () => pauses.list(),
    resume: async (pauseId, action) => pauses.resume(pauseId, action),
    listTranscripts,
    async saveTranscript(runId, rawOptions) {
      const { record, finished } = finishedRun(runId);
      const saveOptions = checkSaveOptions(rawOptions);
      const savedAt = new Date();
      // Named after when it ran: a run saved minutes later is still the run of that moment.
      const name = saveOptions.name ?? `Run ${formatRunTime(record.startedAt)}`;
      const header = {
        ...buildTranscriptHeader(record, finished.transcript),
        name,
        savedAt: savedAt.toISOString(),
      };
      const text = transcriptWriter(header, finished.transcript, maskOptions(saveOptions.sensitiveKeys));
      const file =
        saveOptions.file ??
        path.join(
          await makeOwnFolder(await workspaceDir(), 'transcripts'),
          transcriptFileName(name, savedAt),
        );
      // Beside the workspace (maybe someone else's folder) too, the file is new, never written through a link.
      await writeNewTextFile(file, text);
      const saved: SavedTranscript = { name, file, savedAt: savedAt.toISOString() };
      if (!saveOptions.file) {
        // run_finished, which carries the facts, is the transcript's last entry.
        const { transcript } = finished;
        const tail = transcript.page(Math.max(0, transcript.count - 1), transcript.count);
        const facts = runFactsFromTranscript(tail, record.options);
        const end: RunEndRecord = { result: runEndOf(finished.result), ...(facts ? { facts } : {}) };
        const ref = await workspaceHost.workspace.addTranscript({
          name,
          file,
          savedAt: savedAt.toISOString(),
          origin: record.request.origin ?? { kind: 'person' },
          outcome: options.secretMasker?.().mask(end) ?? end,
        });
        saved.transcriptId = ref.id;
        await announceTranscripts();
      }
      return saved;
    },
    openTranscript: (source) => load(source),
    async transcriptPage(source, range) {
      const found = await sourceOf(source);
      if ('file' in found) return filePages.page(found.file, range);
      const { record, transcript } = found.run;
      return {
        header: buildTranscriptHeader(record, transcript),
        count: transcript.count,
        entries: transcriptSlice(transcript, range),
        problems: [],
      };
    },
    async transcriptSearch(source, query, searchOptions) {
      const { terms, from, direction, all } = checkTranscriptSearch(query, searchOptions);
      return withLines(source, (lines) => searchTranscript(lines, terms, from, direction, all));
    },
    async transcriptRows(source, indexes) {
      const wanted = checkRowIndexes(indexes);
      return withLines(source, (lines) => transcriptRowsAt(lines, wanted));
    },
    async transcriptTimeline(source, rawWindow) {
      const window = checkTimelineWindow(rawWindow);
      return withReader(
        source,
        (reader) =>
          reader.liveRunId === undefined
            ? summarizeTranscriptTimeline(reader, window)
            : liveTimelines.summarize(reader.liveRunId, reader, window),
        'live too',
      );
    },
    transcriptDiff: (left, right, range) => transcriptDiff(left, right, range),
    async removeTranscript(transcriptId) {
      if (typeof transcriptId !== 'string') throw new InvalidArgumentError('transcriptId must be a string');
      await workspaceHost.workspace.removeTranscript(transcriptId);
      await announceTranscripts();
    },
    async exportHtml(source, rawOptions) {
      const exportOptions = checkExportOptions(rawOptions);
      const html = await htmlReport(source, exportOptions.sensitiveKeys);
      // To a file, the report is written as it is made; only without one is it a string.
      if (exportOptions.file) {
        await writeNewTextFile(exportOptions.file, html);
        return { file: exportOptions.file };
      }
      const chunks: string[] = [];
      await html(async (chunk) => chunks.push(chunk.toString()));
      return { html: chunks.join('') };
    },
    async prepareHtmlDownload(source, rawOptions) {
      const { fileName, sensitiveKeys } = checkDownloadOptions(rawOptions);
      const downloads = options.reportDownloads?.();
      if (!downloads)
        throw new Error(
          'this host serves no downloads (browser mode does); export the report with exportHtml instead',
        );
      const write = await htmlReport(source, sensitiveKeys);
      // The answer is masked on its way to the page: a link holding a short secret's value would break.
      const masker = options.secretMasker?.();
      const unmasked = (link: string) => !masker || masker.mask(link) === link;
      return { url: downloads.offer({ fileName, write }, unmasked), fileName };
    },
    async replay(source, mode, rawOptions) {
      const replayMode = checkReplayMode(mode);
      const code = checkReplayCode(rawOptions, replayMode);
      // The recording is read a page at a time as the replay makes its calls, never whole.
      const reader = await readerOf(source);
      try {
        const { header } = reader;
        if (!header) {
          const [problem] = (await reader.page(0, 1)).problems;
          throw new InvalidArgumentError(
            `the transcript cannot be replayed: ${problem?.reason ?? 'it has no header'} (line ${problem?.line ?? 1})`,
          );
        }
        const executor = header.runner
          ? executorForRunner(header.runner, workspaceHost.runtimeSettings().executor)
          : undefined;
        const request: RunRequest = {
          code: code ?? header.code,
          limits: header.options,
          origin: {
            kind: 'replay',
            against: replayMode === 'live' ? 'live' : 'recording',
            ...(header.name ? { transcript: header.name } : {}),
            ...(header.runner ? { runner: describeRunnerRef(header.runner) } : {}),
          },
          ...(executor ? { executor } : {}),
        };
        if (replayMode === 'live') {
          reader.close();
          return await launcher(request);
        }
        // Against the recording the guest gets the recorded namespaces as stand-ins (every answer
        // comes from the recording), so the workspace needs none of those providers.
        runs.planReplay(request, { answers: createRecordingAnswers(reader), close: () => reader.close() });
        return await launcher(request, { providers: providersFromManifests(header.providers) });
      } catch (error) {
        reader.close();
        throw error;
      }
    },
  };

  return { api, extension: runs.extension };
}

/** The edited code to replay against a recording, when the (untrusted) options give one. */
function checkReplayCode(options: unknown, mode: ReplayMode): string | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object' || Array.isArray(options))
    throw new InvalidArgumentError('replay options must be an object like { code: "..." }');
  const code = (options as { code?: unknown }).code;
  if (code === undefined) return undefined;
  if (typeof code !== 'string') throw new InvalidArgumentError('replay options.code must be a string');
  if (mode !== 'recording')
    throw new InvalidArgumentError(
      'other code can only be replayed against the recording (mode "recording")',
    );
  const tooLarge = codeTooLargeReason(code);
  if (tooLarge) throw new InvalidArgumentError(tooLarge);
  return code;
}

function checkReplayMode(mode: unknown): ReplayMode {
  if (mode !== 'live' && mode !== 'recording')
    throw new InvalidArgumentError(`replay mode must be "live" or "recording" (got ${JSON.stringify(mode)})`);
  return mode;
}
