// The local page of what the ZATCA stand-in received (issue 75): /dev/e-invoices lists each document
// with its status and ZATCA's messages in English and Arabic, and gives its XML as a file; production
// answers 404 for both.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storefront } from './helpers';

describe('/dev/e-invoices', () => {
  it('lists what the stand-in received, both languages, each as its XML file; 404 in production', async () => {
    const uuid = crypto.randomUUID();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice><cbc:UUID>${uuid}</cbc:UUID></Invoice>`;
    const answer = {
      infoMessages: [],
      warningMessages: [],
      errorMessages: [
        {
          type: 'ERROR',
          code: 'invoiceHash_QRCODE_INVALID',
          category: 'QRCODE_VALIDATION',
          message: 'Invoice xml hash does not match with qr code invoice xml hash',
          status: 'ERROR',
        },
      ],
      status: 'ERROR',
    };
    const row = await env.API_DB.prepare(
      "INSERT INTO zatca_stand_in_documents (kind, unit, token, uuid, invoice_hash, icv, status, answer, xml, received_at) VALUES ('reporting', 'Riyadh till 1', 'token', ?, 'hash', 7, 'ERROR', ?, ?, ?) RETURNING id",
    )
      .bind(uuid, JSON.stringify(answer), xml, Date.now())
      .first<{ id: number }>();
    for (const [lang, title, refused] of [
      ['en', 'Dev e-invoices', 'Refused'],
      ['ar', 'الفواتير الإلكترونية للتطوير', 'مرفوضة'],
    ] as const) {
      const res = await storefront(`/dev/e-invoices?lang=${lang}`);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(page).toContain(title);
      expect(page).toContain(refused);
      expect(page).toContain(uuid);
      expect(page).toContain('invoiceHash_QRCODE_INVALID');
      expect(page).toContain(`href="/dev/e-invoices/${row!.id}/xml"`);
    }
    const file = await storefront(`/dev/e-invoices/${row!.id}/xml`);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="e-invoice-${uuid}.xml"`);
    expect(await file.text()).toBe(xml);
    const production = { ENVIRONMENT: 'production' } as never;
    expect((await storefront('/dev/e-invoices', {}, production)).status).toBe(404);
    expect((await storefront(`/dev/e-invoices/${row!.id}/xml`, {}, production)).status).toBe(404);
  });
});
