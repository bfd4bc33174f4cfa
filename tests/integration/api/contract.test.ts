// Decision 17: every route of the commerce API validates its input with an entry of the route contract.
import { describe, expect, it } from 'vitest';
import { app } from '../../../api/src/index';
import { CONTRACTS } from '../../../api/src/contract/registry';
import { contractKeyOf } from '../../../api/src/lib/validate';
import { call, deviceToken, json } from './helpers';

/** Routes with no contract entry, each for a reason. Nothing else may be missing one. */
const EXCEPTIONS: Record<string, string> = {
  'GET /media/*': 'stored image bytes by R2 key, not JSON; the key is checked against the stored objects',
  'GET /dev/outbox': 'local-only tool (dev mailbox), absent from the production build',
  'GET /dev/payments/:id{pay_[0-9a-f]{24}}': 'local-only sandbox payment page, absent from the production build',
  'POST /dev/payments/:id{pay_[0-9a-f]{24}}': 'local-only sandbox payment page, absent from the production build',
};

/** Each routed "METHOD path" with the contract keys of its handlers (app-wide middleware is method ALL). */
function routeTable(): Map<string, Array<string | undefined>> {
  const table = new Map<string, Array<string | undefined>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    table.set(key, [...(table.get(key) ?? []), contractKeyOf(route.handler)]);
  }
  return table;
}

describe('the route contract', () => {
  it('gives every routed path a contract entry of its own method and path', () => {
    const table = routeTable();
    expect(table.size).toBeGreaterThan(60);
    const missing = [...table].filter(([key, contracts]) => !(key in EXCEPTIONS) && !contracts.includes(key as never)).map(([key]) => key);
    expect(missing, 'routes without their contract(...) middleware (api/src/contract/registry.ts)').toEqual([]);
  });

  it('has no entry without its route, and no exception that is not routed', () => {
    const routed = new Set(routeTable().keys());
    expect(Object.keys(CONTRACTS).filter((key) => !routed.has(key))).toEqual([]);
    expect(Object.keys(EXCEPTIONS).filter((key) => !routed.has(key))).toEqual([]);
  });
});

describe('validation through the contract keeps the envelopes', () => {
  it('answers a bad path parameter, query and body with the same keys as before', async () => {
    const token = await deviceToken();
    expect((await json(await call('/brand/list/0', { body: '{}', token }))).meta).toMatchObject({ msg: 'bad_request', code: 400 });
    expect((await json(await call('/order/99999999999999999999', { token }))).meta).toMatchObject({ msg: 'not_found', code: 404 });
    expect((await json(await call('/info/instructions/a.b/c', { token }))).meta).toMatchObject({ msg: 'not_found', code: 404 });
    expect((await json(await call('/product/search?q=a&limit=1.5', { token }))).meta).toMatchObject({ msg: 'bad_request', code: 400 });
    const body = await json(await call('/brand/list', { body: '{"sort":{"key":"colour","value":"asc"}}', token }));
    expect(body.meta).toMatchObject({ msg: 'validation_failed', code: 400 });
    expect(body.data.fields[0]).toMatchObject({ field: 'sort.key' });
    expect((await json(await call('/brand/list', { body: '{"sort":', token }))).meta).toMatchObject({ msg: 'bad_request', code: 400 });
  });
});
