// Loyalty in the back office (issue 47), through the API's /staff/loyalty routes with real staff
// sessions: the monthly report's figures on a small crafted ledger (Gulf month edges, erased shoppers'
// sums, both countries, the liability at the redeem rate, the CSV), the owner's rules and tiers per
// country (validation with field errors, the audit row with before and after, the cache forgotten,
// other roles refused), and a shopper's points with the manual adjustment (reason required, audited,
// refused past her balance, a double submit written once).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsMove } from '#api/src/loyalty/ledger';
import { loyaltyRules } from '#api/src/loyalty/rules-read';
import { json } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let owner: TestStaff;
let support: TestStaff;
let catalogue: TestStaff;
let saudiSupport: TestStaff;

async function newUser(tag: string): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Reem Points', ?, '', 'en', ?) RETURNING id",
  )
    .bind(`office-${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return row!.id;
}

/** An instant given as Gulf time (UTC+3). */
const gulf = (iso: string) => Date.parse(`${iso}+03:00`);
const FAR = Date.parse('2030-01-01T00:00:00Z');

async function move(
  userId: number,
  country: 'KW' | 'SA',
  amount: number,
  kind: Parameters<typeof pointsMove>[1]['kind'],
  at: number,
  extra: { staffId?: number; reason?: string } = {},
) {
  await env.DB.batch(
    pointsMove(env.DB, {
      userId,
      country,
      amount,
      kind,
      eventKey: `test:${crypto.randomUUID()}`,
      expiresAt: amount > 0 ? FAR : null,
      now: at,
      ...extra,
    }),
  );
}

const RULES_KW = {
  country: 'KW',
  points_per_unit: '20',
  blood_test_points_per_unit: '5',
  consultation_points_per_unit: '5',
  review_points: '60',
  birthday_points: '100',
  redeem_step_points: '100',
  redeem_step_value: '0.250',
  min_payable: '1.000',
  expiry_months: '12',
  expiry_notice_days: '30',
  referral_discount: '2.000',
  referral_min_subtotal: '10.000',
  referrer_points: '500',
  referral_monthly_cap: '5',
  is_active: 'on',
  bronze_min_spend: '0',
  bronze_multiplier: '1',
  bronze_free_delivery: '',
  bronze_early_access_hours: '0',
  silver_min_spend: '100.000',
  silver_multiplier: '1.25',
  silver_free_delivery: '10.000',
  silver_early_access_hours: '24',
  gold_min_spend: '300.000',
  gold_multiplier: '1.5',
  gold_free_delivery: '5.000',
  gold_early_access_hours: '48',
};

beforeAll(async () => {
  owner = await staffWith([{ role: 'owner', country: null }]);
  support = await staffWith([{ role: 'support', country: null }]);
  catalogue = await staffWith([{ role: 'catalogue_manager', country: null }]);
  saudiSupport = await staffWith([{ role: 'support', country: 'SA' }]);
});

describe('the monthly points report', () => {
  it('counts each kind in its Gulf month, erased shoppers’ sums included, with the outstanding and its value per country', async () => {
    const kw = await newUser('report-kw');
    const sa = await newUser('report-sa');
    // Before the report's 12 months (July 2024 – June 2025): the opening balance only.
    await move(kw, 'KW', 1000, 'earn_order', gulf('2024-03-10T12:00:00'));
    // May 2025.
    await move(kw, 'KW', 40, 'earn_review', gulf('2025-05-02T10:00:00'));
    await move(kw, 'KW', -300, 'spend', gulf('2025-05-15T10:00:00'));
    await move(kw, 'KW', 50, 'adjustment', gulf('2025-05-16T10:00:00'), { staffId: owner.id, reason: 'Late parcel' });
    await move(kw, 'KW', -20, 'adjustment', gulf('2025-05-17T10:00:00'), { staffId: owner.id, reason: 'Mistake' });
    // 00:30 on 1 June in the Gulf is still 31 May in UTC: it counts in June.
    await move(kw, 'KW', 100, 'earn_birthday', gulf('2025-06-01T00:30:00'));
    await move(kw, 'KW', 300, 'spend_return', gulf('2025-06-03T10:00:00'));
    await move(kw, 'KW', -100, 'expiry', gulf('2025-06-10T10:00:00'));
    await move(kw, 'KW', -30, 'earn_reversal', gulf('2025-06-11T10:00:00'));
    // Saudi Arabia, its own account and currency. 23:30 on 30 June in the Gulf: June, not July.
    await move(sa, 'SA', 700, 'earn_blood_test', gulf('2025-06-30T23:30:00'));
    await move(sa, 'SA', 50, 'earn_referral', gulf('2025-06-05T10:00:00'));
    await move(sa, 'SA', 30, 'earn_consultation', gulf('2025-07-01T00:10:00'));
    // Erased shoppers: their rows are gone, their sums stay (debits negative, like the ledger), the
    // balance left as forfeited.
    await env.DB.prepare(
      `INSERT INTO points_erased_sums (country, month, kind, points) VALUES
        ('KW', '2024-02', 'earn_order', 70), ('KW', '2024-02', 'forfeited', -70),
        ('KW', '2025-05', 'earn_order', 500), ('KW', '2025-05', 'spend', -200),
        ('KW', '2025-06', 'forfeited', -300),
        ('SA', '2025-06', 'earn_order', 80), ('SA', '2025-06', 'forfeited', -80)`,
    ).run();

    const res = await staffCall(owner.token, '/staff/loyalty/report?month=2025-06');
    expect(res.status).toBe(200);
    const report = (await json(res)).data;
    expect(report.month).toBe('2025-06');
    const [kwReport, saReport] = report.countries;
    expect(kwReport).toMatchObject({ country: 'KW', currency: 'KWD', redeem_step_points: 100, redeem_step_value: 200 });
    expect(kwReport.months).toHaveLength(12);
    expect(kwReport.months[0]).toMatchObject({ month: '2024-07', issued_total: 0, outstanding: 1000, liability: 2000 });
    const may = kwReport.months[10];
    expect(may).toEqual({
      month: '2025-05',
      issued: {
        earn_order: 500,
        earn_blood_test: 0,
        earn_consultation: 0,
        earn_review: 40,
        earn_birthday: 0,
        earn_referral: 0,
        adjustment_up: 50,
        spend_return: 0,
      },
      issued_total: 590,
      spent: 500,
      reversed: 0,
      expired: 0,
      adjusted_down: 20,
      forfeited: 0,
      outstanding: 1070,
      liability: 2140,
    });
    const june = kwReport.months[11];
    expect(june).toMatchObject({
      month: '2025-06',
      issued: { earn_birthday: 100, spend_return: 300, earn_order: 0 },
      issued_total: 400,
      spent: 0,
      reversed: 30,
      expired: 100,
      adjusted_down: 0,
      forfeited: 300,
      outstanding: 1040,
      // 1,040 points at 100 = KWD 0.200: KWD 2.080.
      liability: 2080,
    });

    expect(saReport).toMatchObject({ country: 'SA', currency: 'SAR' });
    expect(saReport.months[11]).toMatchObject({
      month: '2025-06',
      issued: { earn_blood_test: 700, earn_referral: 50, earn_order: 80, earn_consultation: 0 },
      issued_total: 830,
      forfeited: 80,
      outstanding: 750,
      // 750 points at 100 = SAR 2.00: SAR 15.00.
      liability: 1500,
    });
    // July's consultation points are in the next report, not this one.
    const july = (await json(await staffCall(owner.token, '/staff/loyalty/report?month=2025-07'))).data.countries[1];
    expect(july.months[11]).toMatchObject({ month: '2025-07', issued_total: 30, outstanding: 780 });

    const csv = await staffCall(owner.token, '/staff/loyalty/report/csv?month=2025-06');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="points-report-2025-06.csv"');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // A line a country and month: twelve months of each of the three countries.
    expect(lines).toHaveLength(1 + 36);
    expect(lines[0]).toBe(
      'country,currency,month,issued_earn_order,issued_earn_blood_test,issued_earn_consultation,issued_earn_review,issued_earn_birthday,issued_earn_referral,issued_adjustment_up,issued_spend_return,issued_total,spent,reversed,expired,adjusted_down,forfeited,outstanding,redeem_step_points,redeem_step_value,liability',
    );
    expect(lines).toContain('KW,KWD,2025-06,0,0,0,0,100,0,0,300,400,0,30,100,0,300,1040,100,0.200,2.080');
    expect(lines).toContain('SA,SAR,2025-06,80,700,0,0,0,50,0,0,830,0,0,0,0,80,750,100,2.00,15.00');
    const audit = await env.DB.prepare(
      "SELECT staff_id, resource_id FROM audit_log WHERE action = 'loyalty.report_export'",
    ).all();
    expect(audit.results).toEqual([{ staff_id: owner.id, resource_id: '2025-06' }]);
  });

  it('is the owner’s: support and catalogue managers are refused, a bad month is a 400', async () => {
    for (const member of [support, catalogue]) {
      expect((await staffCall(member.token, '/staff/loyalty/report')).status).toBe(403);
      expect((await staffCall(member.token, '/staff/loyalty/report/csv')).status).toBe(403);
    }
    expect((await staffCall(owner.token, '/staff/loyalty/report?month=2025-13')).status).toBe(400);
  });
});

describe('the loyalty rules per country', () => {
  it('answers both countries’ rules and tiers in their own minor units, to the owner only', async () => {
    const res = await staffCall(owner.token, '/staff/loyalty/rules');
    expect(res.status).toBe(200);
    const { countries } = (await json(res)).data;
    expect(countries.map((c: { country: string }) => c.country)).toEqual(['KW', 'SA', 'AE']);
    expect(countries[1]).toMatchObject({
      currency: 'SAR',
      rules: { points_per_unit: 1, redeem_step_value: 200, is_active: true },
      tiers: [
        { tier: 'bronze', min_spend: 0, free_delivery_minor: null },
        { tier: 'silver', min_spend: 120_000, earn_multiplier_bp: 12_500 },
        { tier: 'gold', min_spend: 360_000, earn_multiplier_bp: 15_000 },
      ],
    });
    for (const member of [support, catalogue]) {
      expect((await staffCall(member.token, '/staff/loyalty/rules')).status).toBe(403);
      const post = await staffCall(member.token, '/staff/loyalty/rules', { json: RULES_KW });
      expect(post.status).toBe(403);
    }
  });

  it('refuses bad rules with each field’s message key, and changes nothing', async () => {
    const res = await staffCall(owner.token, '/staff/loyalty/rules', {
      json: {
        ...RULES_KW,
        redeem_step_points: '0',
        redeem_step_value: '0.2505',
        referral_discount: '20.000',
        bronze_min_spend: '5.000',
        silver_min_spend: '400.000',
        gold_min_spend: '300.000',
        silver_multiplier: '0.9',
        gold_multiplier: '1.1',
        expiry_notice_days: '91',
      },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.meta.msg).toBe('validation_failed');
    const byField = Object.fromEntries(
      body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(byField).toMatchObject({
      redeem_step_points: 'points_rules_step_positive',
      redeem_step_value: 'country_amount_decimals',
      referral_discount: 'points_rules_referral_above_minimum',
      bronze_min_spend: 'points_rules_bronze_zero',
      gold_min_spend: 'points_rules_tiers_increasing',
      silver_multiplier: 'points_rules_multiplier_range',
      expiry_notice_days: 'points_rules_whole_number',
    });
    const saudi = await staffCall(owner.token, '/staff/loyalty/rules', {
      json: { ...RULES_KW, country: 'SA', redeem_step_value: '0.250', gold_multiplier: '1.1' },
    });
    const saudiFields = (await json(saudi)).data.fields.map((f: { field: string; message: string }) => [
      f.field,
      f.message,
    ]);
    // Three decimals are too many for riyals; a gold tier earning less than silver is refused.
    expect(saudiFields).toContainEqual(['redeem_step_value', 'country_amount_decimals']);
    expect(saudiFields).toContainEqual(['gold_multiplier', 'points_rules_multipliers_increasing']);
    const row = await env.DB.prepare("SELECT redeem_step_points FROM loyalty_rules WHERE country = 'KW'").first();
    expect(row).toEqual({ redeem_step_points: 100 });
  });

  it('saves a country’s rules and tiers with an audit row of before and after, and the shop reads them at once', async () => {
    // The rules as the storefront's quote reads them, cached in this isolate.
    expect((await loyaltyRules(env.DB, 'KW')).rules.points_per_unit).toBe(10);
    const res = await staffCall(owner.token, '/staff/loyalty/rules', { json: RULES_KW });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.meta.msg).toBe('points_rules_saved');
    expect(body.data.rules).toMatchObject({
      points_per_unit: 20,
      review_points: 60,
      redeem_step_value: 250,
      min_payable: 1000,
      referral_discount: 2000,
      referral_min_subtotal: 10_000,
      is_active: true,
    });
    expect(body.data.tiers[1]).toEqual({
      tier: 'silver',
      min_spend: 100_000,
      earn_multiplier_bp: 12_500,
      free_delivery_minor: 10_000,
      early_access_hours: 24,
    });
    const cached = await loyaltyRules(env.DB, 'KW');
    expect(cached.rules).toMatchObject({ points_per_unit: 20, redeem_step_value: 250 });
    expect(cached.tiers.find((t) => t.tier === 'silver')?.free_delivery_minor).toBe(10_000);
    // Saudi Arabia's rules are untouched.
    expect((await loyaltyRules(env.DB, 'SA')).rules.points_per_unit).toBe(1);

    const audit = await env.DB.prepare(
      "SELECT staff_id, resource_id, country, before_json, after_json FROM audit_log WHERE action = 'loyalty.rules_update'",
    ).all<{ staff_id: number; resource_id: string; country: string; before_json: string; after_json: string }>();
    expect(audit.results).toHaveLength(1);
    const [row] = audit.results;
    expect(row).toMatchObject({ staff_id: owner.id, resource_id: 'KW', country: 'KW' });
    expect(JSON.parse(row!.before_json).rules).toMatchObject({ points_per_unit: 10, redeem_step_value: 200 });
    expect(JSON.parse(row!.after_json).rules).toMatchObject({ points_per_unit: 20, redeem_step_value: 250 });

    // Switching a country off keeps its rows; is_active absent (an unticked box) is 0.
    const { is_active: _on, ...off } = RULES_KW;
    expect((await staffCall(owner.token, '/staff/loyalty/rules', { json: off })).status).toBe(200);
    expect((await loyaltyRules(env.DB, 'KW')).rules.is_active).toBe(false);
  });
});

describe('a shopper’s points in the back office', () => {
  it('adds points with a reason she reads, audited, once however often the form is sent', async () => {
    const reem = await newUser('adjust');
    // A Kuwaiti order makes her a Kuwaiti shopper for a country-limited grant.
    const key = crypto.randomUUID();
    const adjust = (body: Record<string, unknown>, member = support) =>
      staffCall(member.token, `/staff/loyalty/customers/${reem}/adjust`, { json: body });
    const noReason = await adjust({ country: 'KW', direction: 'add', points: '200', reason: ' ', event_key: key });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).data.fields[0]).toMatchObject({
      field: 'reason',
      message: 'points_adjust_reason_required',
    });

    const body = { country: 'KW', direction: 'add', points: '200', reason: 'Parcel arrived late', event_key: key };
    const [first, second] = await Promise.all([adjust(body), adjust(body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [(await json(first)).data, (await json(second)).data];
    expect(answers.map((a) => a.balance)).toEqual([200, 200]);
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect((await adjust(body)).status).toBe(200);

    const rows = await env.DB.prepare(
      'SELECT amount, balance_after, kind, staff_id, reason, event_key, expires_at, created_at FROM points_ledger WHERE user_id = ?',
    )
      .bind(reem)
      .all<{ expires_at: number; created_at: number }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]).toMatchObject({
      amount: 200,
      balance_after: 200,
      kind: 'adjustment',
      staff_id: support.id,
      reason: 'Parcel arrived late',
      event_key: `adjust:${key}`,
    });
    // Added points expire like earned ones: twelve months later (Kuwait's rule).
    const months = (rows.results[0]!.expires_at - rows.results[0]!.created_at) / (24 * 60 * 60 * 1000);
    expect(months).toBeGreaterThanOrEqual(365);
    expect(months).toBeLessThanOrEqual(366);
    const audit = await env.DB.prepare(
      "SELECT staff_id, resource_id, country, before_json, after_json, reason FROM audit_log WHERE action = 'points.adjust' AND resource_id = ?",
    )
      .bind(String(reem))
      .all();
    expect(audit.results).toEqual([
      {
        staff_id: support.id,
        resource_id: String(reem),
        country: 'KW',
        before_json: JSON.stringify({ balance: 0 }),
        after_json: JSON.stringify({ balance: 200, points: 200, event_key: `adjust:${key}` }),
        reason: 'Parcel arrived late',
      },
    ]);

    // Her page: the account and the line, with who and why.
    const page = (await json(await staffCall(support.token, `/staff/loyalty/customers/${reem}`))).data;
    expect(page.accounts).toEqual([{ country: 'KW', balance: 200, tier: 'bronze', spend_12m: 0 }]);
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatchObject({
      kind: 'adjustment',
      amount: 200,
      balance_after: 200,
      reason: 'Parcel arrived late',
      staff_name: expect.any(String),
      order_id: null,
    });
    expect(page.next).toBeNull();
  });

  it('refuses taking away more than her balance with 409 points_insufficient, and writes nothing', async () => {
    const noura = await newUser('short');
    await move(noura, 'SA', 150, 'earn_order', Date.now() - 1000);
    const res = await staffCall(owner.token, `/staff/loyalty/customers/${noura}/adjust`, {
      json: {
        country: 'SA',
        direction: 'remove',
        points: '151',
        reason: 'Duplicate credit',
        event_key: crypto.randomUUID(),
      },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('points_insufficient');
    const left = await env.DB.prepare('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?').bind(noura).first();
    expect(left).toEqual({ n: 1 });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'points.adjust' AND resource_id = ?")
        .bind(String(noura))
        .first(),
    ).toEqual({ n: 0 });
    const ok = await staffCall(owner.token, `/staff/loyalty/customers/${noura}/adjust`, {
      json: {
        country: 'SA',
        direction: 'remove',
        points: '150',
        reason: 'Duplicate credit',
        event_key: crypto.randomUUID(),
      },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ country: 'SA', balance: 0, replayed: false });
  });

  it('pages her ledger, newest first, and keeps adjustments to the wallet’s roles and countries', async () => {
    const huda = await newUser('paged');
    for (let i = 0; i < 27; i++) await move(huda, 'KW', 10, 'earn_review', Date.now() - 100_000 + i);
    const first = (await json(await staffCall(support.token, `/staff/loyalty/customers/${huda}`))).data;
    expect(first.lines).toHaveLength(25);
    expect(first.lines[0].balance_after).toBe(270);
    expect(first.next).toBe(first.lines[24].id);
    const second = (await json(await staffCall(support.token, `/staff/loyalty/customers/${huda}?before=${first.next}`)))
      .data;
    expect(second.lines.map((l: { balance_after: number }) => l.balance_after)).toEqual([20, 10]);
    expect(second.next).toBeNull();

    const body = { country: 'KW', direction: 'add', points: '5', reason: 'Goodwill', event_key: crypto.randomUUID() };
    // A catalogue manager has no customer rights; a Saudi-only support agent cannot adjust Kuwaiti points.
    expect((await staffCall(catalogue.token, `/staff/loyalty/customers/${huda}/adjust`, { json: body })).status).toBe(
      403,
    );
    expect((await staffCall(catalogue.token, `/staff/loyalty/customers/${huda}`)).status).toBe(403);
    expect(
      (await staffCall(saudiSupport.token, `/staff/loyalty/customers/${huda}/adjust`, { json: body })).status,
    ).toBe(403);
  });
});
