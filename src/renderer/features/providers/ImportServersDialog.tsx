import { useEffect, useState } from 'react';
import type { McpImportedServer, McpImportPlace, McpImportPreview } from '../../../shared/api/mcpImport';
import { MCP_IMPORT_MAX_CHARS } from '../../../shared/api/mcpImport';
import { plural } from '../../../shared/format';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useApi } from '../../state/hostContext';
import { usePlaygroundStore } from '../../state/store';
import { describeError } from '../../state/describeError';

interface Source {
  text: string;
  fileName: string;
  /** Picked as a file: its text (credentials and all) is not shown on the page. */
  picked?: boolean;
}

function where(place: McpImportPlace): string {
  return place.line === undefined
    ? place.jsonPath
    : `line ${place.line}:${place.column ?? 1} (${place.jsonPath})`;
}

function target(server: McpImportedServer): string {
  const transport = server.config.transport;
  if (transport.type === 'stdio') return `runs ${[transport.command, ...(transport.args ?? [])].join(' ')}`;
  return `${transport.type === 'sse' ? 'SSE' : 'Streamable HTTP'} ${transport.url}`;
}

/**
 * Reads another MCP client's configuration (a file picked or its text pasted), shows what would be
 * added and what could not be read, and imports it when asked. Commands still wait for the trust answer.
 */
export function ImportServersDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [source, setSource] = useState<Source>({ text: '', fileName: 'mcp.json' });
  const [preview, setPreview] = useState<{ source: Source; preview: McpImportPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (source.text.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      api.providers.previewMcpImport(source.text, source.fileName).then(
        (answer) => {
          if (!current) return;
          setPreview({ source, preview: answer });
          setError(null);
        },
        (e: unknown) => current && setError(describeError(e)),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, source]);

  const shown = preview && preview.source === source && source.text.trim() !== '' ? preview.preview : null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MCP_IMPORT_MAX_CHARS * 4) {
      setError(`${file.name} is ${file.size} bytes: too large for an MCP configuration`);
      return;
    }
    setSource({ text: await file.text(), fileName: file.name, picked: true });
  };

  const importNow = async () => {
    if (!shown || shown.servers.length === 0) return;
    setBusy(true);
    try {
      const result = await api.providers.importMcpServers(source.text, source.fileName);
      const commands = result.servers.filter((s) => s.config.transport.type === 'stdio').length;
      notify(
        'info',
        `Imported ${plural(result.servers.length, 'server')} from ${result.fileName}${commands > 0 ? `; ${plural(commands, 'command')} wait for your OK before they start` : ''}.`,
      );
      onClose();
    } catch (e) {
      setError(`Nothing was imported: ${describeError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Import MCP servers" onClose={onClose} wide>
      <div className="import-servers">
        <p className="muted">
          From Claude Desktop (<code>claude_desktop_config.json</code>), Cursor (<code>mcp.json</code>), VS
          Code (<code>.vscode/mcp.json</code>) or Claude Code (<code>.mcp.json</code>). Values that look like
          credentials go to the secret store; nothing starts before you allow it.
        </p>
        <Field label="Configuration file">
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Field>
        <Field
          label="…or paste its content"
          hint={
            source.picked
              ? `Reading ${source.fileName} (${source.text.length} characters); typing here replaces it.`
              : `Read as ${source.fileName}.`
          }
        >
          <textarea
            rows={6}
            value={source.picked ? '' : source.text}
            spellCheck={false}
            aria-label="Configuration text"
            onChange={(e) => setSource({ text: e.target.value, fileName: source.fileName })}
          />
        </Field>
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
        {shown && (
          <section className="import-preview" aria-label="Import preview">
            <h3>
              Read as {shown.format}: {plural(shown.servers.length, 'server')} to add
            </h3>
            <ul>
              {shown.servers.map((server) => (
                <li key={server.serverName} data-testid="import-server">
                  <strong>{server.config.name}</strong>{' '}
                  <span className="muted">
                    from ‘{server.serverName}’: {target(server)}
                  </span>
                  <ul>
                    {server.secretsMoved.map((s) => (
                      <li key={s.name}>
                        secret <code>{s.name}</code> ← {where(s.place)}: {s.why}
                      </li>
                    ))}
                    {server.secretsToEnter.map((s) => (
                      <li key={s.name}>
                        enter secret <code>{s.name}</code> under Secrets ({s.about})
                      </li>
                    ))}
                    {server.notes.map((note) => (
                      <li key={note} className="muted">
                        {note}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            {shown.problems.length > 0 && (
              <>
                <h3>Could not be read</h3>
                <ul className="import-problems">
                  {shown.problems.map((p) => (
                    <li key={`${p.place.jsonPath}:${p.message}`} data-testid="import-problem">
                      {where(p.place)}: {p.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )}
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={busy || !shown || shown.servers.length === 0}
            onClick={() => void importNow()}
          >
            {busy ? 'Importing…' : `Import ${shown ? plural(shown.servers.length, 'server') : 'servers'}`}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
