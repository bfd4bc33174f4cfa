import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { settleRequestBody } from '../../shared/http/settle-body';

/** A body that records how much of it was pulled and whether it was cancelled. */
function trackedBody(chunks: number, size = 1024) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const post = (app: Hono, path: string, body: ReadableStream<Uint8Array>) =>
  app.request(path, { method: 'POST', body, duplex: 'half' } as RequestInit);

describe('settling request bodies', () => {
  const app = new Hono();
  app.use(settleRequestBody());
  app.post('/read', async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
  app.post('/early', (c) => c.text('refused', 413));

  it('reads to its end a body an early answer left unread, so the connection can serve the next request', async () => {
    const { stream, state } = trackedBody(8);
    const res = await post(app, '/early', stream);
    expect(res.status).toBe(413);
    expect(state.pulled).toBe(8);
    // An unknown path (404) is an early answer too.
    const other = trackedBody(3);
    expect((await post(app, '/nowhere', other.stream)).status).toBe(404);
    expect(other.state.pulled).toBe(3);
  });

  it('leaves alone a body the handler read', async () => {
    const { stream, state } = trackedBody(4);
    const res = await post(app, '/read', stream);
    expect(await res.text()).toBe('4096');
    expect(state.cancelled).toBe(false);
  });

  it('gives up on a body larger than it would ever read, cancelling it', async () => {
    const { stream, state } = trackedBody(40, 1024 * 1024);
    expect((await post(app, '/early', stream)).status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(34);
  });
});
