// The local servers (npm start's `vite preview`, the e2e shop, `vite dev`) keep an idle connection
// for a minute, as Cloudflare's edge does, not Node's 5 s (6 with its buffer). A client that reuses a
// connection just as the server drops it gets "socket hang up" (ECONNRESET) for a request the server
// never saw: an e2e story that fetched a product's picture through its page's request context (a
// keep-alive client) failed that way once.
/** Longer than any client's idle timeout in the tests; headersTimeout must stay above it (Node's rule). */
export const KEEP_ALIVE_MS = 65_000;

/** @param {import('node:http').Server | null | undefined} server */
function keepIdleConnections(server) {
  if (!server) return;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** @returns {import('vite').Plugin} */
export function keepAlive() {
  return {
    name: 'keep-alive',
    configureServer: (server) => keepIdleConnections(/** @type {any} */ (server.httpServer)),
    configurePreviewServer: (server) => keepIdleConnections(/** @type {any} */ (server.httpServer)),
  };
}
