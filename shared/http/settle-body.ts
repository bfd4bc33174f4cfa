// A request body the handler did not read is read to its end (and dropped) before the answer goes
// out. An early answer (a 404 for an unknown path, a 405, a 413 or 429 from a limit, a 401 or 403)
// otherwise leaves the body's bytes unread on the connection: the local server (vite preview and
// miniflare, which the e2e tests and the bench use) then failed the next request on the same
// keep-alive connection with a 500. Deployed Workers do not need it; it costs nothing when the body
// was read, and reading what was sent is what an HTTP/1.1 server does to keep a connection usable.

/** More than this is not read through: the connection is given up instead (the stream cancelled). */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

async function settleBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away or the stream failed: nothing is left to settle.
  } finally {
    reader.releaseLock();
  }
}

/** Settles the request body after every handler, whatever it answered (a Hono middleware of each worker). */
export function settleRequestBody() {
  return async function settleRequestBodyAfter(c: { req: { raw: Request } }, next: () => Promise<void>) {
    await next();
    await settleBody(c.req.raw);
  };
}
