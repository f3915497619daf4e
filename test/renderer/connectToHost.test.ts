import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectToHost } from '../../src/renderer/api/connectToHost';
import type { RpcRequest } from '../../src/shared/rpc/envelope';
import type { ExecboxBridge, FilePickRequest } from '../../src/shared/rpc/execboxBridge';

afterEach(() => vi.unstubAllGlobals());

/** The desktop app's preload bridge, answering every call and the picker with what the test sets. */
function desktopBridge(chosen: string | null) {
  const invoked: RpcRequest[] = [];
  const picked: FilePickRequest[] = [];
  const bridge: ExecboxBridge = {
    invoke: async (request) => {
      invoked.push(request);
      return { type: 'response', id: request.id, ok: true, value: { file: chosen } };
    },
    onEvent: () => () => {},
    openExternal: async () => {},
    pickFile: async (request) => {
      picked.push(request);
      return chosen;
    },
  };
  vi.stubGlobal('window', { execbox: bridge });
  return { invoked, picked };
}

describe('the desktop app saves an HTML report', () => {
  it('has the host write it to the file the person picks: no download link, no string in the page', async () => {
    const { invoked, picked } = desktopBridge('/home/me/reports/run.html');
    const downloadLink = vi.fn();
    const connection = connectToHost(downloadLink);
    if ('error' in connection) throw new Error(connection.error);
    const file = await connection.downloadHtmlReport(
      { runId: 'run-1' },
      { fileName: 'run.html', sensitiveKeys: ['password'] },
    );
    expect(file).toBe('/home/me/reports/run.html');
    expect(picked).toEqual([{ mode: 'save', kind: 'report', defaultPath: 'run.html' }]);
    expect(invoked.map(({ namespace, method, args }) => ({ namespace, method, args }))).toEqual([
      {
        namespace: 'debug',
        method: 'exportHtml',
        args: [{ runId: 'run-1' }, { sensitiveKeys: ['password'], file: '/home/me/reports/run.html' }],
      },
    ]);
    expect(downloadLink).not.toHaveBeenCalled();
  });

  it('writes nothing when the person cancels the picker', async () => {
    const { invoked, picked } = desktopBridge(null);
    const connection = connectToHost(vi.fn());
    if ('error' in connection) throw new Error(connection.error);
    expect(
      await connection.downloadHtmlReport({ transcriptId: 't1' }, { fileName: 'x.html' }),
    ).toBeUndefined();
    expect(picked).toHaveLength(1);
    expect(invoked).toHaveLength(0);
  });
});
