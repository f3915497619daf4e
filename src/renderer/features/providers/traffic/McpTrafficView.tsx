import '../inspector.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { McpTrafficMessage } from '../../../../shared/api/mcpInspect';
import type { ProviderStatus } from '../../../../shared/api/providers';
import { formatBytes, plural } from '../../../../shared/format';
import { describeError } from '../../../state/describeError';
import { useApi } from '../../../state/hostContext';
import { usePlaygroundStore } from '../../../state/store';
import { useTabStore } from '../../../state/tabStore';
import { useTrafficFocus, type TrafficTarget } from '../../../state/trafficFocus';
import { useTranscriptFocus } from '../../../state/transcriptFocus';
import { ValueViewer } from '../../../ui/values/ValueViewer';
import { McpHttpRow } from './McpHttpRow';
import { useProviderViews } from '../../../state/providerViews';
import { filterTraffic, NO_TRAFFIC_FILTER, trafficMethods, type TrafficFilter } from './filterTraffic';

const NO_MESSAGES: McpTrafficMessage[] = [];

function clockTime(at: number): string {
  const time = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}.${pad(time.getMilliseconds(), 3)}`;
}

const sameRequest = (m: McpTrafficMessage, connection: number, rpcId: string | number) =>
  m.connection === connection && m.rpcId === rpcId;

/**
 * Every JSON-RPC message exchanged with one MCP server (the Inspector's history): time, direction,
 * kind, method (a response names the request it answers), id, size; searched and filtered; a message
 * opens as JSON, and a guest's tools/call leads to its transcript row. `wide`: the panel beside the
 * transcript, filling it, instead of the providers pane's short list.
 */
export function McpTrafficView({ provider, wide = false }: { provider: ProviderStatus; wide?: boolean }) {
  const api = useApi();
  const messages = usePlaygroundStore((s) => s.traffic[provider.id]) ?? NO_MESSAGES;
  const addTraffic = usePlaygroundStore((s) => s.addTraffic);
  const notify = usePlaygroundStore((s) => s.notify);
  const focus = useTrafficFocus((s) => s.request);
  const jumpToCall = useTranscriptFocus((s) => s.jumpToCall);
  const selectTab = useTabStore((s) => s.select);
  const [openSeq, setOpenSeq] = useState<number | null>(null);
  const [filter, setFilter] = useState<TrafficFilter>(NO_TRAFFIC_FILTER);
  const shown = useMemo(() => filterTraffic(messages, filter), [messages, filter]);
  const methods = useMemo(() => trafficMethods(messages), [messages]);
  const showWide = useProviderViews((s) => s.showWideTraffic);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    api.providers.mcpTraffic(provider.id).then(
      (held) => current && addTraffic(provider.id, held),
      (error: unknown) =>
        notify('error', `Could not read the traffic of ${provider.name}: ${describeError(error)}`),
    );
    return () => {
      current = false;
    };
  }, [api, provider.id, provider.name, addTraffic, notify]);

  const target = focus && focus.providerName === provider.name ? focus : null;
  useEffect(() => {
    const show = (request: TrafficTarget | null) => {
      if (!request || request.providerName !== provider.name) return;
      const held = usePlaygroundStore.getState().traffic[provider.id] ?? NO_MESSAGES;
      const found = held.find(
        (m) => m.kind === 'request' && sameRequest(m, request.connection, request.rpcId),
      );
      if (!found) return;
      setOpenSeq(found.seq);
      requestAnimationFrame(() =>
        list.current?.querySelector(`[data-seq="${found.seq}"]`)?.scrollIntoView({ block: 'center' }),
      );
    };
    // The jump that opened this view came before it, and the traffic may still be on its way.
    const first = setTimeout(() => show(useTrafficFocus.getState().request), 300);
    const stop = useTrafficFocus.subscribe((state) => show(state.request));
    return () => {
      clearTimeout(first);
      stop();
    };
  }, [provider.id, provider.name]);

  const clear = () =>
    api.providers
      .clearMcpTraffic(provider.id)
      .catch((error: unknown) => notify('error', `Could not clear the traffic: ${describeError(error)}`));

  return (
    <div
      className={`mcp-traffic${wide ? ' wide' : ''}`}
      data-testid={wide ? 'mcp-traffic-wide' : 'mcp-traffic'}
    >
      <div className="provider-console-head">
        <span className="muted" data-testid="traffic-count">
          {shown.length === messages.length
            ? plural(messages.length, 'message')
            : `${shown.length} of ${plural(messages.length, 'message')}`}{' '}
          · raw JSON-RPC, newest at the bottom
        </span>
        {!wide && (
          <button
            className="link"
            title="Show this traffic in a panel beside the transcript"
            onClick={() => {
              showWide(provider.id);
              selectTab('right', 'mcp-traffic');
            }}
          >
            open wide
          </button>
        )}
        <button className="link" onClick={() => void clear()} disabled={messages.length === 0}>
          clear
        </button>
      </div>
      <div className="traffic-filter" role="search" aria-label={`Filter ${provider.name} MCP traffic`}>
        <input
          type="search"
          aria-label="Search the traffic"
          placeholder="search method or JSON text"
          value={filter.text}
          onChange={(e) => setFilter({ ...filter, text: e.target.value })}
        />
        <select
          aria-label="Direction"
          value={filter.direction}
          onChange={(e) => setFilter({ ...filter, direction: e.target.value as TrafficFilter['direction'] })}
        >
          <option value="all">both ways</option>
          <option value="sent">→ sent to the server</option>
          <option value="received">← from the server</option>
        </select>
        <select
          aria-label="Method"
          value={filter.method}
          onChange={(e) => setFilter({ ...filter, method: e.target.value })}
        >
          <option value="">every method</option>
          {methods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      </div>
      <div className="mcp-traffic-list" role="list" aria-label={`${provider.name} MCP traffic`} ref={list}>
        {messages.length === 0 && <p className="muted">No messages with this server yet.</p>}
        {messages.length > 0 && shown.length === 0 && <p className="muted">No message matches the filter.</p>}
        {shown.map((m) => {
          const open = openSeq === m.seq;
          if (m.kind === 'http')
            return (
              <McpHttpRow
                key={m.seq}
                message={m}
                open={open}
                time={clockTime(m.at)}
                onToggle={() => setOpenSeq(open ? null : m.seq)}
              />
            );
          const linked =
            target !== null && m.rpcId !== undefined && sameRequest(m, target.connection, target.rpcId);
          return (
            <div
              key={m.seq}
              role="listitem"
              data-seq={m.seq}
              data-testid="traffic-message"
              data-direction={m.direction}
              className={`traffic-row traffic-${m.kind} ${linked ? 'linked' : ''}`}
            >
              <button
                className="traffic-summary"
                aria-expanded={open}
                onClick={() => setOpenSeq(open ? null : m.seq)}
              >
                <time dateTime={new Date(m.at).toISOString()}>{clockTime(m.at)}</time>
                <span className="traffic-direction" aria-label={m.direction === 'sent' ? 'sent' : 'received'}>
                  {m.direction === 'sent' ? '→' : '←'}
                </span>
                <span className="traffic-kind">{m.kind}</span>
                <span className="traffic-method">{m.method ?? ''}</span>
                {m.rpcId !== undefined && (
                  <span className="muted traffic-id">
                    {m.kind === 'response' || m.kind === 'error' ? 'answers ' : ''}#{String(m.rpcId)}
                  </span>
                )}
                <span className="muted traffic-size">{formatBytes(m.bytes)}</span>
              </button>
              {m.callId && (
                <button
                  className="link"
                  onClick={() => {
                    selectTab('right', 'transcript');
                    jumpToCall(m.callId!);
                  }}
                >
                  call {m.callId} in the transcript
                </button>
              )}
              {open &&
                (m.message !== undefined ? (
                  <ValueViewer value={m.message} label="JSON-RPC message" />
                ) : (
                  <pre className="traffic-preview">{m.preview}</pre>
                ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
