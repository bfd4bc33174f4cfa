// One row type per D1 table the API reads, as api/migrations/ define them (column for column; SQLite
// integers for booleans and timestamps in ms). Queries name the columns they select with
// Pick<…Row, …>, so a column renamed in a migration is renamed here once and the compiler finds its
// readers. Catalogue reads are language-resolved projections (name_en/name_ar → name) and keep their
// own shapes beside their queries (catalogue/cards.ts, catalogue/detail.ts).
import type { OrderStatus, PaymentMethod } from '#shared/api/order-schemas';
import type { Lang } from '#shared/locale';
import type { PointsKind, TierCode } from '#shared/loyalty/types';
import type { ReturnStatus } from '#shared/orders/returns';
import type { CountryCode, CurrencyCode } from '#shared/countries';

/** A row read in the request's language: `col('name', lang) AS name` makes name_en/name_ar one `name`. */
export type InLanguage<Row, Base extends string> = Omit<Row, `${Base}_en` | `${Base}_ar`> & { [K in Base]: string };

export interface UserRow {
  id: number;
  name: string;
  /** '' for an account made with a phone code until its shopper adds one (migration 0047). */
  email: string;
  phone: string | null;
  /** When a code sent to `phone` proved it: then it signs the account in (migration 0047). */
  phone_verified_at: number | null;
  /** When the shopper chose updates of every order and booking on WhatsApp (migration 0048). */
  whatsapp_updates_at: number | null;
  /** "pbkdf2-sha256$<iterations>$<salt>$<hash>"; '' once the account is removed, or made with a phone. */
  password_hash: string;
  lang: Lang;
  /** The country the shopper last shopped in (written by /user/sync); null until then. */
  country: CountryCode | null;
  created_at: number;
  deleted_at: number | null;
  /** 'MM-DD', no year, for the yearly birthday points (migration 0060); null: not given. */
  birthday: string | null;
  birthday_set_at: number | null;
  /** When her mailbox proved the address (decision 85, migration 0100): until then only proof-class mails go to it. */
  email_proven_at: number | null;
}

export interface SessionRow {
  id: number;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetRow {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface EmailVerificationRow {
  token_hash: string;
  user_id: number;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AddressRow {
  id: number;
  user_id: number;
  country: CountryCode;
  label: string;
  recipient: string;
  phone: string;
  area_id: number | null;
  block: string | null;
  street: string | null;
  avenue: string | null;
  building: string | null;
  floor: string | null;
  apartment: string | null;
  city_id: number | null;
  district: string | null;
  building_number: string | null;
  postal_code: string | null;
  short_address: string | null;
  /** The Emirates' Makani number (migration 0091), null elsewhere. */
  makani: string | null;
  is_default: number;
  created_at: number;
  deleted_at: number | null;
}

export interface CountryRow {
  id: number;
  code: CountryCode;
  name_en: string;
  name_ar: string;
  currency: CurrencyCode;
  decimals: number;
  /** The rate from KWD × RATE_SCALE (shared/money.ts). */
  exchange_rate_scaled: number;
  is_default: number;
  sort_order: number;
}

export interface CountrySettingsRow {
  country: CountryCode;
  /** The amounts the shop owner sets (decision 52): minor units of the country's currency, VAT included. */
  free_delivery_minor: number;
  price_quick_max_minor: number;
  price_range_max_minor: number;
  unlock_margin_minor: number;
  wallet_top_up_max_minor: number;
  /** No longer read (decision 52): base fils, kept until a later release drops it (decision 47). */
  free_shipping_fils: number;
  delivery_fee: number;
  /** 1500 = 15 %. */
  vat_basis_points: number;
  /** Cash on delivery offered (1) or not (0); NULL until the owner chooses: the country module's default (0092). */
  cod_enabled: number | null;
  /** The largest amount due paid in cash, minor units of the country's currency; NULL: no cap. */
  cod_max_minor: number | null;
}

export interface CouponRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: basis points; fixed: minor units of `currency`, or base fils without one. */
  value: number;
  /** Minor units of `currency` as the shopper pays them, or base fils net of VAT without one. */
  min_subtotal_fils: number;
  max_uses: number | null;
  used: number;
  once_per_shopper: number;
  starts_at: number | null;
  ends_at: number | null;
  is_active: number;
  /** How often one shopper may use it (migration 0027); null: no limit. once_per_shopper follows it. */
  per_person_limit: number | null;
  /** The one country it holds in; null: both. */
  country: CountryCode | null;
  /** That country's currency (migration 0044): its amounts are in it. Null: base fils, converted. */
  currency: CurrencyCode | null;
  updated_at: number | null;
  /** Only this shopper may use it (migration 0078: a cart reminder's code); null: anyone. */
  holder: string | null;
}

export interface OrderRow {
  id: number;
  user_id: number | null;
  guest_email: string | null;
  guest_phone: string | null;
  country: CountryCode;
  currency: string;
  lang: Lang;
  status: OrderStatus;
  payment_method: PaymentMethod;
  card_method: string | null;
  /** The address as it was when ordering, JSON. */
  address: string;
  subtotal: number;
  before_discount: number;
  discount: number;
  delivery: number;
  vat: number;
  vat_basis_points: number;
  total: number;
  wallet_used: number;
  coupon_id: number | null;
  coupon_code: string | null;
  /** 1 while stock and coupon are held for the order. */
  holds_stock: number;
  /** Where this order's updates go on WhatsApp (E.164), when the shopper asked (migration 0048). */
  whatsapp_to: string | null;
  created_at: number;
  updated_at: number;
  /** Fulfilment steps (migration 0025): 'processing' with confirmed_at is confirmed, with packed_at packed. */
  confirmed_at: number | null;
  packed_at: number | null;
  /** The courier has it today (migration 0049); the status stays 'shipped'. */
  out_for_delivery_at: number | null;
  review_request_at: number | null;
  shipped_at: number | null;
  delivered_at: number | null;
  cancelled_at: number | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** Points spent on it and the discount they gave; a friend's referral discount (migration 0060). */
  points_used: number;
  points_discount: number;
  referral_discount: number;
  /** Cold orders (migration 0063, decision 60): when its rows moved to the sealed file, and how it opens. */
  archived_at: number | null;
  archive_key: string | null;
  archive_wrapped_key: string | null;
  archive_iv: string | null;
  archive_key_version: number | null;
  /** The product ids an archived order held (JSON array), for "bought it" checks. */
  archived_products: string | null;
  /** When the order lost the shopper's personal fields, its tax period over (migration 0067, decision 64). */
  anonymised_at: number | null;
  /** A cold order's file replaced by its copy without them, until both buckets deleted it (migration 0067). */
  archive_replaced_key: string | null;
  /** The delivery promise kept with the order (migration 0076, decision 65): speed, Gulf date, found late. */
  delivery_speed: 'same_day' | 'next_day' | 'standard' | null;
  promised_date: string | null;
  promise_missed_at: number | null;
}

export interface OrderItemRow {
  order_id: number;
  sku_id: number;
  product_id: number;
  product_slug: string;
  name: string;
  sku_name: string;
  image_key: string | null;
  unit_price: number;
  old_unit_price: number | null;
  count: number;
}

/** The core's index of every order's shopper, and placement's reservation (decision 62). */
export interface OrderOwnerRow {
  order_id: number;
  /** 'user:<id>' or 'email:<identity hash>'; null: an order from before the index, in shard 0. */
  owner_key: string | null;
  state: 'held' | 'placed';
  /** While held: what the core gave the order (JSON, orders/reservations.ts). */
  holds: string | null;
  created_at: number;
}

export interface IdempotencyKeyRow {
  /** "u:<user id>" or "d:<device id>". */
  owner: string;
  key: string;
  body_hash: string;
  order_id: number;
  created_at: number;
}

export interface OrderLinkRow {
  token_hash: string;
  order_id: number;
  created_at: number;
}

export interface PaymentRow {
  id: string;
  provider: string;
  purpose: 'order' | 'wallet';
  order_id: number | null;
  /** A blood-test booking's card payment (migration 0021); order_id is then null. */
  blood_test_order_id: number | null;
  /** A consultation's, or a package of consultations', gateway payment (migration 0058). */
  consultation_id: number | null;
  consultation_credit_id: number | null;
  user_id: number | null;
  amount: number;
  currency: string;
  method: string;
  status: 'initiated' | 'succeeded' | 'failed' | 'cancelled';
  provider_ref: string | null;
  redirect_url: string | null;
  return_path: string;
  /** The number STC Pay charges, in E.164 (migration 0046); null for other methods. */
  payer_phone: string | null;
  /** 1: the gateway is asked to keep the card (a checkout that subscribes). */
  save_card: number;
  created_at: number;
  updated_at: number;
}

export interface WalletAccountRow {
  user_id: number;
  currency: string;
  balance: number;
}

export interface WalletLedgerRow {
  id: number;
  user_id: number;
  currency: string;
  amount: number;
  kind: 'top_up' | 'order_payment' | 'refund' | 'adjustment';
  order_id: number | null;
  payment_id: string | null;
  created_at: number;
  /** A blood-test booking's wallet movement (migration 0021); order_id is then null. */
  blood_test_order_id: number | null;
  /** Adjustments (migration 0027): the staff member, the reason code and their note. */
  staff_id: number | null;
  reason_code: string | null;
  note: string | null;
  /** A wallet refund's refund (migration 0045): its reason and who gave it. */
  refund_id: number | null;
  /** A consultation's wallet movement (migration 0058); order_id is then null. */
  consultation_id: number | null;
  /** A staff adjustment's form key (migration 0098): one ledger row per key. */
  idempotency_key: string | null;
}

export interface MailOutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  lang: Lang;
  kind: string;
  dedupe_key: string | null;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  created_at: number;
  /** JSON object of extra headers (List-Unsubscribe on alerts, migration 0038). */
  headers: string | null;
  /** JSON array of files sent with it (a moved consultation's calendar file, migration 0070). */
  attachments: string | null;
}

export interface InfoInstructionRow {
  a: string;
  b: string;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
}

export interface HomeSectionRow {
  id: number;
  type: 'banner' | 'categories' | 'popular' | 'brands' | 'nutritionist_banner' | 'quiz' | 'collection';
  title_en: string;
  title_ar: string;
  /** JSON: the section's settings (limit, product ids, banners…). */
  payload: string;
  sort_order: number;
  is_active: number;
}

export interface BrandRow {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  color: string;
  description_en: string;
  description_ar: string;
  is_featured: number;
  sort_order: number;
}

export interface NutritionistRow {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  title_en: string;
  title_ar: string;
  bio_en: string;
  bio_ar: string;
  photo_key: string;
  years_experience: number;
  sort_order: number;
  /** What a shopper books by (migration 0058, decision 55). */
  gender: 'female' | 'male';
  /** Comma-separated ISO 639-1 codes. */
  languages: string;
  qualifications_en: string;
  qualifications_ar: string;
  /** The back-office account practising as this nutritionist; null: takes no bookings. */
  staff_id: number | null;
  /** The shop's part of each session's price, in basis points. */
  shop_share_bp: number;
}

export interface GovernorateRow {
  id: number;
  name_en: string;
  name_ar: string;
  sort_order: number;
}

export interface AreaRow {
  id: number;
  governorate_id: number;
  name_en: string;
  name_ar: string;
}

export interface DhlCountryRow {
  id: number;
  code: string;
  name_en: string;
  name_ar: string;
}

export interface DhlCityRow {
  id: number;
  dhl_country_id: number;
  name_en: string;
  name_ar: string;
}

/** The place names joined to an address (areas, governorates, dhl_cities), in the request's language. */
export interface AddressPlaceNames {
  area_name: string | null;
  governorate_id: number | null;
  governorate_name: string | null;
  city_name: string | null;
}

/** A count(*) AS n. */
export interface CountRow {
  n: number;
}

/** A staff account (migration 0024): apart from shoppers, with a sealed TOTP secret. */
export interface StaffRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  /** AES-GCM sealed base32 secret (api/src/staff/secret-box.ts). */
  totp_secret: string;
  totp_last_step: number;
  lang: Lang;
  active: 0 | 1;
  created_at: number;
  created_by: number | null;
}

export interface AuditLogRow {
  id: number;
  staff_id: number | null;
  action: string;
  resource: string;
  resource_id: string | null;
  country: string | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  request_id: string | null;
  at: number;
}

export interface BloodTestResultRow {
  order_id: number;
  biomarker_id: number;
  value: string;
  unit: string;
  ref_low: string | null;
  ref_high: string | null;
  comment: string;
  entered_by: number;
  entered_at: number;
  approved_by: number | null;
  approved_at: number | null;
}

/** A step of an order's timeline (migration 0025). */
export interface OrderEventRow {
  id: number;
  order_id: number;
  kind: 'confirmed' | 'packed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'refunded' | 'note';
  staff_id: number | null;
  note: string | null;
  at: number;
  /** The refund a 'refunded' step announced (migration 0030); NULL before that column and for other steps. */
  refund_id: number | null;
}

/** Money given back on an order (migration 0025). */
export interface RefundRow {
  id: number;
  /** The order refunded, or null for a consultation's refund (migration 0059): exactly one is set. */
  order_id: number | null;
  amount: number;
  currency: string;
  method: 'wallet' | 'gateway';
  reason: 'damaged' | 'missing_item' | 'late_delivery' | 'goodwill' | 'cancelled' | 'other';
  note: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  payment_id: string | null;
  provider_ref: string | null;
  staff_id: number | null;
  created_at: number;
  updated_at: number;
  consultation_id: number | null;
  /** The return this refund pays (migration 0080): at most one refund not failed a return. */
  return_id: number | null;
  /** A staff refund's form key (migration 0098): one refund per key. */
  idempotency_key: string | null;
}

// Loyalty points, tiers and referrals (migration 0060, decision 58).
export type LoyaltyCountry = CountryCode;
export type { PointsKind, TierCode };

export interface LoyaltyRulesRow {
  country: LoyaltyCountry;
  points_per_unit: number;
  blood_test_points_per_unit: number;
  consultation_points_per_unit: number;
  review_points: number;
  birthday_points: number;
  redeem_step_points: number;
  redeem_step_value: number;
  min_payable: number;
  expiry_months: number;
  expiry_notice_days: number;
  referral_discount: number;
  referral_min_subtotal: number;
  referrer_points: number;
  referral_monthly_cap: number;
  is_active: number;
  updated_at: number | null;
}

export interface LoyaltyTierRow {
  country: LoyaltyCountry;
  tier: TierCode;
  min_spend: number;
  earn_multiplier_bp: number;
  free_delivery_minor: number | null;
  early_access_hours: number;
  updated_at: number | null;
}

export interface PointsAccountRow {
  user_id: number;
  country: LoyaltyCountry;
  balance: number;
  tier: TierCode;
  spend_12m: number;
  tier_updated_at: number | null;
}

export interface PointsLedgerRow {
  id: number;
  user_id: number;
  country: LoyaltyCountry;
  amount: number;
  balance_after: number;
  kind: PointsKind;
  expires_at: number | null;
  order_id: number | null;
  blood_test_order_id: number | null;
  consultation_id: number | null;
  refund_id: number | null;
  review_id: number | null;
  referral_id: number | null;
  staff_id: number | null;
  reason: string | null;
  event_key: string;
  created_at: number;
}

export interface PointsErasedSumRow {
  country: LoyaltyCountry;
  month: string;
  kind: string;
  points: number;
}

export interface PointsExpiryNoticeRow {
  user_id: number;
  country: string;
  expires_on: string;
  points: number;
  sent_at: number;
}

export interface ReferralCodeRow {
  user_id: number;
  code: string;
  created_at: number;
}

export interface ReferralRow {
  id: number;
  referrer_id: number;
  friend_id: number;
  order_id: number;
  country: LoyaltyCountry;
  discount: number;
  status: 'pending' | 'rewarded' | 'void';
  month: string;
  created_at: number;
  rewarded_at: number | null;
}

export interface AccountDeviceRow {
  user_id: number;
  device_id: string;
  last_seen_at: number;
}

/** Which driver takes an area's or a governorate's own-driver parcels (migration 0074). */
export interface DriverZoneRow {
  kind: 'area' | 'governorate';
  zone_id: number;
  staff_id: number;
}

/** A driver's day on the road, from when the van left (migration 0074). */
export interface DriverRunRow {
  staff_id: number;
  day: string;
  started_at: number;
}

/** A parcel of the own carrier: a stop on a driver's run (migration 0074). */
export interface DriverStopRow {
  id: number;
  reference: string;
  tracking_number: string;
  day: string;
  staff_id: number | null;
  position: number;
  order_number: string;
  name: string;
  phone: string;
  /** JSON array of the address lines. */
  address_lines: string;
  area: string;
  cod_amount: number;
  currency: CurrencyCode;
  status: 'pending' | 'delivered' | 'failed';
  received_by: 'customer' | 'family' | 'guard' | 'other' | null;
  receiver_name: string | null;
  fail_reason: 'not_home' | 'no_answer' | 'wrong_address' | 'refused' | 'other' | null;
  fail_note: string | null;
  cash_collected: number | null;
  cash_note: string | null;
  marked_at: number | null;
  created_at: number;
}

/** A driver's mark, read as the own carrier's tracking event (migration 0074). */
export interface DriverStopEventRow {
  id: number;
  stop_id: number;
  status: 'picked_up' | 'out_for_delivery' | 'delivered' | 'failed_attempt';
  reason: string | null;
  at: number;
}

/** The cash a driver handed in for a day (migration 0074). */
export interface DriverHandinRow {
  staff_id: number;
  day: string;
  currency: CurrencyCode;
  expected_minor: number;
  handed_minor: number;
  note: string | null;
  recorded_by: number;
  recorded_at: number;
}

/** A carrier's remittance statement, imported once (migration 0074). */
export interface CodRemittanceRow {
  id: number;
  carrier: string;
  statement_ref: string;
  file_hash: string;
  file_name: string;
  currency: CurrencyCode;
  line_count: number;
  total_minor: number;
  imported_at: number;
  staff_id: number;
}

/** A statement's line as matched to a parcel (migration 0074). */
export interface CodRemittanceLineRow {
  id: number;
  remittance_id: number;
  line_no: number;
  tracking_number: string | null;
  reference: string | null;
  amount_minor: number;
  currency: CurrencyCode;
  shipment_id: number;
  outcome: 'matched' | 'short' | 'over';
  remitted_on: string | null;
}

export type ShipmentStatus =
  | 'queued'
  | 'refused'
  | 'created'
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'failed_attempt'
  | 'delivered'
  | 'returning'
  | 'returned'
  | 'cancelled';

/** One parcel of an order, or a return (migration 0071, decision 66); in the core database. */
export interface ShipmentRow {
  id: number;
  order_id: number;
  country: CountryCode;
  direction: 'outbound' | 'return';
  carrier: 'local' | 'aramex' | 'smsa' | 'dhl' | 'own';
  speed: 'same_day' | 'next_day' | 'standard';
  status: ShipmentStatus;
  reference: string;
  tracking_number: string | null;
  tracking_url: string | null;
  label_key: string | null;
  label_size: '4x6' | 'A6' | 'A4' | null;
  weight_grams: number;
  cod_amount: number;
  currency: CurrencyCode;
  create_tries: number;
  carrier_error: string | null;
  failed_attempts: number;
  pickup_id: number | null;
  driver_id: number | null;
  status_rank: number;
  last_event_at: number | null;
  staff_id: number | null;
  created_at: number;
  updated_at: number;
  /** When the cron last polled the carrier about it (migration 0073). */
  polled_at: number | null;
}

/** A tracking event as the carrier sent it (migration 0071): one row per (shipment, event key). */
export interface ShipmentEventRow {
  id: number;
  shipment_id: number;
  event_key: string;
  status: Exclude<ShipmentStatus, 'queued' | 'refused'>;
  carrier_code: string | null;
  description: string | null;
  location: string | null;
  reason: string | null;
  at: number;
  received_at: number;
}

/** A shopper's answer to a failed delivery attempt (migration 0073): another day, or her corrected address. */
export interface RedeliveryRequestRow {
  id: number;
  shipment_id: number;
  order_id: number;
  attempt: number;
  kind: 'day' | 'address';
  day: string;
  address: string | null;
  phone: string | null;
  status: 'sent' | 'manual' | 'failed';
  carrier_error: string | null;
  created_at: number;
}
// Returns (migration 0075, issue 62): in the core, like shipments.
export interface ReturnRow {
  id: number;
  order_id: number;
  user_id: number | null;
  country: CountryCode;
  currency: CurrencyCode;
  lang: 'en' | 'ar';
  reason: 'damaged' | 'wrong_item' | 'changed_mind';
  unopened: number;
  note: string | null;
  status: ReturnStatus;
  shipment_id: number | null;
  refund_id: number | null;
  refund_amount: number | null;
  delivery_refunded: number;
  reject_reason: string | null;
  created_at: number;
  updated_at: number;
  /** A refund started and not yet recorded (migration 0080): the next attempt or the minute job finishes it. */
  refund_claimed_at: number | null;
}

export interface ReturnItemRow {
  return_id: number;
  sku_id: number;
  count: number;
  /** The inspection's verdict; null until inspected. */
  resellable: number | null;
}

export interface ReturnPhotoRow {
  id: string;
  user_id: number;
  /** Null while uploaded but not yet part of a return. */
  return_id: number | null;
  r2_key: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/heic';
  size: number;
  created_at: number;
}

export interface ReturnEventRow {
  id: number;
  return_id: number;
  kind: 'requested' | 'pickup_booked' | 'label_ready' | 'received' | 'inspected' | 'refunded' | 'rejected';
  staff_id: number | null;
  note: string | null;
  at: number;
}

/** The owner's carrier choice rules (migration 0072, api/src/shipping/carrier-rules.ts). */
export interface CarrierRuleRow {
  id: number;
  country: CountryCode;
  priority: number;
  zones: string;
  speed: 'any' | 'same_day' | 'next_day' | 'standard';
  cod: 'any' | 'yes' | 'no';
  max_weight_grams: number | null;
  carrier: 'local' | 'aramex' | 'smsa' | 'dhl' | 'own';
  updated_at: number;
}
