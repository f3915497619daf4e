import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  startPlaygroundServer,
  type PlaygroundServer,
} from '../../src/main/faces/browserServer/startPlaygroundServer';
import { createSecretMasker, type SecretMasker } from '../../src/main/secrets/createSecretMasker';
import { createDebugService } from '../../src/main/services/debug/createDebugService';
import type { ReportDownloads } from '../../src/main/services/debug/reportDownloads';
import { WALK_PAGE } from '../../src/main/services/debug/transcriptSourceReader';
import type { RpcResponse } from '../../src/shared/rpc/envelope';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';
import { writeLongTranscript } from '../debug/longTranscriptFile';
import { sampleEntries, sampleHeader } from '../debug/sampleTranscript';

const SECRET = 'sk-download-secret-value';
const PASSWORD = 'hunter2-in-the-input';
const LONG_CALLS = 100_000;

let dir: string;
let host: PlaygroundHost;
let server: PlaygroundServer;
let origin: string;
let socket: WebSocket;
let shortFile: string;
let longFile: string;
let longEntries: number;
/** Moves the server's clock for the tickets (an expired one). */
let skewMs = 0;
/** The size of every chunk the report writers handed the server. */
const chunkSizes: number[] = [];
const logged: string[] = [];

/** Entries of one call whose input holds a secret from the store and a value under a sensitive key. */
function entriesWithSecrets(): TranscriptEntry[] {
  return sampleEntries().map((entry) =>
    entry.kind === 'message' && entry.message.type === 'tool_call'
      ? { ...entry, message: { ...entry.message, input: { q: 'bug', key: SECRET, password: PASSWORD } } }
      : entry,
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'execbox-report-download-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  shortFile = path.join(dir, 'short.jsonl');
  await writeLongTranscript(shortFile, sampleHeader(), entriesWithSecrets(), 3);
  longFile = path.join(dir, 'long.jsonl');
  longEntries = await writeLongTranscript(longFile, sampleHeader(), entriesWithSecrets(), LONG_CALLS);
  host = debugHost(createSecretMasker([['API_KEY', SECRET]]));
  // Every report the server is offered is watched: the size of each chunk its writer hands over.
  const setReportDownloads = host.setReportDownloads;
  host.setReportDownloads = (downloads: ReportDownloads | null) =>
    setReportDownloads(
      downloads && {
        offer: (report, usable) =>
          downloads.offer(
            {
              ...report,
              write: (write) =>
                report.write((chunk) => {
                  chunkSizes.push(chunk.length);
                  return write(chunk);
                }),
            },
            usable,
          ),
      },
    );
  server = await startPlaygroundServer({
    host,
    rendererDir: dir,
    port: 0,
    log: (line) => logged.push(line),
    now: () => Date.now() + skewMs,
  });
  origin = `http://127.0.0.1:${server.port}`;
  socket = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, { headers: { origin } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}, 120_000);

afterAll(async () => {
  socket?.close();
  await server?.close();
  await host?.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** A host of fake runs whose debug service and answers mask `masker`'s secrets (none without one). */
function debugHost(masker?: SecretMasker): PlaygroundHost {
  const secrets = masker ? { secretMasker: () => masker } : {};
  return createPlaygroundHost({
    workspaceHost: createFakeWorkspaceHost(),
    createExecutor: () => createFakeExecutor(async () => done()),
    ...secrets,
    debug: (context) =>
      createDebugService({
        launcher: context.launcher,
        workspaceHost: context.workspaceHost,
        emit: context.emit,
        ...secrets,
        reportDownloads: context.reportDownloads,
      }),
  });
}

let nextId = 1;
/** Asks `host` for `debug.<method>` directly, as a face would: no server, no token. */
function debugRequest(host: PlaygroundHost, method: string, args: unknown[]) {
  return host.handle({ type: 'request', id: nextId++, namespace: 'debug', method, args });
}

/** `token` null: the request carries none. */
function call(method: string, args: unknown[], token: string | null = server.token): Promise<RpcResponse> {
  const id = nextId++;
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as RpcResponse;
      if (message.type !== 'response' || message.id !== id) return;
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
    socket.send(
      JSON.stringify({
        type: 'request',
        id,
        namespace: 'debug',
        method,
        args,
        ...(token === null ? {} : { token }),
      }),
    );
  });
}

async function prepare(
  source: unknown,
  options: unknown = { fileName: 'short.html', sensitiveKeys: ['password'] },
): Promise<{ url: string; fileName: string }> {
  const response = await call('prepareHtmlDownload', [source, options]);
  if (!response.ok) throw new Error(`prepareHtmlDownload failed: ${response.error.message}`);
  return response.value as { url: string; fileName: string };
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  sha256: string;
  /** The body's first 64 kB as text (the whole of a short report). */
  head: string;
}

/** Fetches a path as the page's download would, hashing the body as it streams in (never holding it). */
function fetchPath(
  pathname: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { 'sec-fetch-site': 'same-origin', ...options.headers },
      },
      (response) => {
        const hash = createHash('sha256');
        let bytes = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
          if (head.length < 65_536) head += chunk.toString('utf8');
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes,
            sha256: hash.digest('hex'),
            head,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const NOT_FOUND = 'no such download: the link was used already, expired or never issued';

describe('the HTML report as a streamed download (browser mode)', () => {
  it('streams a 200,000-entry report byte for byte as exportHtml writes it to a file, a page at a time', async () => {
    expect(longEntries).toBeGreaterThanOrEqual(200_000);
    const options = { sensitiveKeys: ['password'] };
    const written = path.join(dir, 'long.html');
    const exported = await call('exportHtml', [{ file: longFile }, { ...options, file: written }]);
    expect(exported).toMatchObject({ ok: true, value: { file: written } });
    const expected = await hashFile(written);

    chunkSizes.length = 0;
    const { url, fileName } = await prepare({ file: longFile }, { ...options, fileName: 'long.html' });
    expect(fileName).toBe('long.html');
    const fetched = await fetchPath(url);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes).toBe(expected.bytes);
    expect(fetched.sha256).toBe(expected.sha256);
    // The host handed the report over as its top, a chunk per page of rows and its end: never whole.
    expect(chunkSizes.length).toBeGreaterThanOrEqual(Math.ceil(longEntries / WALK_PAGE) + 2);
    expect(chunkSizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(expected.bytes);
    expect(Math.max(...chunkSizes)).toBeLessThan(WALK_PAGE * 2_000);
    expect(Math.max(...chunkSizes)).toBeLessThan(expected.bytes / 50);
    expect(fetched.head).toContain(`Messages (${longEntries})`);
    expect(fetched.head).not.toContain(SECRET);
    expect(fetched.head).not.toContain(PASSWORD);
  }, 180_000);

  it('stops writing when the browser hangs up part way, and serves the next download', async () => {
    const { url } = await prepare({ file: longFile }, { fileName: 'long.html' });
    await new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port: server.port, path: url, headers: { 'sec-fetch-site': 'same-origin' } },
        (response) => {
          response.once('data', () => {
            outgoing.destroy();
            resolve();
          });
        },
      );
      outgoing.on('error', () => undefined);
      outgoing.once('response', (response) => response.once('error', reject));
      outgoing.end();
    });
    await expect
      .poll(() => logged.filter((line) => line.includes('a report download stopped')), { timeout: 60_000 })
      .toEqual([expect.stringContaining('closed before the download ended')]);
    const next = await prepare({ file: shortFile });
    expect((await fetchPath(next.url)).status).toBe(200);
  }, 120_000);

  it('answers an attachment that cannot run, with the calls and the secrets masked', async () => {
    const { url, fileName } = await prepare({ file: shortFile });
    expect(url).toMatch(/^\/downloads\/[A-Za-z0-9_-]{36}$/);
    expect(url).not.toContain(server.token);
    expect(fileName).toBe('short.html');
    const fetched = await fetchPath(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fetched.headers['content-disposition']).toBe('attachment; filename="short.html"');
    expect(fetched.headers['x-content-type-options']).toBe('nosniff');
    expect(fetched.headers['cache-control']).toBe('no-store');
    const policy = String(fetched.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain('script-src');
    expect(fetched.head.split('<tr class=').length - 1).toBe(3 * 2 + 5);
    expect(fetched.head).toContain('call-2');
    expect(fetched.head).toContain('bug');
    expect(fetched.head).not.toContain(SECRET);
    expect(fetched.head).not.toContain(PASSWORD);
    expect(fetched.head).toContain('API_KEY');
  });

  it('gives each ticket once: a replayed one is not found', async () => {
    const { url } = await prepare({ file: shortFile });
    expect((await fetchPath(url)).status).toBe(200);
    const replayed = await fetchPath(url);
    expect(replayed.status).toBe(404);
    expect(replayed.head).toBe(NOT_FOUND);
    expect(replayed.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('lets a ticket expire after a minute', async () => {
    const { url } = await prepare({ file: shortFile });
    skewMs = 60_001;
    try {
      const expired = await fetchPath(url);
      expect(expired.status).toBe(404);
      expect(expired.head).toBe(NOT_FOUND);
    } finally {
      skewMs = 0;
    }
  });

  it('finds nothing behind unknown, malformed or huge tickets, and they use up no real one', async () => {
    const { url } = await prepare({ file: shortFile });
    const ticket = url.slice('/downloads/'.length);
    const attempts = [
      '/downloads/',
      '/downloads/abc',
      `/downloads/${randomBytes(27).toString('base64url')}`,
      `/downloads/${ticket}/`,
      `/downloads/${ticket}x`,
      `/downloads/${ticket.slice(1)}`,
      `/downloads/${ticket}%00`,
      `/downloads/${ticket.toLowerCase() === ticket ? ticket.toUpperCase() : ticket.toLowerCase()}`,
      `/downloads/${'A'.repeat(8_000)}`,
      '/downloads/..%2F..%2Fapi',
    ];
    for (const attempt of attempts) {
      const answer = await fetchPath(attempt);
      expect([attempt, answer.status, answer.head]).toEqual([attempt, 404, NOT_FOUND]);
    }
    expect((await fetchPath(url)).status).toBe(200);
  });

  it('never serves a file of the host through a path that climbs out of /downloads/', async () => {
    for (const attempt of [
      '/downloads/../../../../etc/passwd',
      '/downloads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const answer = await fetchPath(attempt);
      expect(answer.head).not.toMatch(/root:/);
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
  });

  it('refuses another site, another Host name and other methods, without using the ticket up', async () => {
    const { url } = await prepare({ file: shortFile });
    const refusals: { method?: string; headers?: Record<string, string>; status: number }[] = [
      { headers: { origin: 'http://evil.example' }, status: 403 },
      { headers: { origin: 'null' }, status: 403 },
      { headers: { 'sec-fetch-site': 'cross-site' }, status: 403 },
      { headers: { 'sec-fetch-site': 'same-site' }, status: 403 },
      { headers: { host: `evil.example:${server.port}` }, status: 421 },
      { method: 'POST', status: 405 },
      { method: 'HEAD', status: 405 },
      { method: 'DELETE', status: 405 },
    ];
    for (const { status, ...attempt } of refusals) {
      const answer = await fetchPath(url, attempt);
      expect([attempt, answer.status]).toEqual([attempt, status]);
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
    const own = await fetchPath(url, { headers: { origin } });
    expect(own.status).toBe(200);
  });

  it('prepares nothing without the session token', async () => {
    for (const token of [null, 'wrong-token', '', server.token.slice(1)]) {
      const answer = await call('prepareHtmlDownload', [{ file: shortFile }], token);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    }
  });

  it('checks the source and the options as exportHtml does, naming what is wrong', async () => {
    const cases: [unknown[], RegExp][] = [
      [[{ file: shortFile }, { file: path.join(dir, 'x.html') }], /options\.file is not an option here/],
      [[{ file: shortFile }, { fileName: '../../etc/x.html' }], /options\.fileName must be/],
      [[{ file: shortFile }, { fileName: 'report.exe' }], /options\.fileName must be/],
      [[{ file: shortFile }, { fileName: 'a"; b.html' }], /options\.fileName must be/],
      [[{ file: shortFile }, { fileName: `${'a'.repeat(10_000)}.html` }], /options\.fileName must be/],
      [[{ file: shortFile }, { fileName: 42 }], /options\.fileName must be/],
      [[{ file: shortFile }, { sensitiveKeys: 'password' }], /options\.sensitiveKeys must be/],
      [[{ file: shortFile }, 'options'], /options must be an object/],
      [[{ file: 'relative.jsonl' }], /source\.file must be an absolute path/],
      [[{ file: '/etc/passwd' }], /source\.file must end in \.jsonl/],
      [[{ file: path.join(dir, 'missing.jsonl') }], /Cannot open/],
      [[{ nothing: 1 }], /needs runId, file or transcriptId/],
      [[{ runId: 'no-such-run' }], /no run with id "no-such-run"/],
      [[{ runId: 42 }], /runId must be a string/],
    ];
    for (const [args, reason] of cases) {
      const answer = await call('prepareHtmlDownload', args);
      expect(answer.ok).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.kind).toBe('bad_request');
      expect(answer.error.message).toMatch(reason);
    }
  });

  it('is refused plainly by a host whose face serves no downloads (the desktop app)', async () => {
    const bare = debugHost();
    try {
      const answer = await debugRequest(bare, 'prepareHtmlDownload', [{ file: shortFile }]);
      expect(answer).toMatchObject({ ok: false, error: { message: /serves no downloads/ } });
      const exported = await debugRequest(bare, 'exportHtml', [{ file: shortFile }]);
      expect(exported).toMatchObject({ ok: true, value: { html: expect.stringContaining('call-1') } });
    } finally {
      await bare.dispose();
    }
  });

  it('never answers a link the secret masker would change (a short secret inside a ticket)', async () => {
    // A stored secret of four characters, the shortest that is masked, inside the first ticket drawn.
    const drawn = ['/downloads/xxSECRxx', '/downloads/clean'];
    const masked = debugHost(createSecretMasker([['SHORT', 'SECR']]));
    masked.setReportDownloads({
      offer: (_report, usable = () => true) => drawn.find((link) => usable(link)) ?? 'none usable',
    });
    try {
      const answer = await debugRequest(masked, 'prepareHtmlDownload', [{ file: shortFile }]);
      expect(answer).toMatchObject({ ok: true, value: { url: '/downloads/clean' } });
    } finally {
      await masked.dispose();
    }
  });
});
