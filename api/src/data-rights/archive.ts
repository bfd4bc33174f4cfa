// The contents of a shopper's data archive (decision 49): readable JSON files, one per area, the
// original files she uploaded (decrypted), the Saudi tax invoices as the shop renders them, and a
// README.txt in her language. Every query names her id: nothing of anyone else can enter. Money is
// kept both as integer minor units (exact) and formatted as the shop shows it.
//
// A shopper in another order shard (decision 61): her orders, wallet and points are read from her shard
// (her route rides in the first batch of core reads, so shard 0 pays no round trip for it), her account,
// health data and everything else from the core.
import type { CurrencyCode, Lang } from '#shared/locale';
import { countryOfCurrency, HOME_COUNTRY, isCountryCode } from '#shared/countries';
import { formatMinor } from '#shared/money';
import { safeFileName } from './file-names';
import type { ZipEntry } from './zip';
import { invoiceText } from '../mail/tax-invoice';
import { orderView } from '../orders/view';
import type { ColdReader } from '../archive/read';
import { type Keyring, openFile } from '../uploads/crypto';
import { readmeText } from './texts';
import { consultationExport } from './consultations';
import type { Keyring as HealthKeyring } from '../lib/keyring';
import { herDatabasesFrom, herRouteStatement } from './her-databases';

type Row = Record<string, unknown>;

const money = (minor: unknown, currency: unknown, lang: Lang, country: unknown) =>
  typeof minor === 'number'
    ? {
        minor,
        formatted: formatMinor(minor, currency as CurrencyCode, lang, isCountryCode(country) ? country : HOME_COUNTRY),
      }
    : null;

/** The country whose currency a row is in (each country has its own), for a row that names no country. */
const countryByCurrency = (currency: unknown) =>
  countryOfCurrency(typeof currency === 'string' ? currency : null) ?? HOME_COUNTRY;

const parsed = (text: unknown) => {
  try {
    return JSON.parse(String(text));
  } catch {
    return text;
  }
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const ORDERS_SQL = 'SELECT id FROM orders WHERE user_id = ? ORDER BY created_at, id';
const WALLET_ACCOUNTS_SQL = 'SELECT currency, balance FROM wallet_accounts WHERE user_id = ?';
const WALLET_LEDGER_SQL =
  'SELECT id, currency, amount, kind, order_id, blood_test_order_id, reason_code, note, created_at FROM wallet_ledger WHERE user_id = ? ORDER BY id';

/** Every file of the archive, README first. */
export async function archiveEntries(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  /** Her cold orders (decision 60) are read from their files, as her order pages read them. */
  cold: ColdReader,
  ring: Keyring | null,
  userId: number,
  lang: Lang,
  now: number,
  /** HEALTH_KEK's keyring: consultations' health text opened (null: listed without it). */
  healthRing: HealthKeyring | null = null,
): Promise<ZipEntry[]> {
  const db = env.DB;
  const q = (sql: string) => db.prepare(sql).bind(userId);
  const results = await db.batch([
    q('SELECT * FROM users WHERE id = ?'),
    q('SELECT * FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY id'),
    q(ORDERS_SQL),
    q(WALLET_ACCOUNTS_SQL),
    q(WALLET_LEDGER_SQL),
    q('SELECT id, name, share_token IS NOT NULL AS shared, created_at FROM wishlists WHERE user_id = ? ORDER BY id'),
    q(
      'SELECT i.* FROM wishlist_items i JOIN wishlists w ON w.id = i.list_id WHERE w.user_id = ? ORDER BY i.list_id, i.added_at',
    ),
    q('SELECT product_id, lang, country, created_at, notified_at FROM notify_requests WHERE user_id = ?'),
    q('SELECT id, version_id, answers, suggestions, created_at FROM quiz_results WHERE user_id = ? ORDER BY id'),
    q('SELECT * FROM blood_test_patients WHERE user_id = ? AND deleted_at IS NULL ORDER BY id'),
    q(
      `SELECT id, country, currency, status, patient_id, address, slot_date, slot_window, visit_at, payment_method, payment_state,
         subtotal, discount, vat, total, wallet_used, coupon_code, consent_version, consent_at, created_at
       FROM blood_test_orders WHERE user_id = ? ORDER BY created_at`,
    ),
    q(
      'SELECT i.order_id, i.name_en, i.name_ar, i.price, i.sample_type FROM blood_test_order_items i JOIN blood_test_orders b ON b.id = i.order_id WHERE b.user_id = ?',
    ),
    // Results the shopper can see: approved ones (decision 25: nothing is hers before the second person).
    q(
      `SELECT r.order_id, m.slug AS biomarker, r.value, r.unit, r.ref_low, r.ref_high, r.comment, r.approved_at
       FROM blood_test_results r JOIN blood_test_orders b ON b.id = r.order_id JOIN biomarkers m ON m.id = r.biomarker_id
       WHERE b.user_id = ? AND r.approved_at IS NOT NULL ORDER BY r.order_id, m.slug`,
    ),
    q(
      'SELECT id, lab_name, sample_date, notes, consent_version, consent_at, created_at FROM blood_test_uploads WHERE user_id = ? ORDER BY id',
    ),
    q(
      `SELECT v.upload_id, m.slug AS biomarker, v.value, v.unit, v.origin, v.confirmed_at
       FROM blood_test_upload_values v JOIN blood_test_uploads u ON u.id = v.upload_id JOIN biomarkers m ON m.id = v.biomarker_id
       WHERE u.user_id = ? ORDER BY v.upload_id, m.slug`,
    ),
    q(
      'SELECT * FROM blood_test_upload_files WHERE user_id = ? AND result_id IS NOT NULL ORDER BY result_id, created_at',
    ),
    q('SELECT sex, date_of_birth, unit_preference, updated_at FROM blood_test_profiles WHERE user_id = ?'),
    q(
      `SELECT r.id, r.product_id, p.name_en AS product, r.rating, r.title, r.body, r.lang, r.status, r.reject_reason, r.created_at,
         (SELECT count(*) FROM review_photos ph WHERE ph.review_id = r.id) AS photos
       FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = ? ORDER BY r.id`,
    ),
    q('SELECT id, product_id, body, lang, status, created_at FROM questions WHERE user_id = ? ORDER BY id'),
    q('SELECT id, question_id, body, lang, status, created_at FROM answers WHERE user_id = ? ORDER BY id'),
    q('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY id'),
    q('SELECT topic, enabled, updated_at FROM push_preferences WHERE user_id = ?'),
    q(
      'SELECT id, kind, status, source, created_at, ready_at, expires_at, done_at FROM data_requests WHERE user_id = ? ORDER BY id',
    ),
    // Her cart as the shop kept it for its reminders (issue 64), and the reminders it was sent.
    q(
      `SELECT country, lang, items, status, updated_at, steps_sent, opened_at, ordered_at, order_id,
         (SELECT json_group_array(json_object('step', step, 'channel', channel, 'sent_at', sent_at)) FROM cart_reminders WHERE cart_id = saved_carts.id) AS reminders
       FROM saved_carts WHERE user_id = ?`,
    ),
    // What she viewed recently (issue 64), newest first.
    q(
      `SELECT v.product_id, p.slug, p.name_en, p.name_ar, v.viewed_at FROM viewed_products v
       LEFT JOIN products p ON p.id = v.product_id WHERE v.user_id = ? ORDER BY v.viewed_at DESC`,
    ),
    herRouteStatement(env, userId),
  ]);
  const her = herDatabasesFrom(env, results[results.length - 1]);
  const shard = her.shard;
  const s = (sql: string) => shard.prepare(sql).bind(userId);
  // Her order domain (orders, wallet, points), read again from her shard when it is not the core.
  const pointsStatements = [
    s(
      'SELECT country, balance, tier, spend_12m, tier_updated_at FROM points_accounts WHERE user_id = ? ORDER BY country',
    ),
    s(
      `SELECT id, country, amount, balance_after, kind, expires_at, order_id, blood_test_order_id, consultation_id, refund_id,
         review_id, referral_id, CASE WHEN kind = 'adjustment' THEN reason END AS reason, created_at
       FROM points_ledger WHERE user_id = ? ORDER BY id`,
    ),
  ];
  const mine = her.apart
    ? await shard.batch([s(ORDERS_SQL), s(WALLET_ACCOUNTS_SQL), s(WALLET_LEDGER_SQL), ...pointsStatements])
    : null;
  const FROM_SHARD: Record<number, number> = { 2: 0, 3: 1, 4: 2 };
  const rows = (i: number) => (mine && i in FROM_SHARD ? mine[FROM_SHARD[i]!]! : results[i]!).results as Row[];
  const [user] = rows(0);
  if (!user) throw new Error('data export: no such user');
  const { password_hash: _secret, ...account } = user;
  account.has_password = user.password_hash !== '';

  // Her returns (issue 62): what she asked and why, with the photos she sent (the files themselves).
  const [returnRows, photoRows] = await db.batch([
    q(
      `SELECT id, order_id, reason, unopened, note, status, refund_amount, currency, created_at,
         (SELECT json_group_array(json_object('sku_id', sku_id, 'count', count)) FROM return_items WHERE return_id = returns.id) AS items
       FROM returns WHERE user_id = ? ORDER BY id`,
    ),
    q(
      'SELECT id, return_id, r2_key, content_type FROM return_photos WHERE user_id = ? AND return_id IS NOT NULL ORDER BY id',
    ),
  ]);
  const returnPhotos = photoRows!.results as Array<{
    id: string;
    return_id: number;
    r2_key: string;
    content_type: string;
  }>;
  const returnFiles: ZipEntry[] = [];
  for (const p of returnPhotos) {
    const object = await env.UPLOADS.get(p.r2_key);
    if (object)
      returnFiles.push({
        name: `returns/${p.return_id}-${p.id}.${p.content_type === 'image/png' ? 'png' : p.content_type === 'image/heic' ? 'heic' : 'jpg'}`,
        data: new Uint8Array(await object.arrayBuffer()),
      });
  }
  const returns = (returnRows!.results as Row[]).map((r) => ({
    ...r,
    unopened: r.unopened === 1,
    items: parsed(r.items),
    refund_amount: money(r.refund_amount, r.currency, lang, countryByCurrency(r.currency)),
    photos: returnPhotos.filter((p) => p.return_id === r.id).map((p) => p.id),
  }));

  const orders = [];
  const invoices: ZipEntry[] = [];
  for (const { id } of rows(2) as { id: number }[]) {
    const view = her.apart
      ? await orderView(shard, id, lang, userId, cold, db)
      : await orderView(db, id, lang, userId, cold);
    if (!view) continue;
    const m = (minor: number) => money(minor, view.currency, lang, view.country);
    // Her answers to failed delivery attempts (issue 62), with the address and phone she gave; in the core.
    const redelivery = await db
      .prepare(
        'SELECT kind, day, address, phone, status, created_at FROM redelivery_requests WHERE order_id = ? ORDER BY id',
      )
      .bind(id)
      .all();
    orders.push({
      ...view,
      redelivery_requests: redelivery.results,
      items: view.items.map((i) => ({ ...i, unit_price: m(i.unit_price), line_total: m(i.line_total) })),
      totals: Object.fromEntries(Object.entries(view.totals).map(([k, v]) => [k, m(v)])),
    });
    if (view.tax_invoice) invoices.push({ name: `invoices/invoice-${id}.txt`, data: `${invoiceText(lang, view)}\n` });
  }

  const ledger = rows(4).map((l) => ({
    ...l,
    amount: money(l.amount, l.currency, lang, countryByCurrency(l.currency)),
  }));
  const items = rows(6);
  const bookingItems = rows(11);
  const results_ = rows(12);
  const values = rows(14);
  const files = rows(15) as unknown as Array<{
    id: string;
    result_id: number;
    r2_key: string;
    name: string;
    content_type: string;
    size: number;
    key_version: number;
    wrapped_key: string;
    iv: string;
    created_at: number;
  }>;

  // The original files, decrypted; a file whose object is missing is listed as such, not silently dropped.
  const originals: ZipEntry[] = [];
  const fileList: Array<Record<string, unknown> & { upload_id: number }> = [];
  for (const f of files) {
    const path = `uploads/${f.result_id}/${f.id.slice(0, 8)}-${safeFileName(f.name)}`;
    const stored = ring ? await env.UPLOADS.get(f.r2_key) : null;
    if (stored && ring) {
      originals.push({ name: path, data: await openFile(ring, f, new Uint8Array(await stored.arrayBuffer()), f.id) });
      fileList.push({
        upload_id: f.result_id,
        name: f.name,
        type: f.content_type,
        size: f.size,
        uploaded_at: f.created_at,
        file: path,
      });
    } else fileList.push({ upload_id: f.result_id, name: f.name, type: f.content_type, size: f.size, file: null });
  }

  const bookings = rows(10).map((b) => ({
    ...b,
    address: parsed(b.address),
    subtotal: money(b.subtotal, b.currency, lang, b.country),
    discount: money(b.discount, b.currency, lang, b.country),
    vat: money(b.vat, b.currency, lang, b.country),
    total: money(b.total, b.currency, lang, b.country),
    wallet_used: money(b.wallet_used, b.currency, lang, b.country),
    tests: bookingItems.filter((i) => i.order_id === b.id).map(({ order_id: _o, ...i }) => i),
    results: results_.filter((r) => r.order_id === b.id).map(({ order_id: _o, ...r }) => r),
  }));
  const uploads = rows(13).map((u) => ({
    ...u,
    values: values.filter((v) => v.upload_id === u.id).map(({ upload_id: _u, ...v }) => v),
    files: fileList.filter((f) => f.upload_id === u.id).map(({ upload_id: _u, ...f }) => f),
  }));
  const consents = [
    ...rows(10).map((b) => ({
      purpose: 'blood_test_booking',
      for: `blood_test_order ${b.id}`,
      version: b.consent_version,
      at: b.consent_at,
    })),
    ...rows(13).map((u) => ({
      purpose: 'blood_test_upload',
      for: `upload ${u.id}`,
      version: u.consent_version,
      at: u.consent_at,
    })),
  ];

  // Her points (decision 58): accounts, every ledger line, her referral code and her referrals (as the
  // referrer: the friend's first order and its status; as the friend: the referral she came with).
  const [referralCode, referralRows, ...pointsHere] = await db.batch([
    q('SELECT code, created_at FROM referral_codes WHERE user_id = ?'),
    db
      .prepare(
        `SELECT id, CASE WHEN referrer_id = ?1 THEN 'referrer' ELSE 'friend' END AS role, order_id, country, discount, status,
           month, created_at, rewarded_at
         FROM referrals WHERE referrer_id = ?1 OR friend_id = ?1 ORDER BY id`,
      )
      .bind(userId),
    ...(mine ? [] : pointsStatements),
  ]);
  const [pointsAccounts, pointsLines] = mine ? mine.slice(3) : pointsHere;

  const at = new Date(now).toISOString();
  return [
    { name: 'README.txt', data: readmeText(lang, at) },
    { name: 'account.json', data: json({ exported_at: at, account, push_topics: rows(21) }) },
    { name: 'addresses.json', data: json(rows(1)) },
    { name: 'orders.json', data: json(orders) },
    ...invoices,
    {
      name: 'wallet.json',
      data: json({
        accounts: rows(3).map((a) => ({
          ...a,
          balance: money(a.balance, a.currency, lang, countryByCurrency(a.currency)),
        })),
        history: ledger,
      }),
    },
    {
      name: 'points.json',
      data: json({
        accounts: pointsAccounts!.results,
        history: pointsLines!.results,
        referral_code: referralCode!.results[0] ?? null,
        referrals: referralRows!.results,
      }),
    },
    {
      name: 'wishlists.json',
      data: json(rows(5).map((w) => ({ ...w, shared: !!w.shared, items: items.filter((i) => i.list_id === w.id) }))),
    },
    { name: 'alerts.json', data: json({ back_in_stock: rows(7) }) },
    {
      name: 'quiz-results.json',
      data: json(rows(8).map((r) => ({ ...r, answers: parsed(r.answers), suggestions: parsed(r.suggestions) }))),
    },
    {
      name: 'blood-tests.json',
      data: json({ profile: rows(16)[0] ?? null, people: rows(9), orders: bookings, uploaded_results: uploads }),
    },
    ...originals,
    { name: 'reviews.json', data: json({ reviews: rows(17), questions: rows(18), answers: rows(19) }) },
    { name: 'subscriptions.json', data: json(rows(20)) },
    { name: 'consultations.json', data: json(await consultationExport(db, healthRing, userId, lang)) },
    { name: 'consents.json', data: json(consents) },
    { name: 'requests.json', data: json(rows(22)) },
    {
      name: 'cart.json',
      data: json(rows(23).map((c) => ({ ...c, items: parsed(c.items), reminders: parsed(c.reminders) }))[0] ?? null),
    },
    { name: 'recently-viewed.json', data: json(rows(24)) },
    { name: 'returns.json', data: json(returns) },
    ...returnFiles,
  ];
}
