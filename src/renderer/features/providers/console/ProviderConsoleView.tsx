import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ProviderConsoleLine, ProviderStatus } from '../../../../shared/api/providers';
import { plural } from '../../../../shared/format';
import { useApi } from '../../../state/hostContext';
import { usePlaygroundStore } from '../../../state/store';
import { describeError } from '../../../state/describeError';
import { SearchBox } from '../../../ui/SearchBox';
import { useLineSearch } from '../../../ui/useLineSearch';

const NO_LINES: ProviderConsoleLine[] = [];
/** Within this many pixels of the bottom, new lines keep the view at the bottom. */
const FOLLOW_SLACK_PX = 24;

function clockTime(at: number): string {
  const time = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}`;
}

function tagOf(line: ProviderConsoleLine): string {
  if (line.source === 'log') return line.level ?? 'log';
  return line.source === 'stderr' ? 'stderr' : 'app';
}

/** An MCP server's log messages and stderr, newest at the bottom, following while you are there. */
export function ProviderConsoleView({ provider }: { provider: ProviderStatus }) {
  const api = useApi();
  const lines = usePlaygroundStore((s) => s.consoles[provider.id]) ?? NO_LINES;
  const addConsoleLines = usePlaygroundStore((s) => s.addConsoleLines);
  const notify = usePlaygroundStore((s) => s.notify);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const search = useLineSearch(lines);

  useEffect(() => {
    let current = true;
    api.providers.consoleLines(provider.id).then(
      (held) => current && addConsoleLines(provider.id, held),
      (error: unknown) =>
        notify('error', `Could not read the console of ${provider.name}: ${describeError(error)}`),
    );
    return () => {
      current = false;
    };
  }, [api, provider.id, provider.name, addConsoleLines, notify]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [lines]);

  const clear = () =>
    api.providers
      .clearConsole(provider.id)
      .catch((error: unknown) => notify('error', `Could not clear the console: ${describeError(error)}`));

  return (
    <div className="provider-console">
      <div className="provider-console-head">
        <span className="muted">{plural(lines.length, 'line')} · log messages and stderr</span>
        <button className="link" onClick={() => void clear()} disabled={lines.length === 0}>
          clear
        </button>
      </div>
      <SearchBox
        label={`Search the ${provider.name} console`}
        search={search}
        onStepped={(line) => {
          following.current = false;
          scroller.current?.children[line]?.scrollIntoView({ block: 'center' });
        }}
      />
      <div
        className="provider-console-lines"
        role="log"
        aria-label={`${provider.name} console`}
        ref={scroller}
        onScroll={(e) => {
          const box = e.currentTarget;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_SLACK_PX;
        }}
      >
        {lines.length === 0 ? (
          <p className="muted">No log messages or stderr output from this server yet.</p>
        ) : (
          lines.map((line, index) => (
            <div
              key={line.seq}
              data-testid="provider-console-line"
              className={`console-line console-${line.source} level-${line.level ?? 'none'} ${search.matchSet.has(index) ? 'match' : ''} ${index === search.currentLine ? 'current-match' : ''}`}
            >
              <time dateTime={new Date(line.at).toISOString()}>{clockTime(line.at)}</time>
              <span className="console-tag">{tagOf(line)}</span>
              {line.logger && <span className="console-logger">{line.logger}</span>}
              <span className="console-text">{line.text}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
