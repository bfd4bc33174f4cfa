// Points and a friend's referral code at checkout (issue 47, decision 58): what the quote adds to its
// one D1 batch (the country's loyalty rules and tiers, the shopper's points account and tier, and for
// a referral code the referrer and the facts the anti-abuse checks need), and the checks themselves,
// pure so each refusal is unit-tested. Nothing here writes: placing an order spends the points and
// records the referral in its own batch (./place.ts).
import { countryDate, datesJson } from '#shared/country-days';
import type { LoyaltyRules, TierCode, TierRule } from '#shared/loyalty/types';
import type { ReferralProblem } from '#shared/loyalty/checkout-refusals';
import { COUNTRY_CODES, type CountryCode, isCountryCode } from '#shared/countries';
import { ADDRESS } from '#shared/countries/address';
import { normalizeDigits } from '#shared/text/digits';
import { emailIdentity } from '../lib/email-identity';
import { type DatabaseEnv, type OwnerKey, shardDatabase } from '../db/databases';
import {
  type CountryLoyalty,
  knownLoyaltyRules,
  loyaltyRulesStatements,
  rememberLoyaltyRules,
} from '../loyalty/rules-read';

/** The month ('YYYY-MM') on the order's country's clocks a referral counts in against the referrer's monthly cap. */
export const monthOf = (country: CountryCode, at: number) => countryDate(country, at).slice(0, 7);

// ---------------------------------------------------------------------------------------------------
// Reads: statements for the quote's batch, and what they answer.

/**
 * The country's rules and tiers (cached per isolate by the ledger's rules-read; on a cold isolate two
 * more statements in this batch) and her points account with its stored tier (refreshed with every
 * earning and nightly: tiers.ts; reading it here keeps the quote at one round trip, where tierOf may
 * compute a stale tier in a trip of its own). Read back with readLoyalty.
 */
export function loyaltyStatements(db: D1Database, country: CountryCode, userId: number | null) {
  const known = knownLoyaltyRules(country);
  return {
    known,
    statements: [
      db
        .prepare('SELECT balance, tier FROM points_accounts WHERE user_id = ? AND country = ?')
        .bind(userId ?? -1, country),
      ...(known ? [] : loyaltyRulesStatements(db)),
    ],
  };
}

export interface LoyaltyReads {
  /** null: no rules for the country (nothing earned or spent). */
  rules: LoyaltyRules | null;
  tiers: TierRule[];
  /** Her balance (0 for a guest or a shopper without an account row) and tier (the lowest without). */
  balance: number;
  tier: TierRule | null;
}

export function readLoyalty(country: CountryCode, known: CountryLoyalty | null, results: D1Result[]): LoyaltyReads {
  const [accountResult, rulesResult, tiersResult] = results;
  if (!known) rememberLoyaltyRules(rulesResult!.results, tiersResult!.results);
  const read = known ?? knownLoyaltyRules(country);
  const tiers = read?.tiers ?? [];
  const account = accountResult!.results[0] as { balance: number; tier: TierCode } | undefined;
  const tier = tiers.find((t) => t.tier === (account?.tier ?? 'bronze')) ?? tiers[0] ?? null;
  return { rules: read?.rules ?? null, tiers, balance: account?.balance ?? 0, tier };
}

/** The free-delivery threshold of her quote: her tier's own where it is lower than the country's. */
export function freeDeliveryFor(countryThreshold: number, tier: TierRule | null): number {
  const own = tier?.free_delivery_minor ?? null;
  return own !== null && own < countryThreshold ? own : countryThreshold;
}

/** How long before their start promotions open to her: her tier's early access (ms). */
export const earlyAccessMs = (tier: TierRule | null) => (tier?.early_access_hours ?? 0) * 60 * 60 * 1000;

/** The longest early access the rules allow (loyalty_tiers CHECK: 336 h): how far ahead the quote reads promotions. */
export const EARLY_ACCESS_HORIZON_MS = 336 * 60 * 60 * 1000;

/**
 * An e-mail's identity (lib/email-identity.ts) computed by SQLite, for comparing with the identities of
 * guest orders and accounts inside a statement: lower case, the "+tag" dropped, Gmail's dots and
 * googlemail.com folded, Yahoo's "-keyword" dropped. `from` is a FROM clause naming a column `e`.
 * tests/integration/api/referrals.test.ts checks it agrees with emailIdentity.
 */
export function emailIdentitySql(from: string): string {
  return `SELECT CASE
      WHEN d IN ('gmail.com', 'googlemail.com') THEN coalesce(nullif(replace(l, '.', ''), ''), l) || '@gmail.com'
      WHEN (d LIKE 'yahoo.%' OR d IN ('ymail.com', 'rocketmail.com')) AND instr(l, '-') > 1 THEN substr(l, 1, instr(l, '-') - 1) || '@' || d
      ELSE l || '@' || d END AS ident, x2.id AS id
    FROM (SELECT CASE WHEN instr(l0, '+') > 1 THEN substr(l0, 1, instr(l0, '+') - 1) ELSE l0 END AS l, d, x1.id AS id
      FROM (SELECT substr(e, 1, instr(e, '@') - 1) AS l0, substr(e, instr(e, '@') + 1) AS d, x0.id AS id
        FROM (SELECT lower(trim(e)) AS e, id FROM (${from}) WHERE instr(e, '@') > 1) x0) x1) x2`;
}

/** The shopper a referral code is checked for: signed in, with what identifies her. */
export interface Friend {
  userId: number;
  email: string;
  phone: string | null;
  deviceId: string | null;
  /** Placing: the delivery address (its phone is hers too); the quote before the address step has none. */
  address: Record<string, unknown> | null;
  /** Her e-mail identity's owner key (guestOwner): her guest orders in other shards, by the core's index. */
  guestOwner?: OwnerKey | null;
  /** The review step: her saved delivery address by id, read in the quote's own batch (its phone is
   * compared there; the row becomes `address` for the other checks: addressOfFriendStatement). */
  addressId?: number | null;
}

/** Her saved address (not deleted) for the quote's batch; no row: not hers, refused by the caller. */
export const addressOfFriendStatement = (db: D1Database, friend: Friend) =>
  db
    .prepare('SELECT * FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .bind(friend.addressId ?? -1, friend.userId);

/**
 * Two statements for the quote's batch when a signed-in shopper gives a code: the referrer (the
 * account behind the code, her phones and addresses, whether the request's device is hers, her
 * referrals this Gulf month), and whether the friend already ordered or was referred. Read back with
 * readReferral. Orders count when they were not cancelled or failed; a referrer's past orders are
 * read newest first, at most 100.
 */
export function referralStatements(db: D1Database, code: string, friend: Friend, now: number) {
  // No e-mail (an account made with a phone): an identity nothing has, so no order matches by it.
  const identity = friend.email ? emailIdentity(friend.email) : '\u0000';
  const phones = friendPhones(friend);
  return [
    db
      .prepare(
        `SELECT rc.user_id AS referrer_id, u.email, u.phone,
           (SELECT count(*) FROM referrals r WHERE r.referrer_id = rc.user_id AND r.month = substr(json_extract(?2, '$.' || r.country), 1, 7) AND r.status <> 'void') AS month_count,
           EXISTS (SELECT 1 FROM account_devices d WHERE d.user_id = rc.user_id AND d.device_id = ?3) AS same_device,
           (SELECT json_group_array(json_object('country', a.country, 'phone', a.phone, 'area_id', a.area_id, 'block', a.block,
              'street', a.street, 'avenue', a.avenue, 'building', a.building, 'floor', a.floor, 'apartment', a.apartment,
              'city_id', a.city_id, 'district', a.district, 'building_number', a.building_number, 'postal_code', a.postal_code,
              'short_address', a.short_address)) FROM addresses a WHERE a.user_id = rc.user_id) AS addresses,
           (SELECT json_group_array(json(o.address)) FROM (SELECT address FROM orders WHERE user_id = rc.user_id
              ORDER BY created_at DESC LIMIT 100) o) AS order_addresses,
           (SELECT s.binding FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
              WHERE r.owner_key = 'user:' || rc.user_id) AS shard
         FROM referral_codes rc JOIN users u ON u.id = rc.user_id
         WHERE rc.code = ?1 AND u.deleted_at IS NULL`,
      )
      .bind(code, datesJson(COUNTRY_CODES, now), friend.deviceId ?? ''),
    db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM referrals WHERE friend_id = ?1) AS referred,
           -- Which earlier order makes this not her first, so the refusal names the real reason
           -- (issue 61): her own account's, one with her phone, or one with her e-mail identity.
           CASE
             WHEN EXISTS (SELECT 1 FROM orders o WHERE o.status NOT IN ('cancelled', 'payment_failed') AND o.user_id = ?1) THEN 'account'
             WHEN EXISTS (SELECT 1 FROM orders o WHERE o.status NOT IN ('cancelled', 'payment_failed') AND (
               o.guest_phone IN (SELECT value FROM json_each(?2) UNION SELECT phone FROM addresses WHERE id = ?5 AND user_id = ?1 AND deleted_at IS NULL)
               OR o.user_id IN (SELECT id FROM users WHERE phone IN (SELECT value FROM json_each(?2) UNION SELECT phone FROM addresses WHERE id = ?5 AND user_id = ?1 AND deleted_at IS NULL)))) THEN 'phone'
             WHEN EXISTS (SELECT 1 FROM orders o WHERE o.status NOT IN ('cancelled', 'payment_failed') AND (
               o.id IN (SELECT id FROM (${emailIdentitySql("SELECT guest_email AS e, id FROM orders WHERE guest_email IS NOT NULL AND status NOT IN ('cancelled', 'payment_failed')")}) WHERE ident = ?3)
               OR o.user_id IN (SELECT id FROM (${emailIdentitySql('SELECT email AS e, id FROM users WHERE deleted_at IS NULL')}) WHERE ident = ?3))) THEN 'email'
           END AS ordered,
           (SELECT json_group_array(json_array(x.order_id, x.binding, x.why)) FROM (
              SELECT w.order_id, s.binding, min(k.why) AS why FROM order_owners w
                JOIN shopper_shards r ON r.owner_key = w.owner_key JOIN order_shards s ON s.id = r.shard_id AND s.binding <> 'DB'
                JOIN (SELECT 'user:' || CAST(?1 AS INTEGER) AS owner_key, 'account' AS why UNION SELECT ?4, 'email'
                  UNION SELECT 'user:' || id, 'phone' FROM users WHERE phone IN (SELECT value FROM json_each(?2) UNION SELECT phone FROM addresses WHERE id = ?5 AND user_id = ?1 AND deleted_at IS NULL)
                  UNION SELECT 'user:' || id, 'email' FROM (${emailIdentitySql('SELECT email AS e, id FROM users WHERE deleted_at IS NULL')}) WHERE ident = ?3) k
                  ON k.owner_key = w.owner_key
              GROUP BY w.order_id, s.binding
              ORDER BY w.order_id DESC LIMIT ${ELSEWHERE_LIMIT}) x) AS elsewhere`,
      )
      .bind(friend.userId, JSON.stringify(phones), identity, friend.guestOwner ?? '', friend.addressId ?? -1),
  ];
}

/** How many of the friend's (and her twins') orders in other shards the first-order check looks at. */
const ELSEWHERE_LIMIT = 200;

/**
 * What the core cannot answer of a referral's checks once shoppers are in other order shards (decision
 * 61): the referrer's own delivery addresses are read in her shard, and whether the friend (her account,
 * her guest orders, accounts with her phone or e-mail identity) ordered is asked of the shards the core's
 * order index names, by order number. Nothing is read when everyone concerned is in shard 0.
 * A guest's orders in another shard are found by her e-mail identity only: the index holds no phones.
 */
export async function referralElsewhere(env: DatabaseEnv, results: D1Result[]): Promise<void> {
  const referrer = results[0]!.results[0] as (ReferrerFacts & { shard: string | null }) | undefined;
  const friend = results[1]!.results[0] as { ordered: OrderedBy | null; elsewhere: string | null } | undefined;
  const reads: Promise<void>[] = [];
  if (referrer?.shard && referrer.shard !== 'DB') {
    const shard = shardDatabase(env, referrer.shard);
    reads.push(
      shard
        .prepare(
          `SELECT json_group_array(json(o.address)) AS a FROM (SELECT address FROM orders WHERE user_id = ?
             ORDER BY created_at DESC LIMIT 100) o`,
        )
        .bind(referrer.referrer_id)
        .first<string>('a')
        .then((a) => {
          referrer.order_addresses = a ?? '[]';
        }),
    );
  }
  const elsewhere = JSON.parse(friend?.elsewhere ?? '[]') as Array<[number, string, OrderedBy]>;
  if (friend && friend.ordered !== 'account' && elsewhere.length) {
    const why = new Map(elsewhere.map(([id, , w]) => [id, w]));
    const byShard = new Map<string, number[]>();
    for (const [id, binding] of elsewhere) byShard.set(binding, [...(byShard.get(binding) ?? []), id]);
    for (const [binding, ids] of byShard)
      reads.push(
        shardDatabase(env, binding)
          .prepare(
            `SELECT id FROM orders WHERE id IN (SELECT value FROM json_each(?))
               AND status NOT IN ('cancelled', 'payment_failed')`,
          )
          .bind(JSON.stringify(ids))
          .all<{ id: number }>()
          .then(({ results }) => {
            for (const row of results) friend.ordered = firstReason(friend.ordered, why.get(row.id) ?? 'account');
          }),
      );
  }
  await Promise.all(reads);
}

export interface ReferrerFacts {
  referrer_id: number;
  email: string;
  phone: string | null;
  month_count: number;
  same_device: number;
  addresses: string;
  order_addresses: string;
}

/** Whose earlier order makes this not the friend's first: her account's, her phone's, her e-mail identity's. */
type OrderedBy = 'account' | 'phone' | 'email';

const ORDERED_RANK: Record<OrderedBy, number> = { account: 0, phone: 1, email: 2 };

/** Of two reasons, the one the refusal names: her own account before her phone before her e-mail. */
const firstReason = (a: OrderedBy | null, b: OrderedBy): OrderedBy =>
  a === null || ORDERED_RANK[b] < ORDERED_RANK[a] ? b : a;

export interface ReferralReads {
  referrer: ReferrerFacts | null;
  referred: boolean;
  /** null: no earlier order (not cancelled or failed) of hers by any of these. */
  ordered: OrderedBy | null;
}

export function readReferral(results: D1Result[]): ReferralReads {
  const referrer = (results[0]!.results[0] as ReferrerFacts | undefined) ?? null;
  const friend = results[1]!.results[0] as { referred: number; ordered: OrderedBy | null };
  return { referrer, referred: friend.referred === 1, ordered: friend.ordered ?? null };
}

// ---------------------------------------------------------------------------------------------------
// The checks.

/** A phone as digits only (Arabic-Indic digits read as 0–9), its last 8 digits: the national number in every country's formats. */
export function phoneKey(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const digits = normalizeDigits(phone).replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-8) : null;
}

function friendPhones(friend: Friend): string[] {
  const all = [friend.phone, friend.address?.phone].filter((p): p is string => typeof p === 'string' && p !== '');
  // As stored (+965…), and its national number: guest orders keep the delivery phone as typed.
  const out = new Set<string>();
  for (const p of all) {
    out.add(p);
    const digits = normalizeDigits(p).replace(/\D/g, '');
    out.add(`+${digits}`);
  }
  return [...out];
}

/** Words shoppers type before a number ("Block 4", "قطعة ٤"): the number alone finds the door. */
const LABELS =
  /\b(?:block|blk|street|st|avenue|ave|building|bldg|floor|flr|apartment|apt|flat|no)\b\.?|(?:قطعة|شارع|جادة|مبنى|عمارة|منزل|دور|طابق|شقة|رقم)/gu;

/** A field as compared: digits read as 0–9, lower case, labels dropped, letters and digits only ("Block ٤" → "4"). */
const norm = (v: unknown) =>
  v === null || v === undefined
    ? ''
    : normalizeDigits(String(v))
        .toLowerCase()
        .replace(LABELS, '')
        .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A delivery address as compared for self-referral: the country and the fields that find the door,
 * normalised (the country's door fields); a national address's short address alone finds it, as a Makani number
 * with the flat does. null when it says too little to compare.
 */
export function addressKey(a: Record<string, unknown> | null | undefined): string | null {
  if (!a || !isCountryCode(a.country)) return null;
  const form = ADDRESS[a.country];
  if (form.form === 'national-address' && norm(a.short_address)) return `${a.country}|${norm(a.short_address)}`;
  // A Makani number is one building entrance: with the flat it finds the door on its own.
  if (form.form === 'emirate-area' && norm(a.makani)) return `${a.country}|${norm(a.makani)}|${norm(a.apartment)}`;
  const parts = form.doorFields.map((f) => norm(a[f]));
  if (parts.filter(Boolean).length < 3) return null;
  return `${a.country}|${parts.join('|')}`;
}

const parseList = (json: string | null | undefined): Array<Record<string, unknown>> => {
  try {
    return (JSON.parse(json ?? '[]') as Array<Record<string, unknown> | null>).filter(
      (a): a is Record<string, unknown> => !!a && typeof a === 'object',
    );
  } catch {
    return [];
  }
};

/**
 * Why a referral code does not apply to this checkout, or null when it does. In this order: the code,
 * the friend signed in, the country's rules, the same person (account, phone, device, delivery
 * address, e-mail identity), her first order, the referrer's month, the subtotal.
 */
export function referralProblem(input: {
  friend: Friend | null;
  reads: ReferralReads | null;
  rules: LoyaltyRules | null;
  subtotal: number;
}): ReferralProblem | null {
  const { friend, reads, rules } = input;
  if (!friend) return 'referral_sign_in';
  const referrer = reads?.referrer ?? null;
  if (!referrer) return 'referral_code_unknown';
  if (!rules?.is_active || rules.referral_discount <= 0) return 'referral_paused';
  if (referrer.referrer_id === friend.userId) return 'referral_own_code';

  const addresses = [...parseList(referrer.addresses), ...parseList(referrer.order_addresses)];
  const theirPhones = new Set(
    [referrer.phone, ...addresses.map((a) => a.phone)].map(phoneKey).filter((p): p is string => p !== null),
  );
  const ourPhones = [friend.phone, friend.address?.phone].map(phoneKey).filter((p): p is string => p !== null);
  if (ourPhones.some((p) => theirPhones.has(p))) return 'referral_same_phone';
  if (friend.deviceId && referrer.same_device === 1) return 'referral_same_device';
  const ours = addressKey(friend.address);
  if (ours && addresses.some((a) => addressKey(a) === ours)) return 'referral_same_address';
  // An account made with a phone has no e-mail yet (''): two such accounts are not the same inbox.
  if (referrer.email && friend.email && emailIdentity(referrer.email) === emailIdentity(friend.email))
    return 'referral_same_email';
  // The real reason, never whose: her own earlier order or referral, else an order from her phone
  // number, else one with her e-mail address (issue 61).
  if (reads!.referred || reads!.ordered === 'account') return 'referral_not_first_order';
  if (reads!.ordered === 'phone') return 'referral_phone_ordered_before';
  if (reads!.ordered === 'email') return 'referral_email_ordered_before';
  if (referrer.month_count >= rules.referral_monthly_cap) return 'referral_monthly_cap';
  if (input.subtotal < rules.referral_min_subtotal) return 'referral_min_subtotal';
  return null;
}
