// A local stand-in for Cloudflare's edge in front of `vite preview`: it compresses text responses
// (brotli, else gzip) as the edge does in production. Lighthouse runs through it, so its figures
// reflect what a shopper downloads; the worker itself is unchanged.
import { createServer, request as httpRequest } from 'node:http';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

export function startEdgeProxy(target) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (up) => {
        const type = up.headers['content-type'] ?? '';
        const accept = req.headers['accept-encoding'] ?? '';
        const encoding =
          !COMPRESSIBLE.test(type) || up.headers['content-encoding']
            ? null
            : /\bbr\b/.test(accept)
              ? 'br'
              : /\bgzip\b/.test(accept)
                ? 'gzip'
                : null;
        const headers = { ...up.headers };
        if (encoding) {
          delete headers['content-length'];
          headers['content-encoding'] = encoding;
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        }
        res.writeHead(up.statusCode ?? 502, headers);
        if (!encoding) return void up.pipe(res);
        // Hashed assets get maximum compression (the edge caches them); streamed HTML a fast level that flushes.
        const immutable = req.url?.startsWith('/assets/');
        const compressor =
          encoding === 'br'
            ? createBrotliCompress({
                params: { [constants.BROTLI_PARAM_QUALITY]: immutable ? 11 : 5 },
                flush: constants.BROTLI_OPERATION_FLUSH,
              })
            : createGzip({ level: immutable ? 9 : 6, flush: constants.Z_SYNC_FLUSH });
        up.pipe(compressor).pipe(res);
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://localhost:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}
