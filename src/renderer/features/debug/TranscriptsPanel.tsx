import { describeRunListItem, fileNameStem } from '../../../shared/format';
import { useState } from 'react';
import type { ReplayMode, TranscriptSource } from '../../../shared/api/debug';
import { getActiveEditor } from '../../state/activeEditor';
import { useTabStore } from '../../state/tabStore';
import { useCurrentRun, usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';
import { useDownloadHtmlReport } from '../../state/hostContext';

/** Save the current run, and open, replay, export or remove saved transcripts. */
export function TranscriptsPanel() {
  const api = useDebugSync();
  const downloadHtmlReport = useDownloadHtmlReport();
  const run = useCurrentRun();
  const transcripts = useDebugStore((s) => s.transcripts);
  const opened = useDebugStore((s) => s.opened);
  const notify = usePlaygroundStore((s) => s.notify);
  const [name, setName] = useState('');
  const [sensitive, setSensitive] = useState('');
  const [saveFile, setSaveFile] = useState('');
  const [filePath, setFilePath] = useState('');
  const [busy, setBusy] = useState(false);
  const sensitiveKeys = () =>
    sensitive
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify('error', describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const open = (source: TranscriptSource, label: string) =>
    attempt(async () => {
      const loaded = await api.debug.openTranscript(source);
      useDebugStore.setState({
        opened: { ...loaded, label, source, openedAt: Date.now() },
        viewing: 'opened',
        selectedCallId: null,
      });
      useTabStore.getState().select('bottom', 'step-through');
      if (loaded.problems.length > 0)
        notify('error', `${label} broke at line ${loaded.problems[0]!.line}: ${loaded.problems[0]!.reason}`);
    });
  const replay = (source: TranscriptSource, mode: ReplayMode) =>
    attempt(async () => {
      await api.debug.replay(source, mode);
    });
  // The code now in the editor, answered by the recording: the first call that differs pauses.
  const replayEditorCode = (source: TranscriptSource) =>
    attempt(async () => {
      const editor = getActiveEditor();
      if (!editor) throw new Error('Open a snippet in the editor first: its code is what gets replayed.');
      await api.debug.replay(source, 'recording', { code: editor.getCode() });
    });
  const exportHtml = (source: TranscriptSource, label: string) =>
    attempt(async () => {
      const file = await downloadHtmlReport(source, {
        fileName: `${fileNameStem(label, 'transcript')}.html`,
        sensitiveKeys: sensitiveKeys(),
      });
      if (file) notify('info', `Saved the report to ${file}`);
    });

  return (
    <div className="debug-panel transcripts-panel">
      <form
        className="save-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!run?.result) return;
          void attempt(async () => {
            const keys = sensitiveKeys();
            const saved = await api.debug.saveTranscript(run.runId, {
              ...(name.trim() ? { name: name.trim() } : {}),
              sensitiveKeys: keys,
              ...(saveFile.trim() ? { file: saveFile.trim() } : {}),
            });
            notify('info', `Saved “${saved.name}” to ${saved.file}`);
            setName('');
          });
        }}
      >
        <h3>Save the current run</h3>
        <input
          aria-label="Transcript name"
          placeholder="name (optional)"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <input
          aria-label="Sensitive keys"
          placeholder="keys to mask when saving or exporting, e.g. token, password"
          value={sensitive}
          onChange={(e) => setSensitive(e.target.value)}
        />
        <input
          aria-label="Save to file"
          placeholder="or a file: /absolute/path/run.jsonl (optional)"
          value={saveFile}
          onChange={(e) => setSaveFile(e.target.value)}
        />
        <div className="field-hint">Secret values from the secret store are always masked.</div>
        <button type="submit" className="primary" disabled={busy || !run?.result}>
          {run && !run.result
            ? 'Save (when the run finishes)'
            : saveFile.trim()
              ? 'Save to file'
              : 'Save to workspace'}
        </button>
        {run?.result && (
          <div className="debug-actions">
            <button
              type="button"
              disabled={busy}
              onClick={() => void exportHtml({ runId: run.runId }, 'run')}
            >
              Export run as HTML
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void replay({ runId: run.runId }, 'recording')}
              title="Run the recorded code again with every tool call answered from this run"
            >
              Replay the recording
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void replayEditorCode({ runId: run.runId })}
              title="Run the code now in the editor with every tool call answered from this run; the first call that differs pauses"
            >
              Replay editor code against this run
            </button>
          </div>
        )}
      </form>
      <h3>Saved transcripts</h3>
      {transcripts.length === 0 ? (
        <p className="muted">None yet. Saved runs are kept beside the workspace file.</p>
      ) : (
        <ul className="transcript-list" aria-label="Saved transcripts">
          {transcripts.map((ref) => (
            <li key={ref.id} data-testid="saved-transcript">
              <div>
                <strong>{ref.name}</strong>{' '}
                <span className="muted" title={ref.file} data-testid="saved-transcript-run">
                  {ref.savedAt
                    ? 'saved ' +
                      describeRunListItem({
                        when: ref.savedAt,
                        ...(ref.origin ? { origin: ref.origin } : {}),
                        ...(ref.outcome ? { end: ref.outcome } : { unknownEnd: true }),
                      })
                    : ''}
                </span>
              </div>
              <div className="debug-actions">
                <button disabled={busy} onClick={() => void open({ transcriptId: ref.id }, ref.name)}>
                  Open
                </button>
                <button
                  disabled={busy}
                  onClick={() => void replay({ transcriptId: ref.id }, 'recording')}
                  title="Answer every tool call from the recording"
                >
                  Replay recording
                </button>
                <button
                  disabled={busy}
                  onClick={() => void replayEditorCode({ transcriptId: ref.id })}
                  title="Run the code now in the editor against this recording's answers"
                >
                  Replay editor code
                </button>
                <button
                  disabled={busy}
                  onClick={() => void replay({ transcriptId: ref.id }, 'live')}
                  title="Run the same code and options against the live providers"
                >
                  Re-run live
                </button>
                <button disabled={busy} onClick={() => void exportHtml({ transcriptId: ref.id }, ref.name)}>
                  HTML
                </button>
                <button
                  className="link danger"
                  disabled={busy}
                  onClick={() => void attempt(() => api.debug.removeTranscript(ref.id))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className="open-file-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (filePath.trim()) void open({ file: filePath.trim() }, filePath.trim());
        }}
      >
        <h3>Open a file</h3>
        <input
          aria-label="Transcript file path"
          placeholder="/absolute/path/run.jsonl"
          value={filePath}
          onChange={(e) => setFilePath(e.target.value)}
        />
        <button type="submit" disabled={busy || !filePath.trim()}>
          Open
        </button>
      </form>
      {opened && (
        <p className="muted" data-testid="opened-transcript">
          Open: <strong>{opened.label}</strong>, {opened.count.toLocaleString('en-US')} entries
          {opened.problems[0]
            ? `, broken at line ${opened.problems[0].line}: ${opened.problems[0].reason}`
            : ''}
        </p>
      )}
    </div>
  );
}
