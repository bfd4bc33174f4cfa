// Customers in the back office: look-up, a shopper's page (orders, blood-test orders by
// count and status only, wallet), wallet adjustments with a reason, data export and erasure on request.
// A country-limited grant sees the shoppers with a record (order, booking, wallet, address) in its
// countries, and only those countries' records.
import { type ColdPointer, coldReaderFor, withCold } from '#api/src/archive/read';
import { nationalNumber } from '#shared/api/account-schemas';
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { HOME_COUNTRY } from '#shared/countries';
import { countryOfCurrencySql } from '#api/src/db/country-sql';
import { countriesFor, type Permission } from '#shared/staff/permissions';
import { currencyDecimals } from '#shared/money';
import {
  decimalToMinor,
  customerSearchSchema,
  walletAdjustSchema,
  customerEraseSchema,
} from '#shared/api/people-schemas';
import { normalizeDigits } from '#shared/text/digits';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { eraseAccount } from '#api/src/data-rights/erase-account';
import { noteSessionsEnded } from '#api/src/accounts/sessions-ended';
import { erasureRecordStatement } from '#api/src/data-rights/erasure-record';
import type { UserRow, WalletAccountRow, WalletLedgerRow } from '#api/src/db/rows';
import { type Route, routeFrom, routeStatement, shardDatabase, userOwner } from '#api/src/db/databases';
import { idParams } from '#shared/api/route-schemas';
import {
  customerAnswerSchema,
  customerErasedSchema,
  customerExportSchema,
  customerSearchAnswerSchema,
  walletAdjustedSchema,
} from '#shared/api/staff-customer-responses';

const SEARCH_LIMIT = 25;
const LEDGER_LIMIT = 50;
const ORDERS_LIMIT = 50;

const countryOfCurrency = (currency: string): CountryCode =>
  COUNTRY_CODES.find((c) => COUNTRY_FACTS[c].currency === currency) ?? HOME_COUNTRY;

/** The countries a shopper has a record in. */
const COUNTRIES_SQL = `SELECT country FROM orders WHERE user_id = ?1
  UNION SELECT country FROM blood_test_orders WHERE user_id = ?1
  UNION SELECT country FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL
  UNION SELECT ${countryOfCurrencySql('currency')} FROM wallet_accounts WHERE user_id = ?1`;

/** The countries of her records in her order shard (orders and wallets), when that is not the core. */
const SHARD_COUNTRIES_SQL = `SELECT country FROM orders WHERE user_id = ?1
  UNION SELECT ${countryOfCurrencySql('currency')} FROM wallet_accounts WHERE user_id = ?1`;

type Customer = Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'lang' | 'created_at' | 'deleted_at'>;

/**
 * The shopper, when the member's grant for `permission` reaches them: every country, or one the
 * shopper has a record in (a shopper with none is nobody's country yet: any grant reaches them).
 * Answers the countries the member may see of that shopper.
 */
export async function reachable(
  c: Context<AppEnv>,
  member: StaffMember,
  permission: Permission,
  id: number,
): Promise<{ customer: Customer; countries: CountryCode[]; all: CountryCode[]; route: Route }> {
  const db = c.env.DB;
  // Her orders and wallet are in her shard (decision 61): her route rides in the same batch, and only
  // for a shopper in another shard is her shard asked for the countries of its records.
  const [user, countries, routeRes] = await db.batch([
    db.prepare('SELECT id, name, email, phone, lang, created_at, deleted_at FROM users WHERE id = ?').bind(id),
    db.prepare(COUNTRIES_SQL).bind(id),
    routeStatement(c.env, userOwner(id)),
  ]);
  const customer = user!.results[0] as Customer | undefined;
  if (!customer) throw new ApiError(404, 'not_found');
  const route = routeFrom(c.env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  const theirs =
    route.binding === 'DB'
      ? []
      : (await route.db.prepare(SHARD_COUNTRIES_SQL).bind(id).all<{ country: CountryCode }>()).results;
  const all = [...new Set([...(countries!.results as { country: CountryCode }[]), ...theirs].map((r) => r.country))];
  const allowed = countriesFor(member.grants, permission);
  if (allowed === null) return { customer, countries: [...COUNTRY_CODES], all, route };
  const seen = all.length ? all.filter((x) => allowed.includes(x)) : allowed;
  if (seen.length === 0) throw new ApiError(404, 'not_found');
  return { customer, countries: seen, all, route };
}

/** A shard's ledger rows with the staff member's name the core knows (a shard has no staff table). */
async function withStaffNames(core: D1Database, rows: Array<{ staff_id: number | null }>) {
  const ids = [...new Set(rows.flatMap((r) => (r.staff_id === null ? [] : [r.staff_id])))];
  const staff = ids.length
    ? (
        await core
          .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
          .bind(JSON.stringify(ids))
          .all<{ id: number; name: string }>()
      ).results
    : [];
  const names = new Map(staff.map((x) => [x.id, x.name]));
  return rows.map(({ staff_id, ...r }) => ({
    ...r,
    staff_name: staff_id === null ? null : (names.get(staff_id) ?? null),
  }));
}

const marks = (n: number, from = 2) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

export const staffCustomerRoutes = new Hono<AppEnv>()
  .get(
    '/customers',
    contract({
      tag: 'staff',
      summary: 'Shoppers by e-mail (prefix), phone (digits) or name, within the countries the grant reaches',
      query: customerSearchSchema,
      noDevice: true,
      staff: 'customers:read',
      response: customerSearchAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { q } = c.req.valid('query');
      if (!q) return c.json(ok({ customers: [] }));
      const allowed = countriesFor(member.grants, 'customers:read');
      // No LIKE: the shopper's text would be a pattern ('_' and '%' in e-mails), and D1 limits its length.
      // An e-mail with its @ is a prefix on the index (NOCASE, as stored). A phone as people type it
      // (0512345678, +966 51 234 5678, 00965…, Arabic-Indic digits) is its national part, found anywhere in
      // the stored number. Anything else is a part of the name or of the e-mail.
      const plain = normalizeDigits(q);
      const phoneLike = plain.replace(/[^\d]/g, '').length >= 4 && !/[^\d\s+()-]/.test(plain);
      const where = q.includes('@')
        ? "u.email >= ?1 AND u.email < ?1 || '~'"
        : phoneLike
          ? 'instr(u.phone, ?1) > 0'
          : '(instr(lower(u.name), lower(?1)) > 0 OR instr(lower(u.email), lower(?1)) > 0)';
      const term = phoneLike ? nationalNumber(plain).replace(/[^\d]/g, '') : q;
      const scope =
        allowed === null
          ? ''
          : `AND (EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.country IN (${marks(allowed.length)}))
            OR EXISTS (SELECT 1 FROM blood_test_orders b WHERE b.user_id = u.id AND b.country IN (${marks(allowed.length)}))
            OR EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = u.id AND a.deleted_at IS NULL AND a.country IN (${marks(allowed.length)}))
            OR EXISTS (SELECT 1 FROM wallet_accounts w WHERE w.user_id = u.id AND w.currency IN (${marks(allowed.length, 2 + allowed.length)}))
            OR NOT EXISTS (${COUNTRIES_SQL.replaceAll('?1', 'u.id')})
            OR EXISTS (SELECT 1 FROM shopper_shards x WHERE x.owner_key = 'user:' || u.id AND x.shard_id <> 0))`;
      const { results } = await c.env.DB.prepare(
        `SELECT u.id, u.name, u.email, u.phone, u.created_at,
         (SELECT count(*) FROM orders o WHERE o.user_id = u.id) AS orders,
         (SELECT s.binding FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
          WHERE r.owner_key = 'user:' || u.id AND s.binding <> 'DB') AS shard_binding
       FROM users u WHERE u.deleted_at IS NULL AND ${where} ${scope}
       ORDER BY u.created_at DESC LIMIT ${SEARCH_LIMIT}`,
      )
        .bind(term, ...(allowed ?? []), ...(allowed ?? []).map((x) => COUNTRY_FACTS[x].currency))
        .all<{ id: number; orders: number; shard_binding: string | null }>();
      // A shopper in another shard (decision 61): her orders are counted there (in shard 0 nothing more).
      // For a grant of some countries, her records there count too: the query above lets every shopper of
      // another shard through, and her countries are those of her records in the core and in her shard
      // together, as the customer's page (reachable) decides.
      const customers = await Promise.all(
        results.map(async ({ shard_binding, ...u }) => {
          if (shard_binding === null) return u;
          const shard = shardDatabase(c.env, shard_binding);
          const [count, theirs] = await shard.batch([
            shard.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?').bind(u.id),
            shard.prepare(SHARD_COUNTRIES_SQL).bind(u.id),
          ]);
          if (allowed !== null) {
            const core = await c.env.DB.prepare(COUNTRIES_SQL).bind(u.id).all<{ country: CountryCode }>();
            const all = [...core.results, ...(theirs!.results as { country: CountryCode }[])].map((r) => r.country);
            if (all.length > 0 && !all.some((x) => allowed.includes(x))) return null;
          }
          return { ...u, orders: (count!.results[0] as { n: number }).n };
        }),
      );
      return c.json(ok({ customers: customers.filter((x) => x !== null) }));
    },
  )
  .get(
    '/customers/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'A shopper: details, orders, blood-test orders (count and status only), wallet and ledger',
      staff: 'customers:read',
      response: customerAnswerSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const { customer, countries } = await reachable(c, member, 'customers:read', id);
      const db = c.env.DB;
      const m = marks(countries.length);
      const currencies = countries.map((x) => COUNTRY_FACTS[x].currency);
      const mine = (at: D1Database, staffJoin: boolean) => [
        at
          .prepare(
            `SELECT id, country, currency, status, payment_method, total, created_at FROM orders
           WHERE user_id = ?1 AND country IN (${m}) ORDER BY created_at DESC LIMIT ${ORDERS_LIMIT}`,
          )
          .bind(id, ...countries),
        at
          .prepare(
            `SELECT currency, balance FROM wallet_accounts WHERE user_id = ?1 AND currency IN (${m}) ORDER BY currency`,
          )
          .bind(id, ...currencies),
        at
          .prepare(
            // A refund's row says why (the refund's reason and note) and who gave it: the refund's staff
            // member, or the customer's own cancellation when there is none.
            `SELECT l.id, l.currency, l.amount, l.kind, l.order_id, l.blood_test_order_id, l.reason_code,
             coalesce(l.note, r.note) AS note, l.created_at,
             ${staffJoin ? 'coalesce(s.name, rs.name) AS staff_name' : 'coalesce(l.staff_id, r.staff_id) AS staff_id'},
             CASE WHEN l.kind = 'refund' THEN coalesce(r.reason, 'cancelled') END AS refund_reason,
             (l.kind = 'refund' AND coalesce(r.staff_id, 0) = 0) AS by_customer
           FROM wallet_ledger l LEFT JOIN refunds r ON r.id = l.refund_id
             ${staffJoin ? 'LEFT JOIN staff s ON s.id = l.staff_id LEFT JOIN staff rs ON rs.id = r.staff_id' : ''}
           WHERE l.user_id = ?1 AND l.currency IN (${m}) ORDER BY l.id DESC LIMIT ${LEDGER_LIMIT}`,
          )
          .bind(id, ...currencies),
      ];
      // Her orders, wallet and ledger from her shard (decision 61): in shard 0 the one batch as before.
      const [route, bookings, ...coreMine] = await db.batch([
        routeStatement(c.env, userOwner(id)),
        // Count and status only: no tests, patients or results (health data) on this page.
        db
          .prepare(
            `SELECT status, country, count(*) AS count FROM blood_test_orders
           WHERE user_id = ?1 AND country IN (${m}) GROUP BY status, country ORDER BY country, status`,
          )
          .bind(id, ...countries),
        ...mine(db, true),
      ]);
      const where = routeFrom(c.env, route!.results[0] as Parameters<typeof routeFrom>[1]);
      let [orders, wallets, ledger] = coreMine as [D1Result, D1Result, D1Result];
      if (where.binding !== 'DB') {
        [orders, wallets, ledger] = (await where.db.batch(mine(where.db, false))) as [D1Result, D1Result, D1Result];
        ledger = { ...ledger, results: await withStaffNames(db, ledger.results as Array<{ staff_id: number | null }>) };
      }
      return c.json(
        ok({
          customer,
          countries,
          orders: orders.results,
          blood_test_orders: bookings!.results,
          wallets: wallets.results,
          ledger: ledger.results,
        }),
      );
    },
  )
  .post(
    '/customers/:id/wallet',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary:
        'Credit or debit the wallet with a reason code and note; the ledger and balance change together, once per idempotency_key (minted with the form): sent again (or twice at once) it answers the balance with replayed: true and moves nothing; 409 wallet_adjust_key_used for a key of another shopper or currency',
      body: walletAdjustSchema,
      staff: 'customers:wallet',
      response: walletAdjustedSchema,
      messages: ['not_found', 'service_busy', 'wallet_amount_invalid', 'wallet_insufficient', 'wallet_adjust_key_used'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const country = countryOfCurrency(input.currency);
      assertCan(member, 'customers:wallet', country);
      const { customer, route } = await reachable(c, member, 'customers:wallet', id);
      if (customer.deleted_at !== null) throw new ApiError(404, 'not_found');
      if (route.moving) throw new ApiError(503, 'service_busy');
      const minor = decimalToMinor(input.amount, currencyDecimals(input.currency));
      if (minor <= 0 || minor > 10_000_000) throw new ApiError(400, 'wallet_amount_invalid');
      const amount = input.direction === 'credit' ? minor : -minor;
      // Her wallet is in her shard (503 while her move holds her writes); the audit row is the core's.
      const core = c.env.DB;
      const db = route.db;
      const before = await db
        .prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
        .bind(id, input.currency)
        .first<Pick<WalletAccountRow, 'balance'>>();
      const now = Date.now();
      const key = input.idempotency_key;
      // Once per form key: each statement moves only while no ledger row holds the key, all of them
      // judged before this batch's own ledger row (it comes last), so a form sent again, or twice at
      // once (D1 runs one batch after the other), moves the money once; the unique index backs it.
      const fresh = { sql: 'SELECT 1 FROM wallet_ledger WHERE idempotency_key = ?', binds: [key] };
      let written = false;
      try {
        // The balance and its ledger line in one batch; the balance's CHECK refuses a debit below zero.
        // In another shard than the core, the audit row follows in the core's own batch, once written.
        const audit = auditStatement(
          core,
          member,
          {
            action: 'wallet.adjust',
            resource: 'customer',
            resourceId: id,
            country,
            before: { balance: before?.balance ?? 0, currency: input.currency },
            after: { balance: (before?.balance ?? 0) + amount, currency: input.currency, amount },
            reason: `${input.reason_code}: ${input.note}`,
          },
          db === core ? fresh : undefined,
        );
        const results = await db.batch([
          ...(db === core ? [audit] : []),
          db
            .prepare('INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, ?, 0) ON CONFLICT DO NOTHING')
            .bind(id, input.currency),
          db
            .prepare(
              `UPDATE wallet_accounts SET balance = balance + ? WHERE user_id = ? AND currency = ?
               AND NOT EXISTS (${fresh.sql})`,
            )
            .bind(amount, id, input.currency, key),
          db
            .prepare(
              `INSERT INTO wallet_ledger (user_id, currency, amount, kind, staff_id, reason_code, note, created_at, idempotency_key)
               SELECT ?1, ?2, ?3, 'adjustment', ?4, ?5, ?6, ?7, ?8
               WHERE NOT EXISTS (SELECT 1 FROM wallet_ledger WHERE idempotency_key = ?8)`,
            )
            .bind(id, input.currency, amount, member.id, input.reason_code, input.note, now, key),
        ]);
        written = (results.at(-1)?.meta.changes ?? 0) > 0;
        if (db !== core && written) await audit.run();
      } catch (error) {
        if (/wallet_not_negative/.test(error instanceof Error ? error.message : String(error)))
          throw new ApiError(409, 'wallet_insufficient');
        throw error;
      }
      const [recorded, balance] = await db.batch([
        db.prepare('SELECT user_id, currency FROM wallet_ledger WHERE idempotency_key = ?').bind(key),
        db.prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?').bind(id, input.currency),
      ]);
      const row = recorded!.results[0] as Pick<WalletLedgerRow, 'user_id' | 'currency'> | undefined;
      // A key the form gave for another shopper or currency: refused rather than reported as this one.
      if (!row || row.user_id !== id || row.currency !== input.currency)
        throw new ApiError(409, 'wallet_adjust_key_used');
      return c.json(
        ok({
          currency: input.currency,
          balance: (balance!.results[0] as Pick<WalletAccountRow, 'balance'> | undefined)?.balance ?? 0,
          replayed: !written,
        }),
      );
    },
  )
  .get(
    '/customers/:id/export',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'Everything the shop holds about the shopper (data export on request); audited',
      staff: 'customers:export',
      response: customerExportSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const { customer, all } = await reachable(c, member, 'customers:export', id);
      // Everything the shop holds about the shopper: every country's records, so the grant must reach all.
      for (const country of all) assertCan(member, 'customers:export', country);
      const db = c.env.DB;
      const results = await db.batch([
        db.prepare('SELECT * FROM addresses WHERE user_id = ? ORDER BY id').bind(id),
        db.prepare('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at').bind(id),
        db
          .prepare(
            'SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = ? ORDER BY i.order_id',
          )
          .bind(id),
        db.prepare('SELECT currency, balance FROM wallet_accounts WHERE user_id = ?').bind(id),
        db
          .prepare(
            'SELECT id, currency, amount, kind, order_id, blood_test_order_id, reason_code, note, created_at FROM wallet_ledger WHERE user_id = ? ORDER BY id',
          )
          .bind(id),
        db.prepare('SELECT product_id, created_at, notified_at FROM notify_requests WHERE user_id = ?').bind(id),
        db.prepare('SELECT * FROM blood_test_patients WHERE user_id = ? ORDER BY id').bind(id),
        db
          .prepare(
            'SELECT id, country, currency, status, patient_id, address, zone, slot_date, slot_window, visit_at, payment_method, payment_state, subtotal, discount, vat, total, wallet_used, coupon_code, created_at FROM blood_test_orders WHERE user_id = ? ORDER BY created_at',
          )
          .bind(id),
        db
          .prepare(
            'SELECT i.* FROM blood_test_order_items i JOIN blood_test_orders b ON b.id = i.order_id WHERE b.user_id = ?',
          )
          .bind(id),
        auditStatement(db, member, {
          action: 'customer.export',
          resource: 'customer',
          resourceId: id,
        }),
      ]);
      const rows = (i: number) => results[i]!.results as Record<string, unknown>[];
      const patients = rows(6);
      // Her cold orders' lines (decision 60) from their files, beside the hot ones.
      const cold = coldReaderFor(c.env, c.var.config);
      const coldItems = await Promise.all(
        rows(1).map(async (o) => {
          const file = await cold.file(o as unknown as ColdPointer);
          return file ? withCold('order_items', [], file) : [];
        }),
      );
      const items = [...rows(2), ...coldItems.flat()];
      const bookingItems = rows(8);
      if (patients.length || rows(7).length)
        // Patients and bookings are health data: their view is audited as such.
        await auditStatement(db, member, {
          action: 'health.view',
          resource: 'customer',
          resourceId: id,
          reason: 'customer.export',
        }).run();
      const parsed = (text: unknown) => {
        try {
          return JSON.parse(String(text));
        } catch {
          return text;
        }
      };
      return c.json(
        ok({
          exported_at: new Date().toISOString(),
          account: { ...customer },
          addresses: rows(0),
          orders: rows(1).map((o) => ({
            ...o,
            address: parsed(o.address),
            items: items.filter((i) => i.order_id === o.id),
            archived_at: undefined,
            archive_key: undefined,
            archive_wrapped_key: undefined,
            archive_iv: undefined,
            archive_key_version: undefined,
            archived_products: undefined,
          })),
          wallet: { accounts: rows(3), ledger: rows(4) },
          notify_requests: rows(5),
          blood_tests: {
            patients,
            orders: rows(7).map((b) => ({
              ...b,
              address: parsed(b.address),
              items: bookingItems.filter((i) => i.order_id === b.id),
            })),
          },
        }),
      );
    },
  )
  .post(
    '/customers/:id/erase',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: "Erase the shopper's personal data on request (their e-mail typed again); orders keep their amounts",
      body: customerEraseSchema,
      staff: 'customers:erase',
      response: customerErasedSchema,
      messages: ['not_found', 'customer_already_erased', 'customer_erase_email_mismatch'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { customer, all } = await reachable(c, member, 'customers:erase', id);
      for (const country of all) assertCan(member, 'customers:erase', country);
      if (customer.deleted_at !== null) throw new ApiError(409, 'customer_already_erased');
      // An account made with a phone has no e-mail: its number is typed instead.
      const confirmed = customer.email
        ? input.confirm_email.toLowerCase() === customer.email.toLowerCase()
        : !!customer.phone && nationalNumber(input.confirm_email) === nationalNumber(customer.phone);
      if (!confirmed) throw new ApiError(400, 'customer_erase_email_mismatch');
      const db = c.env.DB;
      const now = Date.now();
      // The same erasure as the shopper's own removal, with the audit row and the request's record in its batch.
      await eraseAccount(c.env, id, {
        now,
        also: [
          erasureRecordStatement(
            db,
            id,
            { source: 'staff', staffId: member.id },
            customer.lang === 'ar' ? 'ar' : 'en',
            now,
          ),
          auditStatement(db, member, {
            action: 'customer.erase',
            resource: 'customer',
            resourceId: id,
            before: { erased: false },
            after: { erased: true },
            reason: input.reason,
          }),
        ],
      });
      await noteSessionsEnded(c.env, id);
      return c.json(ok({ erased: true }));
    },
  );
