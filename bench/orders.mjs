// Order figures for npm run bench: D1 statements and round trips of one calculate and one submit
// (counted by the API, summed by the worker), and submit throughput with p50/p99 latency under 20
// concurrent clients, each a signed-in shopper placing cash-on-delivery orders with fresh keys.
import { spawnSync } from 'node:child_process';

const CLIENTS = 20;
const DURATION_MS = 10_000;

/** Gives the bench database's in-stock SKUs ample stock, so the run measures orders, not sell-outs. */
export function restock(env, state) {
  const r = spawnSync(
    'wrangler',
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      state,
      '-c',
      'api/wrangler.toml',
      '--command',
      'UPDATE skus SET stock = 1000000 WHERE stock > 0',
    ],
    { env: { ...env, CI: 'true' }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`restock failed: ${r.stderr || r.stdout}`);
}

async function shopper(base, n) {
  let cookie = '';
  // Each bench shopper comes from its own network (RFC 2544 benchmarking range), as real shoppers do:
  // the API limits sign-ups per address. Locally the header stands in for Cloudflare's.
  const ip = `198.18.${n >> 8}.${n & 255}`;
  const call = async (path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie,
        origin: base,
        'content-type': 'application/json',
        lang: 'en',
        'x-country': 'KW',
        'cf-connecting-ip': ip,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) {
      const jar = new Map(
        cookie
          .split('; ')
          .filter(Boolean)
          .map((c) => [c.split('=')[0], c]),
      );
      for (const c of set) jar.set(c.split('=')[0], c);
      cookie = [...jar.values()].join('; ');
    }
    return res;
  };
  await (await call('/health')).arrayBuffer();
  const email = `bench-${Date.now()}-${n}@example.com`;
  const reg = await call('/user/register', { name: 'Bench shopper', email, password: 'bench-secret' });
  if (reg.status !== 200) throw new Error(`bench sign-up failed: ${reg.status} ${await reg.text()}`);
  const address = await (
    await call('/user/address/new', {
      country: 'KW',
      recipient: 'Bench',
      phone: '98765432',
      area_id: 26,
      block: '1',
      street: '1',
      building: '1',
    })
  ).json();
  return { call, addressId: address.data.id };
}

async function skuIds(call) {
  const res = await call('/product', {
    filters: [{ key: 'only_available', type: 'boolean', value: true }],
    per_page: 48,
  });
  return (await res.json()).data.items.map((p) => p.default_sku.id);
}

const counts = (res) => ({
  status: res.status,
  statements: Number(res.headers.get('x-d1-queries')),
  roundTrips: Number(res.headers.get('x-d1-roundtrips')),
});

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function orderBench(base) {
  const first = await shopper(base, 0);
  const skus = await skuIds(first.call);
  const items = [
    { sku_id: skus[0], count: 2 },
    { sku_id: skus[1], count: 1 },
  ];
  // Counted once each, warm (the second of two calls).
  await (await first.call('/order/calculate', { items })).arrayBuffer();
  const calcRes = await first.call('/order/calculate', { items, coupon: 'WELCOME10' });
  const calculate = counts(calcRes);
  await calcRes.arrayBuffer();
  const submitRes = await first.call('/order/submit', {
    items,
    payment_method: 'cod',
    address_id: first.addressId,
    idempotency_key: crypto.randomUUID(),
  });
  const submit = counts(submitRes);
  await submitRes.arrayBuffer();
  const replayKey = crypto.randomUUID();
  await (
    await first.call('/order/submit', {
      items,
      payment_method: 'cod',
      address_id: first.addressId,
      idempotency_key: replayKey,
    })
  ).arrayBuffer();
  const replayRes = await first.call('/order/submit', {
    items,
    payment_method: 'cod',
    address_id: first.addressId,
    idempotency_key: replayKey,
  });
  const replay = counts(replayRes);
  await replayRes.arrayBuffer();

  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => shopper(base, i + 1)));
  const times = [];
  let failed = 0;
  const end = Date.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, i) => {
      let k = 0;
      while (Date.now() < end) {
        const sku = skus[(i * 7 + k++) % skus.length];
        const t0 = performance.now();
        const res = await client.call('/order/submit', {
          items: [{ sku_id: sku, count: 1 }],
          payment_method: 'cod',
          address_id: client.addressId,
          idempotency_key: crypto.randomUUID(),
        });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (res.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    queries: { calculate, submit, submitReplay: replay },
    submitLoad: {
      clients: CLIENTS,
      seconds: Math.round(seconds * 10) / 10,
      orders: times.length - failed,
      failed,
      perSecond: Math.round(((times.length - failed) / seconds) * 10) / 10,
      p50Ms: Math.round(percentile(times, 50)),
      p99Ms: Math.round(percentile(times, 99)),
    },
  };
}
