import { describe, expect, it } from 'vitest';
import {
  filterTraffic,
  NO_TRAFFIC_FILTER,
  trafficMethods,
} from '../../src/renderer/features/providers/traffic/filterTraffic';

interface Row {
  direction: 'sent' | 'received';
  kind: string;
  method?: string;
  rpcId?: number;
  message?: unknown;
  preview?: string;
}

const messages: Row[] = [
  {
    direction: 'sent',
    kind: 'request',
    method: 'initialize',
    rpcId: 0,
    message: { params: { clientInfo: { name: 'execbox' } } },
  },
  {
    direction: 'received',
    kind: 'response',
    method: 'initialize',
    rpcId: 0,
    message: { result: { serverInfo: { name: 'Everything' } } },
  },
  { direction: 'sent', kind: 'notification', method: 'notifications/initialized' },
  {
    direction: 'received',
    kind: 'response',
    method: 'tools/list',
    preview: '{"result":{"tools":[{"name":"echo"',
  },
  // A kind this view does not know yet (an HTTP exchange row): it passes on what it has.
  { direction: 'sent', kind: 'http', message: { url: 'https://auth.example/token' } },
];

describe('filterTraffic', () => {
  it('lets everything through with no filter', () => {
    expect(filterTraffic(messages, NO_TRAFFIC_FILTER)).toHaveLength(messages.length);
  });

  it('filters by direction, method and every word of the text, in the method or the JSON', () => {
    const by = (filter: Partial<typeof NO_TRAFFIC_FILTER>) =>
      filterTraffic(messages, { ...NO_TRAFFIC_FILTER, ...filter }).map((m) => m.method ?? m.kind);
    expect(by({ direction: 'received' })).toEqual(['initialize', 'tools/list']);
    expect(by({ method: 'initialize' })).toEqual(['initialize', 'initialize']);
    expect(by({ text: 'everything' })).toEqual(['initialize']);
    expect(by({ text: 'INITIALIZE execbox' })).toEqual(['initialize']);
    expect(by({ text: 'echo' })).toEqual(['tools/list']);
    expect(by({ text: 'auth.example' })).toEqual(['http']);
    expect(by({ text: 'nothing-like-this' })).toEqual([]);
  });

  it('lists the methods seen, once each, sorted', () => {
    expect(trafficMethods(messages)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });
});
