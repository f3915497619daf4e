import type { Page } from '@playwright/test';

/**
 * Holds the host's answer to one API method on its way to the page until released; everything
 * else (other answers, events) passes, so the test decides what the page hears before that answer.
 */
export async function holdAnswerTo(page: Page, method: string) {
  let heldId: number | undefined;
  const queue: string[] = [];
  let holding = true;
  let client: { send(message: string): void } | undefined;
  await page.routeWebSocket(/\/api/, (ws) => {
    client = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = String(message);
      if (heldId === undefined && text.includes(`"method":"${method}"`))
        heldId = (JSON.parse(text) as { id: number }).id;
      server.send(message);
    });
    server.onMessage((message) => {
      const text = String(message);
      const parsed = JSON.parse(text) as { type: string; id?: number };
      if (holding && parsed.type === 'response' && parsed.id === heldId) queue.push(text);
      else ws.send(message);
    });
  });
  return {
    held: () => queue.length > 0,
    release: () => {
      holding = false;
      for (const message of queue.splice(0)) client?.send(message);
    },
  };
}
