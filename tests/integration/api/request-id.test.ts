// The API keeps the storefront's request id (x-reqid) for its answer and every log line, and makes
// its own when the id is missing or unsafe (decision 16).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logged } from '../../support/log-lines';
import { call } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('request ids in the API', () => {
  it("answers with the storefront's id and writes it in the request's log lines, an error's too", async () => {
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await call('/dev/error', { headers: { 'x-reqid': 'req-api-00000001' } });
    expect(res.status).toBe(500);
    expect((await res.json<{ meta: { msg: string } }>()).meta.msg).toBe('server_error');
    expect(res.headers.get('x-reqid')).toBe('req-api-00000001');
    expect(logged(error)).toContainEqual(
      expect.objectContaining({ worker: 'api', reqid: 'req-api-00000001', msg: 'api error', path: '/dev/error' }),
    );
    expect(logged(info)).toContainEqual(
      expect.objectContaining({ worker: 'api', reqid: 'req-api-00000001', msg: 'request', status: 500 }),
    );
  });

  it.each(['short', 'a'.repeat(65), 'x=y_0123456789', '<b>0123456789</b>'])('replaces the unsafe id %j', async (id) => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await call('/health', { headers: { 'x-reqid': id } });
    expect(res.headers.get('x-reqid')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
