import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { toolError } from '../toolError';
import { compileUriTemplate, type CompiledUriTemplate } from './compileUriTemplate';

/** Pages read per list: a server that pages forever cannot keep the host listing. */
const MAX_PAGES = 100;
/** Longest URI accepted (the SDK's templates refuse longer ones too). */
export const MAX_RESOURCE_URI_CHARS = 8_192;
/**
 * Automaton steps one check may take over all templates: tens of milliseconds at most, since the
 * check runs on the host's main thread (realistic templates need a few dozen per URI character).
 */
export const MAX_TEMPLATE_MATCH_STEPS = 2_000_000;

export interface ResourceCatalog {
  resources: Resource[];
  templates: ResourceTemplate[];
}

interface LoadedCatalog extends ResourceCatalog {
  /** The templates compiled once per listing; one that is not a URI template matches nothing. */
  matchers: CompiledUriTemplate[];
}

/**
 * The resources and resource templates a server lists, read once per connection (and again after
 * `resources/list_changed`): what may be read through the app, by a person or by guest code.
 */
export class McpResourceCatalog {
  private current: Promise<LoadedCatalog> | undefined;

  constructor(
    private readonly providerName: string,
    private readonly client: () => Promise<Client>,
    private readonly timeoutMs: () => number,
  ) {}

  /** Forget the lists (they changed, or the server was reconnected). */
  invalidate(): void {
    this.current = undefined;
  }

  read(): Promise<LoadedCatalog> {
    this.current ??= this.load().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  /** Throws a `validation_error` naming the provider unless the server lists `uri` or a template of its matches it. */
  async check(uri: unknown): Promise<string> {
    if (typeof uri !== 'string' || uri.length === 0)
      throw toolError('validation_error', 'uri must be a non-empty string');
    if (uri.length > MAX_RESOURCE_URI_CHARS)
      throw toolError(
        'validation_error',
        `uri is ${uri.length} characters long; at most ${MAX_RESOURCE_URI_CHARS} are accepted`,
      );
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(uri))
      throw toolError('validation_error', 'uri must not contain control characters');
    const { resources, matchers } = await this.read();
    if (resources.some((resource) => resource.uri === uri)) return uri;
    const budget = { steps: 0, limit: MAX_TEMPLATE_MATCH_STEPS };
    for (const matcher of matchers) {
      const outcome = matcher.match(uri, budget);
      if (outcome === 'match') return uri;
      if (outcome === 'over-budget')
        throw toolError(
          'validation_error',
          `provider '${this.providerName}': matching ${JSON.stringify(uri.slice(0, 200))}${uri.length > 200 ? '…' : ''} against its ${matchers.length} resource templates took over ${MAX_TEMPLATE_MATCH_STEPS} steps, so the read is refused`,
        );
    }
    throw toolError(
      'validation_error',
      `provider '${this.providerName}' does not offer the resource ${JSON.stringify(uri)}: only URIs its server lists (resources/list) or that match one of its resource templates can be read`,
    );
  }

  private async load(): Promise<LoadedCatalog> {
    const client = await this.client();
    if (!client.getServerCapabilities()?.resources) return { resources: [], templates: [], matchers: [] };
    const options = { timeout: this.timeoutMs() };
    const resources: Resource[] = [];
    const templates: ResourceTemplate[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listResources(cursor ? { cursor } : undefined, options);
      resources.push(...answer.resources);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    cursor = undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listResourceTemplates(cursor ? { cursor } : undefined, options);
      templates.push(...answer.resourceTemplates);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return { resources, templates, matchers: templates.flatMap((t) => compiledOrNone(t.uriTemplate)) };
  }
}

function compiledOrNone(template: string): CompiledUriTemplate[] {
  try {
    return [compileUriTemplate(template)];
  } catch {
    return [];
  }
}
