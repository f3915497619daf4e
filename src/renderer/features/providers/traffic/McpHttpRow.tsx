import type { McpTrafficMessage } from '../../../../shared/api/mcpInspect';
import { ValueViewer } from '../../../ui/values/ValueViewer';

const BODY_WORDS = { json: 'JSON', sse: 'SSE stream', other: 'other body' } as const;

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <table className="traffic-http-headers" aria-label={title}>
      <caption>{title}</caption>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One HTTP exchange behind an HTTP MCP server's messages, or a step of OAuth sign-in: the step,
 * method and path, status, content type (JSON or an SSE stream), time to headers and the session;
 * opened, the headers that matter and the answer's fields, credentials masked by the host.
 */
export function McpHttpRow(props: {
  message: McpTrafficMessage;
  open: boolean;
  time: string;
  onToggle(): void;
}) {
  const { message, open } = props;
  const http = message.http!;
  const failed = http.error !== undefined || (http.status !== undefined && http.status >= 400);
  const session = http.responseHeaders['mcp-session-id'] ?? http.requestHeaders['mcp-session-id'];
  return (
    <div
      role="listitem"
      data-seq={message.seq}
      data-testid="traffic-http"
      data-step={http.step}
      className={`traffic-row traffic-http ${failed ? 'failed' : ''}`}
    >
      <button className="traffic-summary" aria-expanded={open} onClick={props.onToggle}>
        <time dateTime={new Date(message.at).toISOString()}>{props.time}</time>
        <span className="traffic-kind">{http.step === 'mcp' ? 'HTTP' : 'OAuth'}</span>
        <span className="traffic-method">
          {http.step === 'mcp' ? (message.method ?? http.method) : http.step}
        </span>
        <span className="muted">
          {http.method} {pathOf(http.url)}
        </span>
        <span className={`traffic-http-status ${failed ? 'failed' : ''}`}>
          {http.status ?? (http.error ? 'failed' : 'in the browser')}
        </span>
        {http.body && <span className="muted">{BODY_WORDS[http.body]}</span>}
        {http.ms !== undefined && <span className="muted">{http.ms} ms</span>}
        {session && <span className="muted">session {session.slice(0, 8)}</span>}
      </button>
      {http.error && <div className="provider-error">{http.error}</div>}
      {open && (
        <div className="traffic-http-detail">
          <div className="muted">{http.url}</div>
          <Headers title="Request headers" headers={http.requestHeaders} />
          <Headers title="Response headers" headers={http.responseHeaders} />
          {http.summary && <ValueViewer value={http.summary} label="Answer (credentials masked)" />}
        </div>
      )}
    </div>
  );
}
