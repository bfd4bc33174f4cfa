// A Saudi order's page shows its e-invoice (issue 75, decision 75) in the first HTML, in English and
// Arabic: once signed, the signed document's nine-field QR in place of the phase-1 one, said to be an
// electronic invoice; while it waits, that it is being issued and no QR. The API's signing is the API
// tests' (tests/integration/api/e-invoice-sales.test.ts): here the row is the one the signer writes.
import { env } from 'cloudflare:workers';
import { tlvPayload } from '#shared/invoice/zatca-tlv';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, registerShopper, storefront } from './helpers';

let shopper = '';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  shopper = `${await registerShopper(`e-invoice-page-${crypto.randomUUID()}@example.com`, device, 'Noura')}; country=SA`;
});

/** A Saudi cash order of hers, delivered (a sale), with its e-invoice row as the signer leaves it. */
async function deliveredSaudiOrder(): Promise<{ id: number; total: number; vat: number }> {
  const submit = await storefront('/api/order/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie: shopper },
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 2 }],
      payment_method: 'cod',
      address: {
        country: 'SA',
        recipient: 'Noura',
        phone: '512345678',
        city_id: 2,
        district: 'Rawdah',
        street: 'Tahlia',
        building_number: '1234',
        postal_code: '23433',
      },
      idempotency_key: crypto.randomUUID(),
    }),
  });
  const placed = (await submit.json()) as { data: { order: { id: number; totals: { total: number; vat: number } } } };
  expect(submit.status, JSON.stringify(placed)).toBe(200);
  const { id, totals } = placed.data.order;
  await env.API_DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?")
    .bind(Date.now(), id)
    .run();
  return { id, total: totals.total, vat: totals.vat };
}

const page = async (path: string) => {
  const res = await storefront(path, { headers: { cookie: shopper } });
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("a Saudi order's e-invoice on its page", () => {
  it('shows the signed document’s nine-field QR in the first HTML, in English and Arabic', async () => {
    const { id, total, vat } = await deliveredSaudiOrder();
    // Nine TLV fields as the chain's document carries them (hash, signature, key, certificate's signature after the five).
    const qr = tlvPayload([
      'شركة خليج الفيتامينات التجارية',
      '310457812300003',
      '2026-11-28T04:00:00Z',
      (total / 100).toFixed(2),
      (vat / 100).toFixed(2),
      'aGFzaA==',
      'c2lnbmF0dXJl',
      new Uint8Array([0x30, 0x56, 1, 2, 3]),
      new Uint8Array([0x30, 0x45, 4, 5, 6]),
    ]);
    await env.API_DB.prepare(
      `INSERT INTO e_invoices (key, kind, order_id, state, icv, uuid, invoice_hash, qr, total_minor, vat_minor, issued_at,
         next_report_at, requested_at) VALUES (?, 'invoice', ?, 'signed', 1, ?, 'aGFzaA==', ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        `order:${id}`,
        id,
        crypto.randomUUID(),
        qr,
        total,
        vat,
        Date.UTC(2026, 10, 28, 4),
        Date.UTC(2026, 10, 28, 4),
        Date.now(),
      )
      .run();

    const en = await page(`/profile/orders?id=${id}`);
    expect(en).toContain(`data-qr="${qr}"`);
    expect(en).toContain('data-testid="e-invoice-signed"');
    expect(en).toContain('Electronic invoice, signed for ZATCA');
    // The document's time, not the order's.
    expect(en).toContain('dateTime="2026-11-28T04:00:00Z"');
    const ar = await page(`/ar/profile/orders?id=${id}`);
    expect(ar).toContain(`data-qr="${qr}"`);
    expect(ar).toContain('فاتورة إلكترونية موقّعة لهيئة الزكاة والضريبة والجمارك');
    // One QR on the invoice: the phase-1 one is gone.
    expect(en.match(/data-qr="/g)).toHaveLength(1);
  });

  it('says the e-invoice is being issued while it waits, with no QR', async () => {
    const { id } = await deliveredSaudiOrder();
    await env.API_DB.prepare(
      "INSERT INTO e_invoices (key, kind, order_id, state, waiting_reason, requested_at) VALUES (?, 'invoice', ?, 'waiting', 'no-stamp', ?)",
    )
      .bind(`order:${id}`, id, Date.now())
      .run();
    const en = await page(`/profile/orders?id=${id}`);
    expect(en).toContain('data-testid="e-invoice-issuing"');
    expect(en).toContain('The electronic invoice is being issued');
    expect(en).not.toContain('data-qr="');
    const ar = await page(`/ar/profile/orders?id=${id}`);
    expect(ar).toContain('جارٍ إصدار الفاتورة الإلكترونية');
  });
});
