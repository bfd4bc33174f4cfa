// How long each operational table keeps its rows (issue 48), in one place: the cron's retention run
// (./run.ts) executes these rules, docs/operating/retention.md lists them with the same windows and
// reasons (tests/unit/retention-windows.test.ts holds the two together), and
// tests/integration/api/retention.test.ts proves each one on D1.
//
// What holds personal data is kept no longer than its purpose needs: the Saudi Personal Data
// Protection Law, Article 18 (destroy personal data once it is no longer needed for the purpose it was
// collected for, unless another law sets a period), and Kuwait's Data Privacy Protection Regulation
// (CITRA, No. 26 of 2024: collection and keeping limited to the stated purpose). Records tax law keeps
// (orders, payments, refunds, invoices) stay RETENTION.taxRecordYears after the end of the year of the
// sale; after it the rules named '…: after the tax period' empty what names the shopper and keep what
// the tax invoice needs (decision 64, docs/data-fates.md "After the tax period"; cold orders' files are
// archive/expire.ts's). The erasure of an account is decision 49's (docs/data-fates.md).
//
// Every rule is one bounded statement: at most `limit` rows a run, chosen through an index, so a table
// of millions is worked down over several runs without one long transaction.
import { LONGEST_WINDOW_MS } from '../lib/limits';
import { CATALOGUE_UNDO_DAYS } from '#shared/catalogue/import-format';
import { RETENTION } from '#shared/data-rights/retention-figures';
import { FAILED_WINDOW_MS } from '../accounts/rate-limit';
import { taxCutoff } from '#shared/data-rights/tax-period';
import { COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import { TIME_ZONES } from '#shared/countries/delivery';
import { zoneOffsetMs } from '#shared/country-days';
import { countryOffsetSql } from '../db/country-sql';
import { GIFT_PERSONAL_SET, NOTE_PERSONAL_SET, ORDER_PERSONAL_SET, PAYMENT_PERSONAL_SET } from '../db/personal-fields';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRule {
  /** The table, and the part of it when a table has several rules ('mail_outbox: bodies'). */
  name: string;
  table: string;
  /** Whether its rows hold personal data (then the Saudi and Kuwaiti rules above apply). */
  personal: boolean;
  /** The window, in days from `from`. */
  days: number;
  from: string;
  /** What happens at the end: the row goes, or its bulky or personal fields are emptied. */
  action: 'deleted' | 'emptied';
  why: string;
  /**
   * One statement applying the rule to at most ?2 rows older than ?1 (ms since the epoch); ?3, when the
   * statement names it, is the run's time.
   */
  sql: string;
  /** A cutoff that is not a count of days (the tax period's calendar years): ?1 for `now`. */
  cutoff?: (now: number) => number;
  /** The statement answers the orders it anonymised (RETURNING id): the core's coupon keys follow them. */
  anonymisesOrders?: true;
}

/** The rule's ?1 as of `now`. */
export const cutoffOf = (rule: RetentionRule, now: number) =>
  rule.cutoff ? rule.cutoff(now) : now - rule.days * DAY_MS;

/** The rule's window as the documentation's table states it. */
export const windowOf = (rule: RetentionRule) =>
  rule.cutoff ? rule.from : `${rule.days} ${rule.days === 1 ? 'day' : 'days'} after ${rule.from}`;

/** Deletes at most ?2 rows of `table` chosen by `where` (whose ?1 is the cutoff). */
function boundedDelete(table: string, key: string, where: string): string {
  return `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key.replace(/[()]/g, '')} FROM ${table} WHERE ${where} LIMIT ?2)`;
}

const days = (ms: number) => Math.ceil(ms / DAY_MS);

/**
 * The order's country's cutoff from the home country's (?1), as countryCutoff does: the same local new
 * year moved by the difference of their clocks (Dubai's an hour before Kuwait's).
 */
const ORDER_CUTOFF = `(?1 + ${zoneOffsetMs(TIME_ZONES[HOME_COUNTRY], Date.now())} - ${countryOffsetSql('o.country')})`;
/** The latest of the countries' cutoffs from the home one's, so the index's range bounds the walk. */
const LATEST_SHIFT = Math.max(
  ...COUNTRY_CODES.map(
    (c) => zoneOffsetMs(TIME_ZONES[HOME_COUNTRY], Date.now()) - zoneOffsetMs(TIME_ZONES[c], Date.now()),
  ),
);

/**
 * Orders past their tax period (?1: taxCutoff, the home country's; each order's in its own country's
 * year) whose personal fields have not gone yet, oldest first through the partial index
 * orders_personal_due (an anonymised order leaves it). A refund made on or after the cutoff keeps its
 * order whole: its credit note is a tax record of its own year.
 */
export const PAST_TAX_PERIOD = `o.anonymised_at IS NULL AND o.created_at < ?1 + ${LATEST_SHIFT}
    AND o.created_at < ${ORDER_CUTOFF}
    AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.created_at >= ${ORDER_CUTOFF})`;
const DUE_ORDERS = 'orders o INDEXED BY orders_personal_due';

/** What of an order's own rows still names the shopper (each through its table's order index). */
const PERSONAL_LEFT = {
  order_gifts: "g.recipient <> '' OR g.phone <> '' OR g.message IS NOT NULL",
  order_events: 'e.note IS NOT NULL',
  refunds: 'f.note IS NOT NULL',
  payments: 'p.payer_phone IS NOT NULL',
  order_links: '1',
  // A Saudi e-invoice's row names her account only (decision 75); the document names no buyer.
  e_invoices: 'v.user_id IS NOT NULL',
} as const;
const ALIAS = {
  order_gifts: 'g',
  order_events: 'e',
  refunds: 'f',
  payments: 'p',
  order_links: 'l',
  e_invoices: 'v',
} as const;

/** At most ?2 rows of an order's `table` past the tax period still naming the shopper, by `key`. */
const pastTaxPeriod = (table: keyof typeof PERSONAL_LEFT, key: string) => {
  const a = ALIAS[table];
  // CROSS JOIN keeps the walk on the due orders, each order's rows found by its index.
  return `SELECT ${a}.${key} FROM ${DUE_ORDERS} CROSS JOIN ${table} ${a}
      WHERE ${a}.order_id = o.id AND ${PAST_TAX_PERIOD} AND (${PERSONAL_LEFT[table]}) LIMIT ?2`;
};

/** Whether order `o` still has rows naming the shopper in any of its tables. */
const NOTHING_LEFT = (Object.keys(PERSONAL_LEFT) as (keyof typeof PERSONAL_LEFT)[])
  .map((t) => `NOT EXISTS (SELECT 1 FROM ${t} ${ALIAS[t]} WHERE ${ALIAS[t]}.order_id = o.id AND (${PERSONAL_LEFT[t]}))`)
  .join(' AND ');

const TAX_WINDOW = `${RETENTION.taxRecordYears} years after the end of the year of the sale (local clock; refund restarts it)`;
const TAX_WHY =
  "The tax record (Saudi VAT Implementing Regulations, Article 66: six years; Kuwait's orders as long) needs the invoice's figures, not who bought: a simplified tax invoice names no buyer.";

/**
 * The end of the tax period (decision 64), children before the order itself: an order is marked
 * anonymised (and leaves the walk) only once none of its rows names the shopper. Hot orders' rows
 * only: a cold order's row and file are archive/expire.ts's (its hot children are emptied here).
 */
const TAX_RULES: RetentionRule[] = [
  {
    name: 'order_gifts: after the tax period',
    table: 'order_gifts',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} The recipient, her number and the card's message go; the delivery date stays.`,
    sql: `UPDATE order_gifts SET ${GIFT_PERSONAL_SET} WHERE order_id IN (${pastTaxPeriod('order_gifts', 'order_id')})`,
  },
  {
    name: 'order_events: after the tax period',
    table: 'order_events',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} Staff notes on the timeline may name her; the steps and their times stay.`,
    sql: `UPDATE order_events SET ${NOTE_PERSONAL_SET} WHERE id IN (${pastTaxPeriod('order_events', 'id')})`,
  },
  {
    name: 'refunds: after the tax period',
    table: 'refunds',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} A refund's note may name her; its amount, method, reason and dates (the credit note) stay.`,
    sql: `UPDATE refunds SET ${NOTE_PERSONAL_SET} WHERE id IN (${pastTaxPeriod('refunds', 'id')})`,
  },
  {
    name: 'e_invoices: after the tax period',
    table: 'e_invoices',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} A Saudi e-invoice's link to her account goes; its counter, hash, QR, figures and ZATCA's answer stay (the signed document, in its chain, names no buyer).`,
    sql: `UPDATE e_invoices SET user_id = NULL WHERE key IN (${pastTaxPeriod('e_invoices', 'key')})`,
  },
  {
    name: 'payments: after the tax period',
    table: 'payments',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} The number an STC Pay payment came from goes; the amount, method and gateway reference stay.`,
    sql: `UPDATE payments SET ${PAYMENT_PERSONAL_SET} WHERE id IN (${pastTaxPeriod('payments', 'id')})`,
  },
  {
    name: 'order_links: after the tax period',
    table: 'order_links',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'deleted',
    why: `${TAX_WHY} A guest's link opened her order with its address; with the address gone nobody needs to open it from a mail.`,
    sql: `DELETE FROM order_links WHERE token_hash IN (${pastTaxPeriod('order_links', 'token_hash')})`,
  },
  {
    name: 'orders: after the tax period',
    table: 'orders',
    personal: true,
    days: 0,
    cutoff: taxCutoff,
    from: TAX_WINDOW,
    action: 'emptied',
    why: `${TAX_WHY} The address keeps its country (the place of supply); the guest's e-mail and phone, the WhatsApp number and the parcel's tracking go. Amounts, VAT, lines, promotions and dates stay, so the invoice and credit notes come out the same.`,
    sql: `UPDATE orders SET ${ORDER_PERSONAL_SET}, anonymised_at = ?3 WHERE id IN (
      SELECT o.id FROM ${DUE_ORDERS} WHERE ${PAST_TAX_PERIOD} AND o.archive_key IS NULL AND o.archived_at IS NULL
        AND ${NOTHING_LEFT} LIMIT ?2) RETURNING id`,
    anonymisesOrders: true,
  },
];

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    name: 'mail_outbox: bodies',
    table: 'mail_outbox',
    personal: true,
    days: 30,
    from: 'delivery or the last failed attempt',
    action: 'emptied',
    why: 'A rendered mail repeats the order\'s name, address and lines, which the order itself keeps. Support answers "did my mail arrive?" from the row\'s recipient, subject, kind and times, which stay; the body is needed only while the mail is being delivered and for the first weeks of questions about it.',
    sql: `UPDATE mail_outbox SET body_text = '', body_html = NULL, headers = NULL, attachments = NULL WHERE id IN (
      SELECT id FROM mail_outbox WHERE delivered_at < ?1 AND body_text <> ''
      UNION ALL SELECT id FROM mail_outbox WHERE failed_at < ?1 AND body_text <> '' LIMIT ?2)`,
  },
  {
    name: 'mail_outbox: rows',
    table: 'mail_outbox',
    personal: true,
    days: 400,
    from: 'the mail was queued (delivered or failed mails only)',
    action: 'deleted',
    why: 'The recipient, subject and delivery time answer disputes about an order or a refund (card and pay-later disputes are raised within months of the charge); after thirteen months no dispute can still need them. A mail still being delivered is never removed.',
    sql: boundedDelete('mail_outbox', 'id', 'created_at < ?1 AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)'),
  },
  {
    name: 'message_outbox: bodies',
    table: 'message_outbox',
    personal: true,
    days: 30,
    from: 'delivery or the last failed attempt',
    action: 'emptied',
    why: "A text's body and template parameters repeat order details; the row's phone, kind and times stay for support's questions, as for mails.",
    sql: `UPDATE message_outbox SET body_text = '', params = '[]', button_param = NULL WHERE id IN (
      SELECT id FROM message_outbox WHERE delivered_at < ?1 AND body_text <> ''
      UNION ALL SELECT id FROM message_outbox WHERE failed_at < ?1 AND body_text <> '' LIMIT ?2)`,
  },
  {
    name: 'message_outbox: rows',
    table: 'message_outbox',
    personal: true,
    days: 400,
    from: 'the text was queued (delivered or failed texts only)',
    action: 'deleted',
    why: "As for mails. Sign-in codes' texts go after a day (api/src/accounts/phone-codes.ts).",
    sql: boundedDelete(
      'message_outbox',
      'id',
      'created_at < ?1 AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)',
    ),
  },
  {
    name: 'push_outbox',
    table: 'push_outbox',
    personal: true,
    days: 30,
    from: 'the push was written',
    action: 'deleted',
    why: "Local mode's record of pushes (/dev/pushbox) for testers; nothing reads older ones.",
    sql: boundedDelete('push_outbox', 'id', 'created_at < ?1'),
  },
  {
    name: 'redelivery_requests',
    table: 'redelivery_requests',
    personal: true,
    days: 90,
    from: 'her answer to a failed delivery attempt',
    action: 'deleted',
    why: 'Her chosen day, corrected address and phone serve the next attempt (issue 62); the parcel is delivered or back at the shop within weeks, and her order keeps its own address.',
    sql: boundedDelete('redelivery_requests', 'id', 'created_at < ?1'),
  },
  {
    name: 'driver_stops: personal fields',
    table: 'driver_stops',
    personal: true,
    days: 400,
    from: 'the delivery day',
    action: 'emptied',
    why: "The stop's name, phone, address, who received it and the drivers' notes answer disputes about a delivery and its cash; after thirteen months none can still need them. The stop's amounts and marks stay for the cash records.",
    sql: `UPDATE driver_stops SET name = '', phone = '', address_lines = '[]', area = '', receiver_name = NULL, cash_note = NULL, fail_note = NULL
      WHERE id IN (SELECT id FROM driver_stops WHERE day < strftime('%Y-%m-%d', ?1 / 1000, 'unixepoch') AND name <> '' LIMIT ?2)`,
  },
  {
    name: 'idempotency_keys',
    table: 'idempotency_keys',
    personal: false,
    days: 30,
    from: 'the order was placed',
    action: 'deleted',
    why: "A key answers a checkout's retry with the order it placed (a retry comes within minutes) and lets the guest's browser that placed an order open it; after a month a guest opens her order from the mail's link.",
    sql: boundedDelete('idempotency_keys', '(owner, key)', 'created_at < ?1'),
  },
  {
    name: 'catalogue_import_rows: plans never applied',
    table: 'catalogue_import_rows',
    personal: false,
    days: 30,
    from: 'the file was checked',
    action: 'deleted',
    why: 'A checked file that was never applied is stale (the catalogue moved on; applying refuses it); its plan lines are of no use.',
    sql: boundedDelete(
      'catalogue_import_rows',
      '(import_id, line)',
      "import_id IN (SELECT id FROM catalogue_imports WHERE status = 'checked' AND checked_at < ?1)",
    ),
  },
  {
    name: 'catalogue_imports: plans never applied',
    table: 'catalogue_imports',
    personal: false,
    days: 30,
    from: 'the file was checked',
    action: 'deleted',
    why: 'The import row of a file never applied goes once its lines have gone (the audit log keeps who checked it).',
    sql: boundedDelete(
      'catalogue_imports',
      'id',
      "status = 'checked' AND checked_at < ?1 AND NOT EXISTS (SELECT 1 FROM catalogue_import_rows r WHERE r.import_id = catalogue_imports.id)",
    ),
  },
  {
    name: 'catalogue_import_rows: applied plans',
    table: 'catalogue_import_rows',
    personal: false,
    days: CATALOGUE_UNDO_DAYS,
    from: 'the file was applied',
    action: 'deleted',
    why: "An applied file's lines (each product's before and after) are what undo reads; undo is offered for six months (CATALOGUE_UNDO_DAYS), after which the catalogue has moved on. The import row stays with its summary, who applied it and when.",
    sql: boundedDelete(
      'catalogue_import_rows',
      '(import_id, line)',
      "import_id IN (SELECT id FROM catalogue_imports WHERE status IN ('applied', 'reverted') AND applied_at < ?1)",
    ),
  },
  {
    name: 'rate_events',
    table: 'rate_events',
    personal: true,
    days: days(LONGEST_WINDOW_MS),
    from: 'the request it counted',
    action: 'deleted',
    why: 'Abuse limits count requests per address or account inside their windows (api/src/lib/limits.ts); an event older than the longest window counts for nothing.',
    sql: boundedDelete('rate_events', 'id', 'at < ?1'),
  },
  {
    name: 'failed_logins',
    table: 'failed_logins',
    personal: true,
    days: Math.max(1, days(FAILED_WINDOW_MS)),
    from: 'the failed sign-in',
    action: 'deleted',
    why: 'Failed sign-ins slow the next tries for a quarter of an hour (api/src/accounts/rate-limit.ts); older ones count for nothing, and they name an e-mail address or phone.',
    sql: boundedDelete('failed_logins', 'id', 'at < ?1'),
  },
  {
    name: 'devices',
    table: 'devices',
    personal: true,
    days: 30,
    from: 'the device registered',
    action: 'deleted',
    why: "Every browser registers a device (its token verifies itself, so the row is a record, not a key). A device nothing refers to after a month (no push subscription, no proven phone, no account's sign-in or order: account_devices) never signed in or came back to do anything that needs it.",
    sql: boundedDelete(
      'devices',
      'id',
      `created_at < ?1
       AND NOT EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.device_id = devices.id)
       AND NOT EXISTS (SELECT 1 FROM phone_known_devices k WHERE k.device_id = devices.id)
       AND NOT EXISTS (SELECT 1 FROM account_devices a WHERE a.device_id = devices.id)`,
    ),
  },
  {
    name: 'sessions',
    table: 'sessions',
    personal: true,
    days: 30,
    from: 'the session ended (expiry or sign-out)',
    action: 'deleted',
    why: 'A session that ended signs nobody in; a month keeps recent ones for a shopper asking "was that me?".',
    sql: boundedDelete('sessions', 'id', 'expires_at < ?1 OR revoked_at < ?1'),
  },
  {
    name: 'password_resets',
    table: 'password_resets',
    personal: true,
    days: 7,
    from: 'the link expired',
    action: 'deleted',
    why: 'An expired reset link opens nothing.',
    sql: boundedDelete('password_resets', 'token_hash', 'expires_at < ?1'),
  },
  {
    name: 'email_verifications',
    table: 'email_verifications',
    personal: true,
    days: 7,
    from: 'the link expired',
    action: 'deleted',
    why: 'An expired verification link proves nothing; it names an e-mail address.',
    sql: boundedDelete('email_verifications', 'token_hash', 'expires_at < ?1'),
  },
  {
    name: 'staff_sessions',
    table: 'staff_sessions',
    personal: false,
    days: 90,
    from: 'the session ended',
    action: 'deleted',
    why: 'Staff sessions are kept a quarter after they end for a security review of who was signed in; the audit log keeps what they did.',
    sql: boundedDelete('staff_sessions', 'id', 'expires_at < ?1 OR revoked_at < ?1'),
  },
  {
    name: 'staff_sign_in_tickets',
    table: 'staff_sign_in_tickets',
    personal: false,
    days: 1,
    from: 'the ticket expired',
    action: 'deleted',
    why: 'A ticket lives minutes, between the password and the second factor.',
    sql: boundedDelete('staff_sign_in_tickets', 'token_hash', 'expires_at < ?1'),
  },
  {
    name: 'staff_invitations',
    table: 'staff_invitations',
    personal: false,
    days: 90,
    from: 'the invitation expired',
    action: 'deleted',
    why: 'An expired invitation opens nothing; the team page and the audit log keep who was invited.',
    sql: boundedDelete('staff_invitations', 'token_hash', 'expires_at < ?1'),
  },
  {
    name: 'search_terms',
    table: 'search_terms',
    personal: true,
    days: 90,
    from: 'the search',
    action: 'deleted',
    why: "A browser's recent searches are offered back to it; after three months they are neither recent nor needed.",
    sql: boundedDelete('search_terms', 'id', 'created_at < ?1'),
  },
  {
    name: 'search_query_log',
    table: 'search_query_log',
    personal: false,
    days: 365,
    from: 'the term was last searched',
    action: 'deleted',
    why: "Counts of what shoppers search, for synonyms and missing products; a term nobody searched for a year tells nothing. The kept example is a shopper's query text, so it does not stay forever.",
    sql: boundedDelete('search_query_log', '(term, lang, country)', 'last_seen < ?1'),
  },
  {
    name: 'back_in_stock_events',
    table: 'back_in_stock_events',
    personal: false,
    days: 90,
    from: 'the event was processed',
    action: 'deleted',
    why: 'A restock whose alerts went out is done.',
    sql: boundedDelete('back_in_stock_events', 'id', 'processed_at < ?1'),
  },
  {
    name: 'price_drop_events',
    table: 'price_drop_events',
    personal: false,
    days: 90,
    from: 'the event was processed',
    action: 'deleted',
    why: 'A price drop whose alerts went out is done.',
    sql: boundedDelete('price_drop_events', 'id', 'processed_at < ?1'),
  },
  {
    name: 'alert_waves',
    table: 'alert_waves',
    personal: false,
    days: 90,
    from: 'the wave',
    action: 'deleted',
    why: "An event's waves pace its alerts; once the event is done they are too.",
    sql: boundedDelete('alert_waves', '(kind, event_id, wave)', 'at < ?1'),
  },
  {
    name: 'alert_deliveries',
    table: 'alert_deliveries',
    personal: true,
    days: 180,
    from: 'the alert',
    action: 'deleted',
    why: 'Each alert a shopper got, once per event (its key); the per-shopper weekly cap reads the last days. Half a year answers "why did I get this?".',
    sql: boundedDelete('alert_deliveries', 'id', 'at < ?1'),
  },
  {
    // Carts left behind (issue 64): a cart and the reminders it was sent go together, reminders first.
    name: 'cart_reminders',
    table: 'cart_reminders',
    personal: true,
    days: 90,
    from: 'its cart last changed',
    action: 'deleted',
    why: "Which reminders a cart was sent, by step and channel: the owner's weekly figures read them, and they go with their cart.",
    sql: `DELETE FROM cart_reminders WHERE cart_id IN (SELECT id FROM saved_carts WHERE updated_at < ?1 ORDER BY updated_at LIMIT ?2)`,
  },
  {
    name: 'saved_carts',
    table: 'saved_carts',
    personal: true,
    days: 90,
    from: 'the cart last changed',
    action: 'deleted',
    why: "A cart kept for its reminders: its link works 14 days and its last step goes within days. Three months answers a question about a reminder and keeps the owner's figures of the last weeks; then the cart goes.",
    sql: `DELETE FROM saved_carts WHERE id IN (SELECT id FROM saved_carts WHERE updated_at < ?1 AND id NOT IN (SELECT cart_id FROM cart_reminders) ORDER BY updated_at LIMIT ?2)`,
  },
  {
    // A guest's address asked whether it wants cart reminders (issue 73): an ask nobody answered.
    name: 'cart_reminder_proofs: unanswered',
    table: 'cart_reminder_proofs',
    personal: true,
    days: 30,
    from: 'the confirmation mail was asked for',
    action: 'deleted',
    why: 'An address someone typed at checkout, asked once whether it wants cart reminders: the ask keeps a second mail from going within the month; unanswered, nothing more is needed of it.',
    sql: boundedDelete('cart_reminder_proofs', 'email_identity', 'proven_at IS NULL AND asked_at < ?1'),
  },
  {
    name: 'cart_reminder_proofs: proven',
    table: 'cart_reminder_proofs',
    personal: true,
    days: 365,
    from: 'the address was last proven',
    action: 'deleted',
    why: "A guest's address proven hers (an order placed with it, or its confirmation), so that her carts there are reminded: a year without either, she is asked again.",
    sql: boundedDelete('cart_reminder_proofs', 'email_identity', 'proven_at < ?1'),
  },
  {
    // Recently viewed (issue 64): her views as her home page and product pages show them.
    name: 'viewed_products',
    table: 'viewed_products',
    personal: true,
    days: 90,
    from: 'she viewed the product',
    action: 'deleted',
    why: 'A view older than three months is no longer "recently viewed": her pages show it no more, so the shop keeps it no more.',
    sql: boundedDelete('viewed_products', '(user_id, product_id)', 'viewed_at < ?1'),
  },
  {
    name: 'notify_requests: sent',
    table: 'notify_requests',
    personal: true,
    days: 90,
    from: 'she was told',
    action: 'deleted',
    why: 'A back-in-stock request is done once she was told.',
    sql: boundedDelete('notify_requests', '(user_id, product_id)', 'notified_at < ?1'),
  },
  {
    name: 'notify_requests: waiting',
    table: 'notify_requests',
    personal: true,
    days: 365,
    from: 'the request',
    action: 'deleted',
    why: 'A product that has not come back in a year is not coming back for her; she can ask again.',
    sql: boundedDelete('notify_requests', '(user_id, product_id)', 'notified_at IS NULL AND created_at < ?1'),
  },
  {
    name: 'account_devices',
    table: 'account_devices',
    personal: true,
    days: RETENTION.accountDeviceDays,
    from: 'the device was last seen',
    action: 'deleted',
    why: "The devices a shopper signed in or ordered from, against which a friend's first order is checked for self-referral (decision 58); a device unused for a year says nothing about who shares it now.",
    sql: boundedDelete('account_devices', '(user_id, device_id)', 'last_seen_at < ?1'),
  },
  {
    name: 'points_expiry_notices',
    table: 'points_expiry_notices',
    personal: true,
    days: RETENTION.pointsNoticeDays,
    from: 'the day whose expiring points it announced',
    action: 'deleted',
    why: 'It keeps a points-expiry reminder to one mail for each day named; once the day has passed its points are gone, and thirteen months leave a year for questions about the mail.',
    sql: boundedDelete(
      'points_expiry_notices',
      '(user_id, country, expires_on)',
      // The day named is a day of the notice's country (its clocks: Dubai's an hour ahead of Kuwait's).
      `expires_on < strftime('%Y-%m-%d', (?1 + ${countryOffsetSql('country')}) / 1000, 'unixepoch')`,
    ),
  },
  {
    name: 'contact_messages',
    table: 'contact_messages',
    personal: true,
    days: 730,
    from: 'the message',
    action: 'deleted',
    why: "A question to the shop and its sender's contact details, kept two years for follow-ups and complaints about the answer.",
    sql: boundedDelete('contact_messages', 'id', 'created_at < ?1'),
  },
  {
    name: 'supplier_applications',
    table: 'supplier_applications',
    personal: true,
    days: 730,
    from: 'the application',
    action: 'deleted',
    why: "A supplier's application and its contact person, kept two years; a supplier taken on is then a business record elsewhere.",
    sql: boundedDelete('supplier_applications', 'id', 'created_at < ?1'),
  },
  ...TAX_RULES,
];

/**
 * The tables of an order shard's schema (api/order-shard-migrations, decision 61). A rule on one of these
 * runs in every order shard as well as the core (shard 0); the others are the core's alone.
 */
export const ORDER_SHARD_TABLES: ReadonlySet<string> = new Set([
  'orders',
  'order_items',
  'order_events',
  'order_links',
  'order_promotions',
  'order_gifts',
  'payments',
  'payment_events',
  'refunds',
  'refund_events',
  'wallet_accounts',
  'wallet_ledger',
  'points_accounts',
  'points_ledger',
  'points_expiry_notices',
  'idempotency_keys',
  'shard_departures',
  'moved_ids',
  'e_invoices',
]);

/** The rules each order shard other than the core runs (the core runs every rule). */
export const SHARD_RETENTION_RULES = RETENTION_RULES.filter((r) => ORDER_SHARD_TABLES.has(r.table));

/**
 * Operational tables whose windows other jobs apply, each for a reason of its own; listed here so the
 * documented table names every operational table in one place.
 */
export const RETENTION_ELSEWHERE: readonly { table: string; window: string; by: string }[] = [
  { table: 'phone_codes', window: '1 day', by: 'api/src/accounts/phone-codes.ts (purgeOldCodes)' },
  {
    table: 'phone_known_devices',
    window: 'KNOWN_DEVICE_DAYS (90) after the last proof',
    by: 'api/src/accounts/phone-codes.ts (purgeOldCodes)',
  },
  { table: 'consultation_cells', window: 'holds: 10 minutes', by: 'api/src/consultations/hold.ts (sweepExpiredHolds)' },
  { table: 'data_requests', window: 'archives: 24 hours', by: 'api/src/data-rights/jobs.ts' },
  {
    table: 'blood_test_upload_files',
    window: 'unopened for UPLOAD_RETENTION_DAYS (365); unsubmitted 24 hours',
    by: 'api/src/data-rights/retention.ts, api/src/uploads/',
  },
  { table: 'nonces (Durable Object)', window: 'the signature window', by: 'api/src/lib/nonce-guard.ts (its alarm)' },
  {
    table: 'guest_claims',
    window: 'until her guest orders join her account (minutes)',
    by: 'api/src/orders/guest-claims.ts (joinGuestClaims)',
  },
];
