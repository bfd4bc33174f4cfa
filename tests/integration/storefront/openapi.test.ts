// Decision 17: the API's OpenAPI description is for developers (docs/openapi.json, or the API worker's
// /openapi.json outside production). It is a plain document, not an envelope, so the browser proxy does
// not forward it: a clear 404 envelope rather than the gateway's 502 for an answer it cannot read.
import { describe, expect, it } from 'vitest';
import { storefront } from './helpers';

describe('/api/openapi.json', () => {
  it('is not forwarded to the API: a 404 envelope, in both languages', async () => {
    for (const lang of ['en', 'ar']) {
      const res = await storefront('/api/openapi.json', { headers: { lang } });
      expect(res.status).toBe(404);
      expect((await res.json<{ meta: { msg: string } }>()).meta.msg).toBe('not_found');
    }
  });
});
