import '../inspector.css';
import { useEffect, useMemo, useState } from 'react';
import type {
  McpPromptInfo,
  McpPromptResult,
  McpResourceContent,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpServerInfo,
} from '../../../../shared/api/mcpInspect';
import type { ProviderStatus } from '../../../../shared/api/providers';
import { describeError } from '../../../state/describeError';
import { useApi } from '../../../state/hostContext';
import { useProviderViews } from '../../../state/providerViews';
import { usePlaygroundStore } from '../../../state/store';
import { ValueViewer } from '../../../ui/values/ValueViewer';
import { ResourceContentView } from './ResourceContentView';

interface Lists {
  server: McpServerInfo;
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
}

const NOTHING: readonly string[] = [];

/** An MCP server's info, resources, resource templates and prompts, as the MCP Inspector shows them. */
export function McpResourcesView({ provider }: { provider: ProviderStatus }) {
  const api = useApi();
  const notify = usePlaygroundStore((s) => s.notify);
  const [lists, setLists] = useState<Lists | null>(null);
  const [reload, setReload] = useState(0);
  const [read, setRead] = useState<{ uri: string; contents: McpResourceContent[] } | null>(null);
  const [uri, setUri] = useState('');
  // Kept outside the view: reopened, it still shows what was subscribed (a lost connection forgets it).
  const subscribedList = useProviderViews((s) => s.subscribed[provider.id]) ?? NOTHING;
  const subscribed = useMemo(() => new Set(subscribedList), [subscribedList]);
  const setSubscribed = useProviderViews((s) => s.setSubscribed);
  const forgetSubscriptions = useProviderViews((s) => s.forgetSubscriptions);
  useEffect(() => {
    if (provider.state !== 'ready') forgetSubscriptions(provider.id);
  }, [provider.state, provider.id, forgetSubscriptions]);
  const [updates, setUpdates] = useState<Record<string, number>>({});
  const [prompt, setPrompt] = useState<McpPromptInfo | null>(null);
  const [args, setArgs] = useState<Record<string, string>>({});
  const [promptResult, setPromptResult] = useState<McpPromptResult | null>(null);
  const fail = (what: string) => (error: unknown) =>
    notify('error', `Could not ${what}: ${describeError(error)}`);

  useEffect(() => {
    let current = true;
    const id = provider.id;
    Promise.all([
      api.providers.mcpServer(id),
      api.providers.listResources(id),
      api.providers.listResourceTemplates(id),
      api.providers.listPrompts(id),
    ]).then(
      ([server, resources, templates, prompts]) =>
        current &&
        setLists({ server, resources: resources.items, templates: templates.items, prompts: prompts.items }),
      fail(`list what ${provider.name} offers`),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, provider.id, reload]);

  useEffect(
    () =>
      api.onEvent((event) => {
        if (event.channel !== 'providers' || !('providerId' in event) || event.providerId !== provider.id)
          return;
        if (event.type === 'resource_updated') setUpdates((u) => ({ ...u, [event.uri]: Date.now() }));
        if (event.type === 'mcp_list_changed') setReload((n) => n + 1);
      }),
    [api, provider.id],
  );

  const readUri = (target: string) =>
    api.providers
      .readResource(provider.id, target)
      .then((answer) => setRead({ uri: target, ...answer }), fail(`read ${target}`));
  const toggleSubscription = (target: string) => {
    const on = subscribed.has(target);
    const call = on
      ? api.providers.unsubscribeResource(provider.id, target)
      : api.providers.subscribeResource(provider.id, target);
    call.then(
      () => setSubscribed(provider.id, target, !on),
      fail(`${on ? 'unsubscribe from' : 'subscribe to'} ${target}`),
    );
  };
  const getPrompt = () => {
    if (!prompt) return;
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== ''));
    api.providers
      .getPrompt(provider.id, prompt.name, given)
      .then(setPromptResult, fail(`get prompt ${prompt.name}`));
  };

  if (!lists) return <p className="muted">Asking {provider.name} what it offers…</p>;
  const canSubscribe = Boolean(
    (lists.server.capabilities.resources as { subscribe?: boolean } | undefined)?.subscribe,
  );
  return (
    <div className="mcp-resources" data-testid="mcp-resources">
      <p className="muted" data-testid="mcp-server-info">
        {lists.server.title ?? lists.server.name} {lists.server.version}
        {lists.server.protocolVersion && ` · protocol ${lists.server.protocolVersion}`}
      </p>
      <h3>Resources ({lists.resources.length})</h3>
      <ul className="resource-list" aria-label="Resources">
        {lists.resources.map((resource) => (
          <li key={resource.uri}>
            <button className="link" onClick={() => void readUri(resource.uri)} title={resource.description}>
              {resource.title ?? resource.name}
            </button>
            <span className="muted"> {resource.uri}</span>
            {canSubscribe && (
              <button
                className="link"
                aria-pressed={subscribed.has(resource.uri)}
                onClick={() => toggleSubscription(resource.uri)}
              >
                {subscribed.has(resource.uri) ? 'unsubscribe' : 'subscribe'}
              </button>
            )}
            {updates[resource.uri] && (
              <span className="badge" data-testid="resource-updated">
                updated {new Date(updates[resource.uri]!).toLocaleTimeString()}
              </span>
            )}
          </li>
        ))}
      </ul>
      <h3>Resource templates ({lists.templates.length})</h3>
      <ul className="resource-list" aria-label="Resource templates">
        {lists.templates.map((template) => (
          <li key={template.uriTemplate}>
            <button
              className="link"
              onClick={() => setUri(template.uriTemplate)}
              title={template.description}
            >
              {template.title ?? template.name}
            </button>
            <span className="muted"> {template.uriTemplate}</span>
          </li>
        ))}
      </ul>
      <form
        className="resource-read"
        onSubmit={(e) => {
          e.preventDefault();
          void readUri(uri);
        }}
      >
        <label>
          URI <input value={uri} onChange={(e) => setUri(e.target.value)} placeholder="fill in a template" />
        </label>
        <button type="submit" disabled={uri.trim() === ''}>
          Read
        </button>
        {canSubscribe && uri && (
          <button type="button" onClick={() => toggleSubscription(uri)}>
            {subscribed.has(uri) ? 'Unsubscribe' : 'Subscribe'}
          </button>
        )}
      </form>
      {read && (
        <section aria-label="Read resource">
          {read.contents.map((content, i) => (
            <ResourceContentView key={i} content={content} />
          ))}
        </section>
      )}
      <h3>Prompts ({lists.prompts.length})</h3>
      <ul className="resource-list" aria-label="Prompts">
        {lists.prompts.map((item) => (
          <li key={item.name}>
            <button
              className="link"
              aria-pressed={prompt?.name === item.name}
              onClick={() => {
                setPrompt(item);
                setArgs({});
                setPromptResult(null);
              }}
              title={item.description}
            >
              {item.title ?? item.name}
            </button>
            {item.description && <span className="muted"> {item.description}</span>}
          </li>
        ))}
      </ul>
      {prompt && (
        <form
          className="prompt-form"
          aria-label={`Prompt ${prompt.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            getPrompt();
          }}
        >
          {(prompt.arguments ?? []).map((argument) => (
            <label key={argument.name}>
              {argument.name}
              {argument.required && ' *'}
              <input
                value={args[argument.name] ?? ''}
                required={argument.required}
                placeholder={argument.description}
                onChange={(e) => setArgs({ ...args, [argument.name]: e.target.value })}
              />
            </label>
          ))}
          <button type="submit">Get prompt</button>
        </form>
      )}
      {promptResult && <ValueViewer value={promptResult} label="Prompt messages" />}
    </div>
  );
}
