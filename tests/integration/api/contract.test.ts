// Decisions 17 and 68: every route of the commerce API carries its contract beside its handler, and the
// checks here are walked from the app's routes and those contracts, not listed by hand: every route has
// one, saying what it answers and with which message keys; a signed-in route answers a stranger 401
// before reading the input; a route with a body schema answers a bad body 400 validation_failed; and
// /openapi.json (generated from the same contracts) describes each of them outside production only. The
// staff routes' 401 and 403 walk is in staff-auth.test.ts, from the same routes.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '#api/src/index';
import { signedRequest } from '../../support/signed-fetch';
import { CONTRACTED, concrete, keyOf, ROUTES } from './contracted-routes';
import { call, deviceToken, json, signedInShoppers } from './helpers';
import { staffCall, staffWith } from './staff-helpers';

/** Routes with no contract entry, each for a reason. Nothing else may be missing one. */
const EXCEPTIONS: Record<string, string> = {
  'GET /openapi.json': 'the description itself; no input',
  'GET /media/*': 'stored image bytes by R2 key, not JSON; the key is checked against the stored objects',
  'GET /dev/outbox': 'local-only tool (dev mailbox), absent from the production build',
  'GET /dev/error': 'local-only check of error reporting (fails on purpose), absent from the production build',
  'POST /dev/staff': 'local-only staff account for e2e stories and testers, absent from the production build',
  'GET /dev/payments/:id{pay[0-9]{0,4}_[0-9a-f]{24}}':
    'local-only sandbox payment page, absent from the production build',
  'POST /dev/payments/:id{pay[0-9]{0,4}_[0-9a-f]{24}}':
    'local-only sandbox payment page, absent from the production build',
  'POST /dev/bloodTestOrder/advance': 'local-only blood-test status step for tests, absent from the production build',
  'POST /dev/bloodTestOrder/visitNow': 'local-only start of a booked visit for tests, absent from the production build',
  'POST /dev/consultations/call':
    'local-only consultation booked now for the call’s e2e story, absent from the production build',
  'GET /dev/parcels': 'local-only sandbox of the local carrier, absent from the production build',
  'POST /dev/parcels/:tracking{LC[0-9]{10}}/event':
    'local-only sandbox of the local carrier, absent from the production build',
  'GET /dev/push-outbox': 'local-only tool (dev push outbox), absent from the production build',
  'GET /dev/e-invoices': 'local-only tool (what the ZATCA stand-in received), absent from the production build',
  'GET /dev/e-invoices/:id{[0-9]+}/xml':
    'local-only tool (a received e-invoice as XML), absent from the production build',
  'GET /dev/message-outbox': 'local-only tool (dev texts to phones), absent from the production build',
  'POST /dev/loyalty/run': 'local-only run of the loyalty cron jobs as on a day, absent from the production build',
  'POST /dev/co-purchases/run':
    'local-only run of the nightly "bought together" refresh, absent from the production build',
  'POST /dev/cart-reminders/run':
    'local-only run of the cart reminders as at an hour, absent from the production build',
  'POST /dev/archive/run': 'local-only run of the archive of cold orders as on a day, absent from the production build',
  'POST /dev/retention/run':
    'local-only run of the hourly retention rules as on a day, absent from the production build',
  'POST /dev/subscriptions/run':
    'local-only run of the cron’s subscription jobs as on a given day, absent from the production build',
  'POST /dev/backups/run':
    'local-only run of the nightly backup into the local bucket, absent from the production build',
  'POST /dev/data-rights/run':
    'local-only run of the cron’s data-rights jobs (archives, retention) as on a given day, absent from the production build',
  'POST /dev/consultations/:id{[0-9]+}/share':
    'local-only share of a consultation’s summary and list for the shopper pages’ tests, absent from the production build',
};

describe('the route contract', () => {
  it('is carried by every routed path, beside its handler', () => {
    expect(ROUTES.length).toBeGreaterThan(60);
    const missing = ROUTES.filter((r) => !r.contract && !(keyOf(r) in EXCEPTIONS)).map(keyOf);
    expect(missing, 'routes without their contract({ … }) middleware').toEqual([]);
  });

  it('declares what the route answers: a response schema (or a file, or a WebSocket) and its message keys', () => {
    const noAnswer = CONTRACTED.filter(
      (r) => !r.contract.response && !r.contract.fileResponse && !r.contract.webSocket,
    );
    expect(noAnswer.map(keyOf), 'routes whose contract says nothing of their success answer').toEqual([]);
    const noMessages = CONTRACTED.filter((r) => !r.contract.messages);
    expect(noMessages.map(keyOf), 'routes whose contract does not list their own message keys').toEqual([]);
  });

  it('has no exception that is not routed, nor one that has a contract after all', () => {
    const routed = new Map(ROUTES.map((r) => [keyOf(r), r]));
    expect(Object.keys(EXCEPTIONS).filter((key) => !routed.has(key) || routed.get(key)!.contract)).toEqual([]);
  });
});

describe('every signed-in route', () => {
  const signedIn = CONTRACTED.filter((r) => r.contract.user);

  it('answers a stranger 401 before reading what was sent', async () => {
    expect(signedIn.length).toBeGreaterThan(20);
    const token = await deviceToken();
    const answers: string[] = [];
    for (const route of signedIn) {
      const res = await call(concrete(route.path, route.contract.params), {
        method: route.method,
        ...(route.method === 'GET' ? {} : { body: '[]' }),
        token,
      });
      answers.push(`${keyOf(route)}: ${res.status} ${(await json(res)).meta.msg}`);
    }
    expect(answers).toEqual(signedIn.map((route) => `${keyOf(route)}: 401 unauthorized`));
    // ~150 routes, one call each: more than the default five seconds on a busy two-core machine.
  }, 60_000);
});

describe('every route with a body schema', () => {
  const withBody = CONTRACTED.filter((r) => r.contract.body);

  it('answers a body that is not its shape 400 validation_failed, with the fields, once the caller may ask', async () => {
    expect(withBody.length).toBeGreaterThan(20);
    const token = await deviceToken();
    const [shopper] = await signedInShoppers(1, 'contract');
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const answers: string[] = [];
    for (const route of withBody) {
      const init = { method: route.method, body: '[]' };
      const path = concrete(route.path, route.contract.params);
      const res = route.contract.staff
        ? await staffCall(owner.token, path, init)
        : await call(path, {
            ...init,
            token,
            headers: route.contract.user ? { authorization: `Bearer ${shopper}` } : {},
          });
      const body = await json(res);
      answers.push(
        `${keyOf(route)}: ${res.status} ${body.meta.msg}${Array.isArray(body.data?.fields) ? '' : ' (no fields)'}`,
      );
    }
    expect(answers).toEqual(withBody.map((route) => `${keyOf(route)}: 400 validation_failed`));
  }, 60_000);
});

describe('GET /openapi.json', () => {
  it('describes every contracted route outside production', async () => {
    const res = await call('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.paths['/user/address/{id}/default'].post.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(doc.paths['/user/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const operations = Object.values(doc.paths as Record<string, object>).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    );
    expect(operations).toBe(CONTRACTED.length);
  });

  it('declares exactly the path parameters its templates name, one id per operation, and its tags', async () => {
    const doc = await json(await call('/openapi.json'));
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    for (const { path, method, op } of operations) {
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p: { in: string }) => p.in === 'path')
        .map((p: { name: string }) => p.name)
        .sort();
      // OpenAPI requires both ways.
      expect(declared, `${method} ${path}`).toEqual(named);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set<string>(doc.tags.map((t: { name: string }) => t.name));
    for (const { op } of operations) for (const tag of op.tags) expect(tags.has(tag)).toBe(true);
  });

  it("describes a route's response schema inside the envelope", async () => {
    const doc = await json(await call('/openapi.json'));
    const answer = doc.paths['/country'].get.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['data', 'meta']);
    expect(answer.properties.data.properties.items.type).toBe('array');
  });

  it('is a 404 envelope in production', async () => {
    const secret = 'a-real-production-signing-secret-0123456789';
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      SIGNING_SECRET: secret,
      TOKEN_SECRET: 'a-real-production-token-secret-0123456789ab',
      PASSWORD_PEPPER: 'a-real-production-password-pepper-01234567',
      PAYMENT_PROVIDER: 'tap',
      CARRIER_MODE: 'live',
      ZATCA_ENVIRONMENT: 'production',
      // No stamp yet (onboarding writes it; Saudi documents wait): production refuses the tests' dev key.
      E_INVOICE_STAMP_KEY: undefined,
      TAP_SECRET_KEY: 'sk_test_real',
      PAYMENT_WEBHOOK_SECRET: 'a-real-production-webhook-secret-0123456789',
      SITE_ORIGIN: 'https://shop.example',
      STAFF_ORIGIN: 'https://staff.shop.example',
      UPLOAD_KEK: 'a-real-production-upload-kek-0123456789abcd',
      HEALTH_KEK: 'a-real-production-health-kek-0123456789abcd',
      VAPID_SUBJECT: 'mailto:push@shop.example',
      MESSAGES_MODE: 'send',
      UNIFONIC_APP_SID: 'a-real-unifonic-app-sid',
      UNIFONIC_SENDER_ID: 'Shop',
      CALL_MEDIA: 'realtime',
      REALTIME_APP_ID: '0123456789abcdef0123456789abcdef',
      REALTIME_APP_TOKEN: 'a-real-realtime-app-token',
      TURN_KEY_ID: 'fedcba9876543210fedcba9876543210',
      TURN_KEY_TOKEN: 'a-real-turn-key-token-0123',
      // Production leaves the password cost unset (the API refuses any but its own there).
      PASSWORD_HASH_ITERATIONS: undefined,
    };
    const fetchIn = async (environment: object, path: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(await signedRequest(path, { secret }), environment as never, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    // The same worker and request outside production: the description is there.
    expect((await fetchIn({ ...production, ENVIRONMENT: 'development' }, '/openapi.json')).status).toBe(200);
    const res = await fetchIn(production, '/openapi.json');
    expect(res.status).toBe(404);
    expect((await json(res)).meta).toMatchObject({ msg: 'not_found', code: 404, msgType: 1 });
    // Production answers a signed request: the 404 is the route's, not a refused request's.
    expect((await fetchIn(production, '/health')).status).toBe(200);
  });
});

describe('validation through the contract keeps the envelopes', () => {
  it('answers a bad path parameter, query and body with the same keys as before', async () => {
    const token = await deviceToken();
    expect((await json(await call('/brand/list/0', { body: '{}', token }))).meta).toMatchObject({
      msg: 'bad_request',
      code: 400,
    });
    expect((await json(await call('/order/99999999999999999999', { token }))).meta).toMatchObject({
      msg: 'not_found',
      code: 404,
    });
    expect((await json(await call('/info/instructions/a.b/c', { token }))).meta).toMatchObject({
      msg: 'not_found',
      code: 404,
    });
    expect((await json(await call('/product/search?q=a&limit=1.5', { token }))).meta).toMatchObject({
      msg: 'bad_request',
      code: 400,
    });
    const body = await json(await call('/brand/list', { body: '{"sort":{"key":"colour","value":"asc"}}', token }));
    expect(body.meta).toMatchObject({ msg: 'validation_failed', code: 400 });
    expect(body.data.fields[0]).toMatchObject({ field: 'sort.key' });
    expect((await json(await call('/brand/list', { body: '{"sort":', token }))).meta).toMatchObject({
      msg: 'bad_request',
      code: 400,
    });
  });
});

describe('a route for signed-in shoppers', () => {
  it('answers a stranger 401 before looking at what was sent, in both languages', async () => {
    const token = await deviceToken();
    for (const lang of ['en', 'ar']) {
      for (const [path, body] of [
        ['/user/address/new', '{"country":"KW"}'],
        ['/user/wallet/charge', '{"amount":-1}'],
        ['/product/1/notify-me', '{}'],
        ['/user/profile/set-name', '{"name":""}'],
      ] as const) {
        const res = await call(path, { body, token, headers: { lang } });
        expect(res.status, path).toBe(401);
        expect((await json(res)).meta.msg).toBe('unauthorized');
      }
    }
  });
});
