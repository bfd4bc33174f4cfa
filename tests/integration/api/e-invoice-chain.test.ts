// The Saudi e-invoice chain is one writer (issue 75, decision 75): concurrent requests get consecutive
// counters and the right previous hashes, a sale asked twice is one document, an expired certificate
// signs nothing, and a crash between signing and storing leaves no gap and no fork. Each chain is
// checked with the document core's own verifier (signature, hash, QR, ICV +1, PIH = the hash before).
import { env, runInDurableObject } from 'cloudflare:test';
import type { EInvoiceChain } from '#api/src/e-invoice-chain/chain';
import { verifyChain } from '#api/src/e-invoices';
import { apiConfig } from '#api/src/lib/config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saudiSale, TEST_SELLER } from './e-invoice-fixtures';

/** The configured test stamp (api/.dev.vars.example), as the stamp in use hands it to the chain. */
const material = apiConfig(env as unknown as ApiEnv);

/** A Saudi sale as pricing totals it, through the core's from-totals mapping, for the order `key`. */
function sale(key: string, extra = 0) {
  const totals = {
    lines: [
      { count: 3, line_total: 8_970 + extra },
      { count: 1, line_total: 12_450 },
    ],
    delivery: 2_500,
    discount: 2_142,
    promotion_discount: 0,
    referral_discount: 0,
    points_discount: 500,
    total: 8_970 + extra + 12_450 + 2_500 - 2_142 - 500,
  };
  return saudiSale(key, TEST_SELLER, totals, ['Vitamin D3 1000 IU', 'Omega 3']);
}

/** A chain of its own per test: one object per stamp name. */
const chain = (name = crypto.randomUUID()) => {
  const ns = env.E_INVOICE_CHAINS as DurableObjectNamespace<EInvoiceChain>;
  return { name, stub: ns.get(ns.idFromName(name)) };
};
/** Another caller's handle on the same chain, as another isolate of either worker would have. */
const handle = (name: string) => {
  const ns = env.E_INVOICE_CHAINS as DurableObjectNamespace<EInvoiceChain>;
  return ns.get(ns.idFromName(name));
};

async function issued(stub: DurableObjectStub<EInvoiceChain>, key: string, extra = 0) {
  const answer = await stub.issue(sale(key, extra), material);
  if (!answer.ok) throw new Error(answer.refusal);
  return answer.document;
}

/** The whole chain, verified: every document's problems (none expected) and the counters in order. */
async function checkedChain(stub: DurableObjectStub<EInvoiceChain>) {
  const docs = await stub.documents();
  const verified = verifyChain(docs.map((d) => d.xml));
  return { docs, problems: verified.flatMap((v) => v.problems), icvs: docs.map((d) => d.icv) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the e-invoice chain', () => {
  it('gives 30 sales asked at once, from many callers, consecutive counters and previous hashes', async () => {
    const { name } = chain();
    const keys = Array.from({ length: 30 }, (_, i) => `order-${i + 1}`);
    const docs = await Promise.all(keys.map((key, i) => issued(handle(name), key, i)));
    expect(new Set(docs.map((d) => d.icv)).size).toBe(30);

    const { docs: stored, problems, icvs } = await checkedChain(handle(name));
    expect(problems).toEqual([]);
    expect(icvs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(stored.map((d) => d.key))).toEqual(new Set(keys));
    expect(stored.every((d) => d.status === 'signed')).toBe(true);
    // Each answer is the document stored: same counter, hash and bytes.
    for (const doc of docs) expect(stored.find((d) => d.key === doc.key)).toEqual(doc);
  });

  it('answers the same sale asked twice, even at once, with one document and one counter', async () => {
    const { name, stub } = chain();
    await issued(stub, 'order-a');
    const [one, two] = await Promise.all([issued(handle(name), 'order-b'), issued(handle(name), 'order-b')]);
    expect(two).toEqual(one);
    // A later ask with other figures is still the document already in the chain: it never changes.
    expect(await issued(stub, 'order-b', 300)).toEqual(one);
    const { problems, icvs, docs } = await checkedChain(stub);
    expect(problems).toEqual([]);
    expect(icvs).toEqual([1, 2]);
    expect(docs.map((d) => d.key)).toEqual(['order-a', 'order-b']);
  });

  it('signs nothing with an expired or not yet valid certificate, and uses no counter for it', async () => {
    const { stub } = chain();
    await issued(stub, 'order-1');
    // The test stamp's certificate is valid from 2026-11-28 to 2126-11-04 (api/.dev.vars.example).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2127, 0, 1));
    expect(await stub.issue(sale('order-2'), material)).toEqual({ ok: false, refusal: 'certificate-expired' });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    expect(await stub.issue(sale('order-2'), material)).toEqual({ ok: false, refusal: 'certificate-not-yet-valid' });
    vi.useRealTimers();
    expect((await checkedChain(stub)).icvs).toEqual([1]);

    // The waiting sale is signed once the stamp is valid, with the next counter.
    expect((await issued(stub, 'order-2')).icv).toBe(2);
    const { problems, icvs } = await checkedChain(stub);
    expect(problems).toEqual([]);
    expect(icvs).toEqual([1, 2]);
  });

  it('leaves no gap and no fork when the object dies between signing and storing', async () => {
    const { name, stub } = chain();
    await issued(stub, 'order-1');
    // The crash: the document is built and signed, then the object fails as it writes it.
    await runInDurableObject(stub, async (instance: EInvoiceChain, state) => {
      const sql = state.storage.sql;
      const exec = sql.exec.bind(sql);
      sql.exec = ((query: string, ...bindings: unknown[]) => {
        // Any write carrying the signed document: it exists, and the object dies storing it.
        if (bindings.some((b) => typeof b === 'string' && b.includes('<ds:SignatureValue>')))
          throw new Error('killed between signing and storing');
        return exec(query, ...bindings);
      }) as typeof sql.exec;
      try {
        await expect(instance.issue(sale('order-2'), material)).rejects.toThrow('killed between signing and storing');
      } finally {
        sql.exec = exec;
      }
    });
    expect((await checkedChain(stub)).icvs).toEqual([1]);
    const retried = await issued(handle(name), 'order-2');
    expect(retried.icv).toBe(2);
    expect(await issued(handle(name), 'order-2')).toEqual(retried);
    const { problems, icvs } = await checkedChain(stub);
    expect(problems).toEqual([]);
    expect(icvs).toEqual([1, 2]);
  });

  it('keeps one unbroken chain when the object is reset in the middle of a burst of sales', async () => {
    const { name, stub } = chain();
    await issued(stub, 'order-1');
    // A burst while the object is reset: whatever was answered is in the chain, the rest is retried.
    const burst = Array.from({ length: 8 }, (_, i) => `order-${i + 2}`);
    const first = await Promise.allSettled([
      ...burst.slice(0, 4).map((key) => issued(handle(name), key)),
      runInDurableObject(stub, (_o, state) => state.abort('killed')),
      ...burst.slice(4).map((key) => issued(handle(name), key)),
    ]);
    // The reset cut the burst: some callers got no answer (their document may or may not be stored).
    expect(first.filter((r) => r.status === 'rejected').length).toBeGreaterThan(1);
    const answered = first.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
    const retried = await Promise.all([...burst, ...burst].map((key) => issued(handle(name), key)));

    const { problems, icvs, docs } = await checkedChain(handle(name));
    expect(problems).toEqual([]);
    expect(icvs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(docs.map((d) => d.key).sort()).toEqual(['order-1', ...burst].sort());
    // Each retried sale has exactly one document: the one in the chain.
    for (const doc of [...answered, ...retried]) expect(docs.find((d) => d.key === doc.key)).toEqual(doc);
  });
});
