// A local stand-in for Sentry in the storefront integration tests (decision 16): a tiny worker that
// keeps the envelopes posted to any DSN's /api/<project>/envelope/ and, as the API worker's tail
// consumer, its log lines. Tests read them at GET /__received and clear them with DELETE /__received.
// It runs in one isolate, so module state is the store.
let envelopes = [];
let logs = [];

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/__received') {
      if (request.method === 'DELETE') {
        envelopes = [];
        logs = [];
        return new Response(null, { status: 204 });
      }
      return Response.json({ envelopes, logs });
    }
    if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?$/.test(url.pathname)) {
      envelopes.push({
        host: url.host,
        auth: request.headers.get('x-sentry-auth') ?? url.searchParams.get('sentry_key'),
        body: await request.text(),
      });
      return Response.json({ id: crypto.randomUUID().replaceAll('-', '') });
    }
    // Anything else the API worker fetches while routed here has no business leaving the test.
    return new Response('the Sentry stand-in only takes envelopes', { status: 502 });
  },
  tail(events) {
    for (const event of events)
      for (const entry of event.logs ?? [])
        logs.push({ worker: event.scriptName, level: entry.level, message: entry.message });
  },
};
