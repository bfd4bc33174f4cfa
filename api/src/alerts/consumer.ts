// The shop-alerts queue's consumer: one wave of alerts per message.
//
// Back in stock: a wave mails (and pushes to) at most stock × WAVE_FACTOR of the people waiting for the
// SKU's product, oldest request first, with the stock read again before every wave (sold out again: the
// run stops and the rest wait for the next restock). Requests older than 90 days are expired (deleted);
// people alerted (any alert) in the last 24 hours are passed over but keep waiting. While people wait and
// stock remains, the next wave is sent to the queue with a delay.
//
// Price drop: the owners of wishlist items opted in to a price alert whose SKU now costs less than the
// price they last saw (PRICE_SEEN), under the same 24-hour limit. Every path that lowers a price writes
// an event (a hand edit, an import, an import's undo); whom it concerns is decided here alone.
//
// Idempotent: a wave's writes are one D1 batch with its alert_waves row (primary key: kind, event,
// wave), so a redelivered message finds its wave done and only finishes what was left (pushes, the
// next wave's message). Each person's mail and delivery row share one dedupe key; a price drop's names
// its event, so a later drop to a price she was once alerted at (after she saw a higher one) is sent.
import { type DatabaseEnv, orderShards } from '../db/databases';
import { COUNTRY_CODES, type CountryCode, isCountryCode, isLang, type Lang, localizePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { HOME_COUNTRY } from '#shared/countries';
import { formatPrice, type CurrencyInfo } from '#shared/money';
import { currencyFor } from '../lib/currency';
import { configuredSiteOrigin } from '../lib/site-origin';
import { apiConfig } from '../lib/config';
import { log } from '../lib/log';
import { queueMail } from '../mail/outbox';
import {
  type AlertKind,
  type AlertMessage,
  isAlertMessage,
  MAX_DELAY_SECONDS,
  PERSON_GAP_MS,
  PRICE_WAVE_SIZE,
  REQUEST_TTL_MS,
  WAVE_DELAY_SECONDS,
  WAVE_FACTOR,
} from './index';
import { pushToUser } from '../push';
import type { AlertPushSender } from './push-port';
import { ownPricesColumn, priceIn } from '../db/country-prices';
import { backInStockMail, backInStockPush, priceDropMail, priceDropPush } from './texts';
import { unsubscribeToken } from './token';

export interface ConsumerOptions {
  /** The push sender (tests pass a recording one). */
  push?: AlertPushSender;
  /** Sends a later wave's message (default: to the shop-alerts queue with the delay). */
  sendLater?: (message: AlertMessage, delaySeconds: number) => Promise<void>;
  now?: () => number;
}

/** Web push (decision 29): the topic preference, each device's language, dead subscriptions pruned. */
const defaultPush: AlertPushSender = (env, userId, topic, build) => pushToUser(env, userId, topic, build);

/** The queue handler: each message acked when its wave is done, retried (with a delay) when it failed. */
export async function consumeAlerts(
  batch: MessageBatch<unknown>,
  env: ApiEnv,
  options: ConsumerOptions = {},
): Promise<void> {
  for (const message of batch.messages) {
    if (!isAlertMessage(message.body)) {
      log.warn('alerts: malformed message dropped', { id: message.id });
      message.ack();
      continue;
    }
    try {
      await runWave(env, message.body, options);
      message.ack();
    } catch (error) {
      log.error('alerts: wave failed, will retry', { error, attempts: message.attempts, ...message.body });
      message.retry({ delaySeconds: Math.min(30 * message.attempts, 300) });
    }
  }
}

interface SkuRow {
  id: number;
  product_id: number;
  price: number;
  old_price: number | null;
  /** Its own-priced countries' prices (country-prices.ts ownPricesColumn). */
  own_prices: string | null;
  stock: number;
  sku_en: string;
  sku_ar: string;
  slug: string;
  product_en: string;
  product_ar: string;
  is_active: number;
}

/** One person to alert in this wave. */
interface Person {
  user_id: number;
  email: string;
  lang: string;
  country: string;
  /** notify_requests.created_at (back in stock); the price the owner last saw (price drop). */
  mark: number;
}

const EVENT_TABLE: Record<AlertKind, string> = {
  back_in_stock: 'back_in_stock_events',
  price_drop: 'price_drop_events',
};

// The SKU with its own-priced countries' prices: each person hears of it in her country's price (country-prices.ts).
const SKU_SQL = `SELECT s.id, s.product_id, s.price, s.old_price, ${ownPricesColumn('s')} AS own_prices, s.stock,
  s.name_en AS sku_en, s.name_ar AS sku_ar, p.slug,
  p.name_en AS product_en, p.name_ar AS product_ar, p.is_active FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?`;

export async function runWave(env: ApiEnv, message: AlertMessage, options: ConsumerOptions = {}): Promise<void> {
  const now = options.now?.() ?? Date.now();
  const push = options.push ?? defaultPush;
  const db = env.DB;
  const { kind, skuId } = message;
  const table = EVENT_TABLE[kind];
  let eventId = message.eventId;
  const wave = eventId ? (message.wave ?? 1) : 1;
  if (!eventId) {
    const row = await db
      .prepare(`SELECT max(id) AS id FROM ${table} WHERE sku_id = ? AND processed_at IS NULL`)
      .bind(skuId)
      .first<{ id: number | null }>();
    if (!row?.id) {
      // Every event of the SKU was handled already (this may be a redelivery): only pushes left over.
      await finishPushes(env, kind, skuId, push, now);
      return;
    }
    eventId = row.id;
  }
  const [doneRes, newestRes, skuRes] = await db.batch([
    db
      .prepare('SELECT next_at FROM alert_waves WHERE kind = ? AND event_id = ? AND wave = ?')
      .bind(kind, eventId, wave),
    db.prepare(`SELECT max(id) AS id FROM ${table} WHERE sku_id = ?`).bind(skuId),
    db.prepare(SKU_SQL).bind(skuId),
  ]);
  const done = doneRes!.results[0] as { next_at: number | null } | undefined;
  const run = { kind, skuId, eventId, wave };
  if (done) {
    // A redelivery: the wave is stored; finish its pushes and make sure its next wave was sent.
    await finishPushes(env, kind, skuId, push, now);
    if (done.next_at !== null) await sendNextWave(env, run, done.next_at, now, options);
    return;
  }
  // A newer event of the SKU has its own run: this one stops (its people are that run's).
  if (((newestRes!.results[0] as { id: number | null }).id ?? 0) > eventId) return;
  const sku = skuRes!.results[0] as SkuRow | undefined;

  const closing = (sent: number, nextAt: number | null) => [
    db
      .prepare('INSERT INTO alert_waves (kind, event_id, wave, sku_id, sent, next_at, at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(kind, eventId, wave, skuId, sent, nextAt, now),
    db
      .prepare(`UPDATE ${table} SET processed_at = ? WHERE sku_id = ? AND id <= ? AND processed_at IS NULL`)
      .bind(now, skuId, eventId),
  ];

  if (!sku?.is_active || (kind === 'back_in_stock' && sku.stock <= 0)) {
    // Nothing to announce (sold out again, or the product is hidden): the people keep waiting.
    await storeWave(db, closing(0, null));
    return;
  }

  const { people, waiting, earliestLast, size } =
    kind === 'back_in_stock' ? await waitingForStock(db, sku, now) : await waitingForPrice(env, sku, now);
  const remaining = waiting - people.length;
  let nextAt: number | null = null;
  if (remaining > 0) {
    // A full wave: the next after the pause. Otherwise those left were alerted lately: when the first
    // of them may hear from us again (at least the pause away).
    const pause = kind === 'back_in_stock' ? WAVE_DELAY_SECONDS * 1000 : 0;
    nextAt = people.length >= size ? now + pause : Math.max(now + pause, (earliestLast ?? now) + PERSON_GAP_MS);
    nextAt = Math.min(nextAt, now + MAX_DELAY_SECONDS * 1000);
  }

  /** Her request answered (back in stock) or her reference moved to the new price (price drop). */
  const settled = (p: Person) =>
    kind === 'back_in_stock'
      ? db
          .prepare('UPDATE notify_requests SET notified_at = ? WHERE user_id = ? AND product_id = ? AND created_at = ?')
          .bind(now, p.user_id, sku.product_id, p.mark)
      : db
          .prepare(
            `UPDATE wishlist_items SET price_alerted_price = ?1, price_alerted_at = ?2, price_seen = ?1
             WHERE sku_id = ?3 AND price_alert = 1 AND list_id IN (SELECT id FROM wishlists WHERE user_id = ?4)`,
          )
          .bind(sku.price, now, sku.id, p.user_id);
  const origin = configuredSiteOrigin(env);
  const secret = apiConfig(env).TOKEN_SECRET;
  const currencies = await currenciesFor(db, people);
  const statements: D1PreparedStatement[] = [];
  for (const p of people) {
    const lang: Lang = isLang(p.lang) ? p.lang : 'en';
    const currency = currencies.get(countryOf(p))!;
    // Her country's price of the size; a price drop is of the KWD price, which an own-priced country's
    // does not follow. Not told: a size her country does not sell, a drop her price did not make; her
    // request or reference is settled all the same, so later waves do not pick her again.
    const shown = priceIn(countryOf(p), sku, sku.own_prices);
    if (!shown || (kind === 'price_drop' && currency.pricing === 'own')) {
      statements.push(settled(p));
      continue;
    }
    const key =
      kind === 'back_in_stock'
        ? `back_in_stock:${p.user_id}:${sku.product_id}:${p.mark}`
        : `price_drop:${p.user_id}:${sku.id}:${eventId}`;
    const token = await unsubscribeToken(
      secret,
      kind === 'back_in_stock'
        ? { kind, userId: p.user_id, productId: sku.product_id }
        : { kind, userId: p.user_id, skuId: sku.id },
    );
    const unsubscribe = `${origin}${localizePath('/alerts/unsubscribe', lang)}?token=${encodeURIComponent(token)}`;
    const was = kind === 'price_drop' ? p.mark : null;
    const text = { ...alertText(sku, lang, currency, shown.price, was, origin), unsubscribe };
    const mail = kind === 'back_in_stock' ? backInStockMail(lang, text) : priceDropMail(lang, text);
    // An account made with a phone may have no e-mail yet: its alert is recorded (and pushed) all the same.
    if (p.email)
      statements.push(
        queueMail(
          db,
          {
            to: p.email,
            ...mail,
            lang,
            kind,
            dedupeKey: key,
            // RFC 8058: the mail client's own unsubscribe button POSTs to this address (the storefront page).
            headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          now,
        ),
      );
    statements.push(
      db
        .prepare(
          `INSERT INTO alert_deliveries (dedupe_key, kind, user_id, sku_id, event_id, wave, lang, country, price, was_price, at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(key, kind, p.user_id, sku.id, eventId, wave, lang, countryOf(p), shown.price, was, now),
      settled(p),
    );
  }
  if (!(await storeWave(db, [...statements, ...closing(people.length, nextAt)]))) return;
  await finishPushes(env, kind, skuId, push, now);
  if (nextAt !== null) await sendNextWave(env, run, nextAt, now, options);
}

/** Runs a wave's batch; false when another run stored the same wave first (its primary key). */
async function storeWave(db: D1Database, statements: D1PreparedStatement[]): Promise<boolean> {
  try {
    await db.batch(statements);
    return true;
  } catch (error) {
    if (/UNIQUE constraint failed: alert_waves/.test(String(error))) return false;
    throw error;
  }
}

const countryOf = (p: Person): CountryCode => (isCountryCode(p.country) ? p.country : HOME_COUNTRY);

async function currenciesFor(db: D1Database, people: Person[]): Promise<Map<CountryCode, CurrencyInfo>> {
  const map = new Map<CountryCode, CurrencyInfo>();
  for (const code of COUNTRY_CODES)
    if (people.some((p) => countryOf(p) === code)) map.set(code, await currencyFor(db, code));
  return map;
}

function alertText(sku: SkuRow, lang: Lang, currency: CurrencyInfo, price: number, was: number | null, origin: string) {
  return {
    product: lang === 'ar' ? sku.product_ar : sku.product_en,
    sku: lang === 'ar' ? sku.sku_ar : sku.sku_en,
    price: formatPrice(price, currency, lang),
    ...(was !== null ? { was: formatPrice(was, currency, lang) } : {}),
    link: `${origin}${paths.product(sku.slug, lang)}`,
  };
}

interface Waiting {
  people: Person[];
  /** Everyone still waiting before this wave (the wave's people included). */
  waiting: number;
  /** The latest alert time of the waiting person who may be alerted soonest (24-hour limit), if any. */
  earliestLast: number | null;
  size: number;
}

/** Expires old requests, then reads the oldest requests of people not alerted in 24 hours. */
async function waitingForStock(db: D1Database, sku: SkuRow, now: number): Promise<Waiting> {
  const size = sku.stock * WAVE_FACTOR;
  const since = now - REQUEST_TTL_MS;
  const gap = now - PERSON_GAP_MS;
  const waitingWhere =
    'FROM notify_requests n JOIN users u ON u.id = n.user_id AND u.deleted_at IS NULL WHERE n.product_id = ? AND n.notified_at IS NULL';
  const [, peopleRes, countRes, lastRes] = await db.batch([
    db.prepare('DELETE FROM notify_requests WHERE product_id = ? AND created_at < ?').bind(sku.product_id, since),
    db
      .prepare(
        `SELECT n.user_id, u.email, n.lang, coalesce(u.country, n.country) AS country, n.created_at AS mark ${waitingWhere}
         AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.user_id = n.user_id AND d.at > ?)
         ORDER BY n.created_at, n.user_id LIMIT ?`,
      )
      .bind(sku.product_id, gap, size),
    db.prepare(`SELECT count(*) AS n ${waitingWhere}`).bind(sku.product_id),
    db
      .prepare(
        `SELECT min(last) AS last FROM (SELECT (SELECT max(d.at) FROM alert_deliveries d WHERE d.user_id = n.user_id) AS last
         ${waitingWhere}) WHERE last > ?`,
      )
      .bind(sku.product_id, gap),
  ]);
  return {
    people: peopleRes!.results as unknown as Person[],
    waiting: (countRes!.results[0] as { n: number }).n,
    earliestLast: (lastRes!.results[0] as { last: number | null }).last,
    size,
  };
}

/**
 * The price a watcher last saw, alias i (wishlist_items): when she added the item, turned its alert on,
 * or was last alerted. A drop is hers only below it, whichever path changed the price; a row an older
 * release wrote without price_seen falls back to its last alert's price or its price at add.
 */
const PRICE_SEEN = 'coalesce(i.price_seen, i.price_alerted_price, i.price_at_add)';

/**
 * Owners of opted-in wishlist items the SKU's price is now below (once per owner, whatever the number
 * of their lists holding it), in their account's language and the country of their latest order.
 */
async function waitingForPrice(env: DatabaseEnv, sku: SkuRow, now: number): Promise<Waiting> {
  const db = env.DB;
  const gap = now - PERSON_GAP_MS;
  const owners = `FROM wishlist_items i JOIN wishlists w ON w.id = i.list_id
    JOIN users u ON u.id = w.user_id AND u.deleted_at IS NULL
    WHERE i.sku_id = ? AND i.price_alert = 1 AND ? < ${PRICE_SEEN}`;
  const [peopleRes, countRes, lastRes] = await db.batch([
    db
      .prepare(
        `SELECT w.user_id, u.email, u.lang, min(${PRICE_SEEN}) AS mark,
           coalesce(u.country,
                    (SELECT o.country FROM orders o WHERE o.user_id = w.user_id ORDER BY o.created_at DESC LIMIT 1),
                    (SELECT n.country FROM notify_requests n WHERE n.user_id = w.user_id ORDER BY n.created_at DESC LIMIT 1),
                    '${HOME_COUNTRY}') AS country,
           CASE WHEN u.country IS NULL THEN (SELECT x.shard_id FROM shopper_shards x
             WHERE x.owner_key = 'user:' || w.user_id AND x.shard_id <> 0) END AS shard_id
         ${owners} AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.user_id = w.user_id AND d.at > ?)
         GROUP BY w.user_id ORDER BY min(i.added_at), w.user_id LIMIT ?`,
      )
      .bind(sku.id, sku.price, gap, PRICE_WAVE_SIZE),
    db.prepare(`SELECT count(DISTINCT w.user_id) AS n ${owners}`).bind(sku.id, sku.price),
    db
      .prepare(
        `SELECT min(last) AS last FROM (SELECT (SELECT max(d.at) FROM alert_deliveries d WHERE d.user_id = w.user_id) AS last
         ${owners}) WHERE last > ?`,
      )
      .bind(sku.id, sku.price, gap),
  ]);
  return {
    people: await latestOrderCountries(env, peopleRes!.results as unknown as (Person & { shard_id: number | null })[]),
    waiting: (countRes!.results[0] as { n: number }).n,
    earliestLast: (lastRes!.results[0] as { last: number | null }).last,
    size: PRICE_WAVE_SIZE,
  };
}

/**
 * The country of an owner's latest order when her account names none and her orders are in another
 * order shard (decision 61; the core's answer then fell through to her alerts or 'KW'): each such
 * shard asked once for the wave's owners.
 */
async function latestOrderCountries(
  env: DatabaseEnv,
  people: (Person & { shard_id: number | null })[],
): Promise<Person[]> {
  const routed = people.filter((p) => p.shard_id !== null);
  if (routed.length) {
    for (const shard of await orderShards(env)) {
      const ids = routed.filter((p) => p.shard_id === shard.id).map((p) => p.user_id);
      if (!ids.length) continue;
      const { results } = await shard.db
        .prepare(
          `SELECT user_id, (SELECT o.country FROM orders o WHERE o.user_id = u.value ORDER BY o.created_at DESC LIMIT 1) AS country
           FROM (SELECT value, value AS user_id FROM json_each(?)) u`,
        )
        .bind(JSON.stringify(ids))
        .all<{ user_id: number; country: string | null }>();
      for (const r of results) {
        const person = routed.find((p) => p.user_id === r.user_id);
        if (person && r.country) person.country = r.country;
      }
    }
  }
  return people.map(({ shard_id: _shard, ...p }) => p);
}

interface Run {
  kind: AlertKind;
  skuId: number;
  eventId: number;
  wave: number;
}

interface UnpushedRow {
  id: number;
  user_id: number;
  country: string;
  price: number;
  was_price: number | null;
}

/**
 * The pushes of the SKU's alerts not pushed yet (this wave's, or an earlier run's that failed), each in
 * the language of the subscription it goes to. Each is claimed first (pushed_at set), so two runs never
 * push it twice; a failure gives the claim back and fails the message, so its retry pushes the rest.
 */
async function finishPushes(
  env: ApiEnv,
  kind: AlertKind,
  skuId: number,
  push: AlertPushSender,
  now: number,
): Promise<void> {
  const db = env.DB;
  const [rowsRes, skuRes] = await db.batch([
    db
      .prepare(
        'SELECT id, user_id, country, price, was_price FROM alert_deliveries WHERE kind = ? AND sku_id = ? AND pushed_at IS NULL AND at > ?',
      )
      .bind(kind, skuId, now - PERSON_GAP_MS),
    db.prepare(SKU_SQL).bind(skuId),
  ]);
  const rows = rowsRes!.results as unknown as UnpushedRow[];
  const sku = skuRes!.results[0] as SkuRow | undefined;
  if (rows.length === 0 || !sku) return;
  const origin = configuredSiteOrigin(env);
  const tag = `${kind}-${sku.id}`;
  let failed = 0;
  for (const row of rows) {
    const claimed = await db
      .prepare('UPDATE alert_deliveries SET pushed_at = ? WHERE id = ? AND pushed_at IS NULL RETURNING id')
      .bind(now, row.id)
      .first();
    if (!claimed) continue; // another run pushes it
    const country: CountryCode = isCountryCode(row.country) ? row.country : HOME_COUNTRY;
    const currency = await currencyFor(db, country);
    try {
      await push(env, row.user_id, kind, (lang) => {
        const text = alertText(sku, lang, currency, row.price, row.was_price, origin);
        return kind === 'back_in_stock' ? backInStockPush(lang, text, tag) : priceDropPush(lang, text, tag);
      });
    } catch (error) {
      failed++;
      await db.prepare('UPDATE alert_deliveries SET pushed_at = NULL WHERE id = ?').bind(row.id).run();
      log.warn('alerts: push failed', { error, userId: row.user_id, kind });
    }
  }
  if (failed) throw new Error(`${failed} alert pushes failed`);
}

async function sendNextWave(
  env: ApiEnv,
  run: Run,
  nextAt: number,
  now: number,
  options: ConsumerOptions,
): Promise<void> {
  const delaySeconds = Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil((nextAt - now) / 1000)));
  const message: AlertMessage = { kind: run.kind, skuId: run.skuId, eventId: run.eventId, wave: run.wave + 1 };
  if (options.sendLater) await options.sendLater(message, delaySeconds);
  else await env.ALERTS.send(message, { contentType: 'json', delaySeconds });
}
