import { WORKSPACE_FORMAT_VERSION, type WorkspaceFile } from '../../../shared/workspaceFormat';

const issue = {
  type: 'object',
  required: ['number', 'title', 'state', 'labels', 'author'],
  properties: {
    number: { type: 'integer' },
    title: { type: 'string' },
    state: { enum: ['open', 'closed'] },
    labels: { type: 'array', items: { type: 'string' } },
    author: { type: 'object', required: ['login'], properties: { login: { type: 'string' } } },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const crashIssue = {
  number: 4211,
  title: 'Crash when the tool list changes mid-run',
  state: 'open',
  labels: ['bug', 'crash'],
  author: { login: 'octocat' },
  created_at: '2026-10-02T09:14:00Z',
};

const docsIssue = {
  number: 4107,
  title: 'Document the retry policy',
  state: 'closed',
  labels: ['docs'],
  author: { login: 'hubot' },
  created_at: '2026-09-18T16:40:00Z',
};

const forecastDay = {
  type: 'object',
  required: ['date', 'high', 'low', 'conditions'],
  properties: {
    date: { type: 'string', format: 'date' },
    high: { type: 'number' },
    low: { type: 'number' },
    conditions: { enum: ['sunny', 'cloudy', 'rain', 'snow', 'storm'] },
    precipitationChance: { type: 'number', minimum: 0, maximum: 1 },
  },
};

/** The built-in workspace opened on first start: mock providers only, so it works offline. */
export function createDemoWorkspace(): WorkspaceFile {
  return {
    formatVersion: WORKSPACE_FORMAT_VERSION,
    name: 'Execbox demo',
    providers: [
      {
        id: 'demo-github',
        name: 'github',
        kind: 'mock',
        description: 'A pretend GitHub: rules on the input, a not-found error and a tool that always fails.',
        tools: {
          search_issues: {
            description: 'Search issues by text, state and labels.',
            inputSchema: {
              type: 'object',
              required: ['q'],
              additionalProperties: false,
              properties: {
                q: { type: 'string', minLength: 1, description: 'Free text; try "crash" or "docs".' },
                state: { enum: ['open', 'closed', 'all'], default: 'open' },
                labels: { type: 'array', items: { type: 'string' } },
                limit: { type: 'integer', minimum: 1, maximum: 50 },
              },
            },
            outputSchema: {
              type: 'object',
              required: ['total_count', 'items'],
              properties: { total_count: { type: 'integer' }, items: { type: 'array', items: issue } },
            },
            response: {
              mode: 'rules',
              rules: [
                {
                  when: [{ path: '/q', matches: 'crash|panic' }],
                  then: { result: { total_count: 1, items: [crashIssue] } },
                },
                {
                  when: [{ path: '/q', contains: 'docs' }],
                  then: { result: { total_count: 1, items: [docsIssue] } },
                },
              ],
              otherwise: { result: { total_count: 2, items: [crashIssue, docsIssue] } },
            },
          },
          get_issue: {
            description: 'Fetch one issue by number (404 is not found).',
            inputSchema: {
              type: 'object',
              required: ['number'],
              properties: { number: { type: 'integer', minimum: 1 } },
            },
            outputSchema: issue,
            response: {
              mode: 'rules',
              rules: [
                { when: [{ path: '/number', equals: 4107 }], then: { result: docsIssue } },
                {
                  when: [{ path: '/number', equals: 404 }],
                  then: { error: { code: 'tool_error', message: 'GitHub: 404 Not Found' } },
                },
              ],
              otherwise: { result: crashIssue },
            },
          },
          create_issue: {
            description: 'Always fails: the pretend token lacks the repo scope.',
            inputSchema: {
              type: 'object',
              required: ['title'],
              properties: {
                title: { type: 'string' },
                body: { type: 'string' },
                labels: { type: 'array', items: { type: 'string' } },
              },
            },
            response: {
              mode: 'rules',
              rules: [],
              otherwise: {
                error: {
                  code: 'tool_error',
                  message: 'GitHub: 403 Forbidden (the token lacks the repo scope)',
                },
              },
            },
          },
        },
      },
      {
        id: 'demo-weather',
        name: 'weather',
        kind: 'mock',
        description: 'Slow forecasts (latency), a very slow radar, and a trusted handler that computes.',
        tools: {
          forecast: {
            description: 'A multi-day forecast; answers after 1.5 s.',
            inputSchema: {
              type: 'object',
              required: ['city'],
              properties: {
                city: { enum: ['Berlin', 'Lagos', 'Lima', 'Osaka'] },
                days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
                units: { enum: ['metric', 'imperial'] },
              },
            },
            outputSchema: {
              type: 'object',
              required: ['city', 'days'],
              properties: { city: { type: 'string' }, days: { type: 'array', items: forecastDay } },
            },
            latencyMs: 1500,
            response: {
              mode: 'handler',
              trusted: true,
              source: [
                "const conditions = ['sunny', 'cloudy', 'rain', 'sunny', 'storm', 'cloudy', 'snow'];",
                'const base = { Berlin: 9, Lagos: 31, Lima: 19, Osaka: 16 }[input.city];',
                'const days = [];',
                'for (let i = 0; i < (input.days ?? 3); i++) {',
                '  const high = base + ((i * 7) % 5);',
                "  const toUnits = (c) => (input.units === 'imperial' ? Math.round(c * 1.8 + 32) : c);",
                '  days.push({',
                '    date: new Date(Date.UTC(2026, 10, 22 + i)).toISOString().slice(0, 10),',
                '    high: toUnits(high),',
                '    low: toUnits(high - 6),',
                '    conditions: conditions[(base + i) % conditions.length],',
                '    precipitationChance: ((base + i * 13) % 10) / 10,',
                '  });',
                '}',
                'return { city: input.city, days };',
              ].join('\n'),
            },
          },
          radar: {
            description: 'Takes 8 s: longer than the default 5 s run timeout.',
            inputSchema: { type: 'object', properties: { region: { type: 'string' } } },
            latencyMs: 8000,
            response: { mode: 'fixed', result: { frames: 12, url: 'https://example.invalid/radar.gif' } },
          },
          convert_temperature: {
            description: 'Trusted handler code: converts between Celsius and Fahrenheit.',
            inputSchema: {
              type: 'object',
              required: ['value', 'from'],
              properties: { value: { type: 'number' }, from: { enum: ['C', 'F'] } },
            },
            outputSchema: {
              type: 'object',
              required: ['value', 'unit'],
              properties: { value: { type: 'number' }, unit: { enum: ['C', 'F'] } },
            },
            response: {
              mode: 'handler',
              trusted: true,
              source: [
                "if (input.from === 'C') return { value: Math.round((input.value * 9) / 5 + 32), unit: 'F' };",
                "return { value: Math.round(((input.value - 32) * 5) / 9), unit: 'C' };",
              ].join('\n'),
            },
          },
        },
      },
      {
        id: 'demo-crm',
        name: 'crm',
        kind: 'mock',
        description: 'Customers and orders, with a refund the user approves by hand (manual mode).',
        tools: {
          find_customer: {
            description: 'Look a customer up by email.',
            inputSchema: {
              type: 'object',
              required: ['email'],
              properties: { email: { type: 'string', format: 'email' } },
            },
            outputSchema: {
              type: 'object',
              required: ['found'],
              properties: {
                found: { type: 'boolean' },
                customer: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                    tier: { enum: ['free', 'pro', 'enterprise'] },
                    tags: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
            response: {
              mode: 'rules',
              rules: [
                {
                  when: [{ path: '/email', matches: '@example\\.com$' }],
                  then: {
                    result: {
                      found: true,
                      customer: { id: 'cus_1', name: 'Ada Lovelace', tier: 'enterprise', tags: ['vip'] },
                    },
                  },
                },
              ],
              otherwise: { result: { found: false } },
            },
          },
          list_orders: {
            description: 'Recent orders of a customer.',
            inputSchema: {
              type: 'object',
              required: ['customerId'],
              properties: { customerId: { type: 'string' } },
            },
            outputSchema: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'total', 'currency'],
                properties: {
                  id: { type: 'string' },
                  total: { type: 'number' },
                  currency: { enum: ['EUR', 'USD'] },
                },
              },
            },
            latencyMs: 300,
            response: {
              mode: 'fixed',
              result: [
                { id: 'ord_17', total: 129.5, currency: 'EUR' },
                { id: 'ord_18', total: 42, currency: 'EUR' },
              ],
            },
          },
          approve_refund: {
            description: 'Asks you, in the playground, to answer each call (manual mode).',
            inputSchema: {
              type: 'object',
              required: ['orderId', 'amount'],
              properties: {
                orderId: { type: 'string' },
                amount: { type: 'number', exclusiveMinimum: 0 },
                reason: { type: 'string' },
              },
            },
            response: { mode: 'manual' },
          },
        },
      },
    ],
    snippets: [
      {
        id: 'demo-welcome',
        name: 'Welcome: search issues',
        code: [
          '// Tools are async functions on their provider namespace.',
          '// Hover a tool to see its typings; Ctrl+Enter runs.',
          "const result = await github.search_issues({ q: 'crash' });",
          'console.log(`found ${result.total_count}`);',
          'return result.items.map(',
          '  (issue) => `#${issue.number} ${issue.title}`,',
          ');',
        ].join('\n'),
      },
      {
        id: 'demo-parallel',
        name: 'Parallel slow calls',
        code: [
          '// Each forecast takes 1.5 s; run together, about 1.5 s.',
          'const forecasts = await Promise.all([',
          "  weather.forecast({ city: 'Berlin', days: 2 }),",
          "  weather.forecast({ city: 'Lagos', days: 2 }),",
          "  weather.forecast({ city: 'Osaka', days: 2 }),",
          ']);',
          'return forecasts.map((f) => ({',
          '  city: f.city,',
          '  tomorrow: f.days[1].conditions,',
          '}));',
        ].join('\n'),
      },
      {
        id: 'demo-errors',
        name: 'Failing tools',
        code: [
          'const outcomes: Record<string, string> = {};',
          'try {',
          "  await github.create_issue({ title: 'Hello' });",
          '} catch (error) {',
          '  outcomes.create = error.message;',
          '}',
          'try {',
          '  await github.get_issue({ number: 404 });',
          '} catch (error) {',
          '  outcomes.get = error.message;',
          '}',
          'return outcomes;',
        ].join('\n'),
      },
      {
        id: 'demo-handler',
        name: 'Trusted handler',
        code: "return await weather.convert_temperature({\n  value: 21,\n  from: 'C',\n});",
      },
      {
        id: 'demo-timeout',
        name: 'Timeout (slow radar)',
        code: "// The radar answers after 8 s; the run timeout is 5 s.\nreturn await weather.radar({ region: 'EU' });",
      },
      {
        id: 'demo-manual',
        name: 'Manual answer',
        code: [
          'const { customer } = await crm.find_customer({',
          "  email: 'ada@example.com',",
          '});',
          'const [order] = await crm.list_orders({',
          '  customerId: customer.id,',
          '});',
          '// The playground asks you to answer this call.',
          'return await crm.approve_refund({',
          '  orderId: order.id,',
          '  amount: order.total,',
          "  reason: 'damaged',",
          '});',
        ].join('\n'),
      },
    ],
    activeSnippetId: 'demo-welcome',
    runtime: {},
    transcripts: [],
  };
}
