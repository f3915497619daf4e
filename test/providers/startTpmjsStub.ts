import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    packageName: string;
    version: string;
    name: string;
    params: Record<string, unknown>;
    env?: Record<string, string>;
  };
}

export interface TpmjsStub {
  baseUrl: string;
  requests: StubRequest[];
  /** Requests the client gave up on (cancel or deadline) while the stub was still holding them. */
  abandoned(): number;
  close(): Promise<void>;
}

const API_KEY = 'stub-key';
export const TPMJS_STUB_KEY = API_KEY;

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A stub TPMJS executor on 127.0.0.1 whose tools each produce one kind of answer seen in the wild. */
export async function startTpmjsStub(): Promise<TpmjsStub> {
  const requests: StubRequest[] = [];
  let abandoned = 0;
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      return send(res, 200, { status: 'ok', protocolVersion: '1.0', implementationVersion: '0.0.1' });
    }
    if (req.method !== 'POST' || req.url !== '/execute-tool')
      return send(res, 404, { success: false, error: { code: 'NOT_FOUND', message: 'no route' } });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      return send(res, 401, {
        success: false,
        error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' },
      });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StubRequest['body'];
    requests.push({ headers: req.headers, body });
    const failure = (code: string, message: string, status = 200) =>
      send(res, status, { success: false, error: { code, message }, executionTimeMs: 3 });
    switch (body.name) {
      case 'helloWorldTool':
        return send(res, 200, {
          success: true,
          output: { message: `Hello, ${String(body.params.name)}` },
          executionTimeMs: 5,
        });
      case 'nothingTool':
        return send(res, 200, { success: true, executionTimeMs: 1 });
      case 'slowTool':
        res.on('close', () => {
          if (!res.writableEnded) abandoned += 1;
        });
        return;
      case 'timeoutTool':
        return failure('EXECUTION_TIMEOUT', 'Execution exceeded 120000ms');
      case 'legacyParamsTool':
        return send(res, 200, {
          success: false,
          error: 'params.city is required',
          errorCode: 'VALIDATION_ERROR',
        });
      case 'legacyStringTool':
        return send(res, 200, { success: false, error: 'something broke' });
      case 'badRequestTool':
        return failure('INVALID_REQUEST', 'params must be an object', 400);
      case 'floodTool': {
        // 40 MiB, chunked (no length said up front): the client must stop reading by itself.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        let left = 40;
        const pump = () => {
          while (left > 0) {
            left -= 1;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => {});
        return pump();
      }
      case 'deepTool':
        return send(res, 200, `{"success":true,"output":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
      case 'htmlTool':
        return send(res, 502, '<html><body>Bad gateway</body></html>', 'text/html');
      default:
        return failure('TOOL_NOT_FOUND', `no export ${body.name} in ${body.packageName}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    abandoned: () => abandoned,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
