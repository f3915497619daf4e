import { useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/transcript';
import { describeRunListItem } from '../../../shared/format';
import { MonacoDiff } from '../../ui/monaco/MonacoDiff';
import { useTranscriptDiff } from './useTranscriptDiff';
import { DiffRowList } from './DiffRowList';
import { usePlaygroundStore } from '../../state/store';
import { useDebugStore } from '../../state/debugStore';
import { useDebugSync } from '../../state/useDebugSync';
import { SecretRevealToggle } from '../../ui/SecretRevealToggle';
import { useSecretReveal } from '../../state/useSecretReveal';

interface DiffSource {
  key: string;
  label: string;
  entries: TranscriptEntry[];
  code?: string;
}

type DiffView = 'code' | 'result' | 'messages';

/** Two runs side by side in Monaco's diff editor: code, result, and messages aligned by callId. */
export function DiffPanel() {
  useDebugSync();
  const runs = usePlaygroundStore((s) => s.runs);
  const opened = useDebugStore((s) => s.opened);
  const sources = useMemo(() => {
    const list: DiffSource[] = Object.values(runs)
      .filter((run) => run.result)
      .sort((a, b) => a.seenAt - b.seenAt)
      .map((run) => ({
        key: `run:${run.runId}`,
        label: describeRunListItem({
          when: run.seenAt,
          ...(run.origin ? { origin: run.origin } : {}),
          ...(run.result ? { end: { result: run.result, ...(run.facts ? { facts: run.facts } : {}) } } : {}),
        }),
        entries: run.entries,
        ...(run.request ? { code: run.request.code } : {}),
      }));
    if (opened)
      list.push({
        key: 'opened',
        label: `opened: ${opened.label}`,
        entries: opened.entries,
        ...(opened.header ? { code: opened.header.code } : {}),
      });
    return list;
  }, [runs, opened]);
  const [leftKey, setLeftKey] = useState<string | null>(null);
  const [rightKey, setRightKey] = useState<string | null>(null);
  const [view, setView] = useState<DiffView>('messages');
  const left = sources.find((s) => s.key === leftKey) ?? sources[sources.length - 2];
  const right = sources.find((s) => s.key === rightKey) ?? sources[sources.length - 1];
  const { diff: computed, computing } = useTranscriptDiff(left?.entries, right?.entries, {
    ...(left?.code !== undefined ? { left: left.code } : {}),
    ...(right?.code !== undefined ? { right: right.code } : {}),
  });
  const reveal = useSecretReveal('the diff', computed);
  const diff = reveal.value;

  if (computing && sources.length >= 2)
    return (
      <div className="pane-empty" role="status" data-testid="diff-computing">
        Comparing the two runs…
      </div>
    );
  if (sources.length < 2 || !left || !right || !diff)
    return (
      <div className="pane-empty">
        Finish two runs (or one run and an opened transcript) to compare them here.
      </div>
    );

  const first = diff.firstDifference !== undefined ? diff.rows[diff.firstDifference] : undefined;
  const firstLine =
    diff.firstDifference === undefined ? undefined : lineOfRow(diff.left.messages, diff.firstDifference);

  return (
    <div className="debug-panel diff-panel">
      <div className="diff-controls">
        <SourcePicker label="Left run" sources={sources} value={left.key} onChange={setLeftKey} />
        <SourcePicker label="Right run" sources={sources} value={right.key} onChange={setRightKey} />
        <div className="segmented" role="tablist" aria-label="What to compare">
          {(['messages', 'code', 'result'] as const).map((option) => (
            <button
              key={option}
              role="tab"
              aria-selected={view === option}
              className={view === option ? 'active' : ''}
              onClick={() => setView(option)}
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      <SecretRevealToggle reveal={reveal} />
      <p className={first ? 'banner warn' : 'banner info'} data-testid="first-difference">
        {first
          ? `First difference: ${first.label}${first.left === undefined ? ' (only in the right run)' : first.right === undefined ? ' (only in the left run)' : ''}`
          : 'No difference in code, tool calls or result (timings and ids aside).'}
        {diff.alignedBy === 'order' && ' · calls paired by order (the runs share no callIds)'}
      </p>
      <MonacoDiff
        original={
          view === 'code' ? diff.left.code : view === 'result' ? diff.left.result : diff.left.messages
        }
        modified={
          view === 'code' ? diff.right.code : view === 'result' ? diff.right.result : diff.right.messages
        }
        language={view === 'code' ? 'typescript' : 'plaintext'}
        revealLine={view === 'messages' ? firstLine : undefined}
      />
      <DiffRowList rows={diff.rows} firstDifference={diff.firstDifference} />
    </div>
  );
}

function lineOfRow(messages: string, rowIndex: number): number {
  // Each row starts with an unindented label line; the rest of the row is indented.
  const lines = messages.split('\n');
  let seen = -1;
  for (let line = 0; line < lines.length; line += 1) {
    if (!lines[line]!.startsWith('  ')) seen += 1;
    if (seen === rowIndex) return line + 1;
  }
  return 1;
}

function SourcePicker(props: {
  label: string;
  sources: DiffSource[];
  value: string;
  onChange(key: string): void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.sources.map((source) => (
        <option key={source.key} value={source.key}>
          {source.label}
        </option>
      ))}
    </select>
  );
}
