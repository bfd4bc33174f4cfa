// The owner's onboarding with ZATCA through the back office's routes, against the local stand-in, in
// workerd (issue 75, decision 75's amendment "the stamp store"): the seller's data, the key pair and
// CSR, a wrong one-time code refused with ZATCA's Invalid-OTP and tried again, the compliance checks
// with documents the core signed, the production CSID stored sealed; the stamp in use is then the
// onboarded one, the chain signs with it and the stand-in accepts the report; renewal keeps the unit and
// the chain goes on. No answer, audit row or stored column holds the private key or a CSID's secret.
import { env } from 'cloudflare:test';
import { CONFIG_UNIT, stampInUse } from '#api/src/e-invoice-stamp/index';
import { openSecret } from '#api/src/e-invoice-stamp/store';
import { verifyChain, verifyDocument } from '#api/src/e-invoices';
import { zatcaFor } from '#api/src/e-invoices/zatca/index';
import { apiConfig } from '#api/src/lib/config';
import { describe, expect, it } from 'vitest';
import { json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';
import { chainOf, saudiSale } from './e-invoice-fixtures';

const apiEnv = env as unknown as ApiEnv;
const tokenSecret = apiConfig(apiEnv).TOKEN_SECRET;

const SELLER = {
  name_ar: 'شركة المكملات الصحية المحدودة',
  // Arabic-Indic digits as an owner may type them: read as the VAT number's digits.
  vat_number: '٣٩٩٩٩٩٩٩٩٩٠٠٠٠٣',
  cr_number: '1010010000',
  street: 'طريق الملك فهد',
  building: '2322',
  district: 'المربع',
  city: 'الرياض',
  postal_code: '12345',
  branch: 'Riyadh Online',
  business_category: 'Health supplements',
};

/** A Saudi sale for the chain, named as the `sale` part will ask it. */
const sale = (key: string, seller: NonNullable<Awaited<ReturnType<typeof stampInUse>>['seller']>) =>
  saudiSale(
    key,
    seller,
    {
      lines: [{ count: 2, line_total: 11_500 }],
      delivery: 2_500,
      discount: 0,
      promotion_discount: 0,
      referral_discount: 0,
      points_discount: 0,
      total: 14_000,
    },
    ['Vitamin D3'],
  );

describe('e-invoicing onboarding in the back office (local ZATCA stand-in)', () => {
  it('onboards step by step, retries a wrong one-time code, then signs, reports and renews with the stamp kept sealed', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const answers: string[] = [];
    const post = async (path: string, body?: unknown, lang: 'en' | 'ar' = 'en') => {
      const res = await staffCall(owner.token, `/staff/e-invoicing/${path}`, { json: body ?? {}, headers: { lang } });
      const text = await res.text();
      answers.push(text);
      return { status: res.status, body: JSON.parse(text) };
    };

    const first = await json(await staffCall(owner.token, '/staff/e-invoicing'));
    expect(first.data).toMatchObject({ environment: 'local', seller: null, active: null, pending: null });
    expect((await stampInUse(apiEnv)).unit).toBe(CONFIG_UNIT);

    // No CSR without the seller it names; a VAT number not in ZATCA's format is refused with its key.
    expect(await post('keys', { unit: 'Gulf Shop Online' })).toMatchObject({
      status: 409,
      body: { meta: { msg: 'e_invoicing_seller_missing' } },
    });
    const badVat = await post('seller', { ...SELLER, vat_number: '300000000000000' });
    expect(badVat.status).toBe(400);
    expect(badVat.body.data.fields).toContainEqual(
      expect.objectContaining({ field: 'vat_number', message: 'e_invoicing_vat_format' }),
    );
    expect((await post('seller', SELLER)).body.data.seller.vat_number).toBe('399999999900003');

    // Step 1, then steps out of order are refused.
    expect((await post('keys', { unit: 'Gulf Shop Online' })).body.data.pending).toMatchObject({
      state: 'keys',
      unit: 'Gulf Shop Online',
    });
    expect((await post('compliance-checks')).body.meta.msg).toBe('e_invoicing_step_out_of_order');

    // Step 2: a wrong code is ZATCA's Invalid-OTP, a clear 400 with its words; the step stays and is retried.
    const wrong = await post('compliance-csid', { otp: '12345' }, 'ar');
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.msg).toBe('e_invoicing_otp_refused');
    // ZATCA's words in the owner's language (the adapter asks ZATCA for Arabic; the stand-in answers so).
    expect(wrong.body.data.messages).toEqual([{ type: 'ERROR', code: 'Invalid-OTP', message: 'رمز التحقق غير صالح' }]);
    const afterWrong = await json(await staffCall(owner.token, '/staff/e-invoicing'));
    expect(afterWrong.data.pending).toMatchObject({
      state: 'keys',
      last_step: { step: 'compliance-csid', outcome: 'refused' },
    });
    expect((await post('compliance-csid', { otp: '123456' })).body.data.pending.state).toBe('compliance');

    // Step 3: the samples of every type, signed by the core with the compliance certificate, pass.
    const checked = await post('compliance-checks');
    expect(checked.status).toBe(200);
    expect(checked.body.data.pending).toMatchObject({
      state: 'checked',
      checks: [
        { kind: 'invoice', status: 'PASS' },
        { kind: 'credit-note', status: 'PASS' },
        { kind: 'debit-note', status: 'PASS' },
      ],
    });
    const samples = await env.DB.prepare(
      "SELECT xml FROM zatca_stand_in_documents WHERE kind = 'compliance' AND unit = 'Gulf Shop Online' ORDER BY id",
    ).all<{ xml: string }>();
    expect(samples.results.map((r) => /<cbc:InvoiceTypeCode name="0200000">(\d+)</.exec(r.xml)?.[1])).toEqual([
      '388',
      '381',
      '383',
    ]);

    // Step 4: the production CSID; the stamp is active and nothing pending.
    // Clicked twice at once: ZATCA may answer both, and one stamp ends active, not none.
    const [production] = await Promise.all([post('production-csid'), post('production-csid')]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM e_invoice_stamps WHERE state = 'active'").first('n')).toBe(
      1,
    );
    expect(production.body.data).toMatchObject({
      pending: null,
      active: { unit: 'Gulf Shop Online', state: 'active' },
    });
    expect(production.body.data.active.not_after).toBeGreaterThan(Date.now());

    // The stamp in use is the onboarded one, with the stand-in's production CSID, and the seller entered.
    const stamp = await stampInUse(apiEnv);
    const issued = await env.DB.prepare(
      "SELECT token, secret FROM zatca_stand_in_csids WHERE unit = 'Gulf Shop Online' AND kind = 'production'",
    ).first<{ token: string; secret: string }>();
    expect(stamp.unit).toBe('Gulf Shop Online');
    expect(stamp.reporting).toEqual({ binarySecurityToken: issued!.token, secret: issued!.secret });
    expect(stamp.seller).toMatchObject({ vatNumber: '399999999900003', address: { city: 'الرياض' } });

    // Kept sealed: the stored row holds neither the key nor the secret in the clear, and they open.
    const row = await env.DB.prepare("SELECT * FROM e_invoice_stamps WHERE state = 'active'").first<
      Record<string, string>
    >();
    const key = stamp.material.E_INVOICE_STAMP_KEY!;
    expect(await openSecret(row!.sealed_private_key!, tokenSecret)).toBe(key);
    expect(await openSecret(row!.sealed_production_secret!, tokenSecret)).toBe(issued!.secret);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(issued!.secret);

    // The chain signs with it (verified by the core's verifier) and the stand-in accepts the report.
    const doc = await chainOf(stamp.unit).issue(sale('order:onboarding-1', stamp.seller!), stamp.material);
    if (!doc.ok) throw new Error(doc.refusal);
    expect(verifyDocument(doc.document.xml).problems).toEqual([]);
    const zatca = zatcaFor('local', env.DB);
    const submission = { invoiceHash: doc.document.invoiceHash, uuid: doc.document.uuid, xml: doc.document.xml };
    expect(await zatca.report(stamp.reporting!, submission)).toMatchObject({ kind: 'reported' });

    // Renewal: a wrong code is refused and the stamp stays; with a good one the unit is kept, the key new.
    expect(await post('renew', { otp: '1' })).toMatchObject({
      status: 400,
      body: { meta: { msg: 'e_invoicing_otp_refused' } },
    });
    expect((await stampInUse(apiEnv)).material).toEqual(stamp.material);
    const renewed = await post('renew', { otp: '654321' });
    expect(renewed.body.data.active).toMatchObject({
      unit: 'Gulf Shop Online',
      last_step: { step: 'renewal', outcome: 'done' },
    });
    const next = await stampInUse(apiEnv);
    expect(next.unit).toBe(stamp.unit);
    expect(next.material.E_INVOICE_STAMP_KEY).not.toBe(key);
    expect(next.material.E_INVOICE_STAMP_CERTIFICATE).not.toBe(stamp.material.E_INVOICE_STAMP_CERTIFICATE);
    const second = await chainOf(next.unit).issue(sale('order:onboarding-2', next.seller!), next.material);
    if (!second.ok) throw new Error(second.refusal);
    expect(verifyChain([doc.document.xml, second.document.xml]).map((v) => v.problems)).toEqual([[], []]);
    expect(
      await zatca.report(next.reporting!, {
        invoiceHash: second.document.invoiceHash,
        uuid: second.document.uuid,
        xml: second.document.xml,
      }),
    ).toMatchObject({ kind: 'reported' });

    // Weeks before the certificate ends, the owner is told on the page and on the dashboard; others are not.
    expect(renewed.body.data.renew_within_days).toBeNull();
    await env.DB.prepare("UPDATE e_invoice_stamps SET not_after = ? WHERE state = 'active'")
      .bind(Date.now() + 10 * 24 * 3_600_000 - 60_000)
      .run();
    expect((await json(await staffCall(owner.token, '/staff/e-invoicing'))).data.renew_within_days).toBe(10);
    expect((await json(await staffCall(owner.token, '/staff/dashboard'))).data.e_invoice_renew_within_days).toBe(10);
    const clerk = await staffWith([{ role: 'fulfilment', country: null }]);
    expect((await json(await staffCall(clerk.token, '/staff/dashboard'))).data.e_invoice_renew_within_days).toBeNull();

    // A box that no longer opens (TOKEN_SECRET changed) signs nothing: the documents wait, nothing throws.
    await env.DB.prepare(
      "UPDATE e_invoice_stamps SET sealed_private_key = 'v1.AAAA.AAAA' WHERE state = 'active'",
    ).run();
    expect(await stampInUse(apiEnv)).toMatchObject({ unit: stamp.unit, material: {}, reporting: null });

    // Every step audited; no answer and no audit row names a key or a secret.
    const audit = await env.DB.prepare(
      "SELECT action, after_json FROM audit_log WHERE action LIKE 'e_invoicing.%' ORDER BY id",
    ).all<{ action: string; after_json: string }>();
    expect(audit.results.map((r) => r.action)).toEqual([
      'e_invoicing.seller',
      'e_invoicing.keys',
      'e_invoicing.compliance-csid',
      'e_invoicing.compliance-csid',
      'e_invoicing.compliance-checks',
      'e_invoicing.production-csid',
      'e_invoicing.renewal',
      'e_invoicing.renewal',
    ]);
    const compliance = await env.DB.prepare(
      "SELECT secret FROM zatca_stand_in_csids WHERE unit = 'Gulf Shop Online'",
    ).all<{ secret: string }>();
    const secrets = [key, next.material.E_INVOICE_STAMP_KEY!, ...compliance.results.map((r) => r.secret)];
    const said = [...answers, ...audit.results.map((r) => r.after_json)].join('\n');
    for (const secret of secrets) expect(said).not.toContain(secret);
  });

  it('is the owner’s alone: other roles and an owner of Kuwait only are refused', async () => {
    const support = await staffWith([{ role: 'support', country: null }]);
    expect((await staffCall(support.token, '/staff/e-invoicing')).status).toBe(403);
    expect((await staffCall(support.token, '/staff/e-invoicing/keys', { json: { unit: 'x' } })).status).toBe(403);
    const kuwaitOwner = await staffWith([{ role: 'owner', country: 'KW' }]);
    const refused = await staffCall(kuwaitOwner.token, '/staff/e-invoicing/seller', {
      json: { ...SELLER, name_ar: 'ليس المالك' },
    });
    expect(refused.status).toBe(403);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM e_invoice_seller WHERE name_ar = 'ليس المالك'").first('n'),
    ).toBe(0);
    // Nor does she read the Saudi sales' e-invoices, which an owner of Saudi Arabia (or everywhere) does.
    const list = await staffCall(kuwaitOwner.token, '/staff/e-invoices?status=all');
    expect(list.status).toBe(403);
    expect((await json(list)).meta.msg).toBe('forbidden');
    const saudiOwner = await staffWith([{ role: 'owner', country: 'SA' }]);
    expect((await staffCall(saudiOwner.token, '/staff/e-invoices?status=all')).status).toBe(200);
  });
});
