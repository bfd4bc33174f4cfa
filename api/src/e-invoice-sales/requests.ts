// A waiting e-invoice's data for the chain (issue 75, decision 75), read from the sale's or refund's own
// committed rows when it is signed: an order's lines, delivery, discount, a friend's discount and points
// through the core's saleFigures (so the document's figures are the ones the shopper's invoice prints);
// a refund's amount, reason and invoice; a booking's or a package's total; money a booking gave back to
// the wallet (its amount recorded with the need); a debit note's failed refund and the credit note it
// reverses. The texts are in Arabic, the seller's language of record (ZATCA reads the registered name and
// the documents in Arabic); an item's name is the one the order stored. Null when the sale's rows are not there (nothing is signed for a row without them).
import { companyEntity } from '#shared/company';
import type { CountryCode } from '#shared/locale';
import { currencyDecimals } from '#shared/money';
import type { ChainRequest } from '../e-invoice-chain/chain';
import { type SellerParty, saleFigures } from '../e-invoices';

export interface RecordRow {
  key: string;
  kind: 'invoice' | 'credit-note' | 'debit-note';
  order_id: number | null;
  refund_id: number | null;
  booking_ref: string | null;
  invoice_key: string | null;
  /** Set with the need only for a booking's credit note without a refunds row (its amount). */
  total_minor: number | null;
}

function sellerOf(country: CountryCode): SellerParty | null {
  const entity = companyEntity(country);
  // The registered name, VAT and CR numbers and the National Address in parts (BT-35…38, KSA-17/18) from
  // the country's entity; onboarding's legal data (the owner's E-invoicing page) replaces them once entered.
  const address = entity.nationalAddress;
  if (!entity.vatNumber || !address) return null;
  return { name: entity.legalName.ar, vatNumber: entity.vatNumber, crNumber: entity.commercialRegistration, address };
}

/** UNTDID 4461 payment means: cash at the door or visit, card (and pay-later through the card gateway), the wallet. */
const PAYMENT_MEANS: Record<string, string> = {
  cod: '10',
  pay_at_visit: '10',
  card: '48',
  pay_later: '48',
  gateway: '48',
  wallet: '30',
};
const meansOf = (method: string) => PAYMENT_MEANS[method] ?? '1';

/** A refund's reason as the credit note states it (KSA-10). */
const REFUND_REASONS: Record<string, string> = {
  damaged: 'إرجاع منتج تالف',
  missing_item: 'منتج ناقص من الطلب',
  late_delivery: 'تعويض عن تأخر التوصيل',
  goodwill: 'تعويض للعميل',
  cancelled: 'إلغاء الطلب',
  other: 'استرداد مبلغ للعميل',
};
/** A debit note's reason (KSA-10): the refund its credit note stated did not reach the shopper. */
const REFUND_FAILED_REASON = 'إلغاء إشعار دائن: تعذّر رد المبلغ عبر بوابة الدفع';

const TEXTS = {
  delivery: 'رسوم التوصيل',
  promotion: 'عرض ترويجي',
  coupon: 'خصم',
  referral: 'خصم دعوة صديق',
  points: 'نقاط مستبدلة',
  refund: 'استرداد',
  'blood-test': 'فحص دم منزلي',
  consultation: 'استشارة تغذية',
  package: 'باقة جلسات استشارة تغذية',
};

/** The document's number (BT-1): the order number the shopper already quotes; a note adds its refund. */
const invoiceNumberOf = (key: string) => key.replace(/^order:/, '').replace(/^booking:/, '');
const creditNumberOf = (invoiceKey: string, refundId: number) => `${invoiceNumberOf(invoiceKey)}-CN${refundId}`;
/** A booking's note without a refunds row: its number is the invoice's with the key's tail (`-CN` or `-CNw<n>`). */
const bookingCreditNumberOf = (invoiceKey: string, key: string) =>
  `${invoiceNumberOf(invoiceKey)}-CN${key.split(':').slice(3).join('') || '1'}`;
/** A debit note reversing a credit note: the credit note's number, D for C. */
const debitNumberOf = (creditNumber: string) => creditNumber.replace(/-CN(?=[^-]*$)/, '-DN');

type Money = { country: CountryCode; currency: string; vat_basis_points: number };

function base(row: RecordRow, m: Money, seller: SellerParty, number: string, paymentMeans: string) {
  return {
    key: row.key,
    kind: row.kind,
    number,
    currency: m.currency,
    decimals: currencyDecimals(m.currency),
    vatBasisPoints: m.vat_basis_points,
    seller,
    paymentMeans,
  };
}

async function orderInvoice(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  const [orders, items] = await db.batch([
    db
      .prepare(
        `SELECT country, currency, vat_basis_points, payment_method, total, delivery, discount, referral_discount,
           points_discount FROM orders WHERE id = ?`,
      )
      .bind(row.order_id),
    db
      .prepare('SELECT name, sku_name, unit_price, count FROM order_items WHERE order_id = ? ORDER BY sku_id')
      .bind(row.order_id),
  ]);
  const o = orders!.results[0] as
    | (Money & {
        payment_method: string;
        total: number;
        delivery: number;
        discount: number;
        referral_discount: number;
        points_discount: number;
      })
    | undefined;
  const lines = items!.results as { name: string; sku_name: string; unit_price: number; count: number }[];
  const seller = o && sellerOf(o.country);
  if (!o || !seller || !lines.length) return null;
  const figures = saleFigures(
    {
      lines: lines.map((l) => ({ count: l.count, line_total: l.unit_price * l.count })),
      delivery: o.delivery,
      // The order keeps its promotion and coupon as one discount: one allowance.
      discount: o.discount,
      promotion_discount: 0,
      referral_discount: o.referral_discount ?? 0,
      points_discount: o.points_discount ?? 0,
      total: o.total,
    },
    { ...TEXTS, lineNames: lines.map((l) => (l.sku_name ? `${l.name} (${l.sku_name})` : l.name)) },
  );
  return { ...base(row, o, seller, invoiceNumberOf(row.key), meansOf(o.payment_method)), ...figures };
}

/** A booking's sale as its invoice reads it. A package keeps no payment method: its card payment says
 * whether the gateway took it (else the wallet paid it at once). */
const BOOKING_READS = {
  'blood-test': 'SELECT country, currency, vat_basis_points, payment_method, total FROM blood_test_orders WHERE id = ?',
  consultation: 'SELECT country, currency, vat_basis_points, payment_method, total FROM consultations WHERE id = ?',
  package: `SELECT c.country, c.currency, c.vat_basis_points, c.price AS total,
      CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.consultation_credit_id = c.id AND p.status = 'succeeded')
        THEN 'gateway' ELSE 'wallet' END AS payment_method
    FROM consultation_credits c WHERE c.id = ?`,
} as const;

async function bookingInvoice(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  const [kind, id] = (row.booking_ref ?? '').split(':') as [keyof typeof BOOKING_READS, string];
  const read = BOOKING_READS[kind];
  if (!read) return null;
  const b = await db.prepare(read).bind(Number(id)).first<Money & { payment_method: string; total: number }>();
  const seller = b && sellerOf(b.country);
  if (!b || !seller) return null;
  return {
    ...base(row, b, seller, invoiceNumberOf(row.key), meansOf(b.payment_method)),
    lines: [{ name: TEXTS[kind], count: 1, gross: b.total }],
    allowances: [],
    total: b.total,
  };
}

async function creditNote(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  if (!row.invoice_key) return null;
  if (row.refund_id === null) return bookingCreditNote(db, row);
  const r = await refundOf(db, row);
  const seller = r && sellerOf(r.country);
  if (!r || !seller) return null;
  return {
    ...base(row, r, seller, creditNumberOf(row.invoice_key, row.refund_id), meansOf(r.method)),
    lines: [{ name: TEXTS.refund, count: 1, gross: r.amount }],
    allowances: [],
    total: r.amount,
    billingReference: {
      number: invoiceNumberOf(row.invoice_key),
      reason: REFUND_REASONS[r.reason] ?? REFUND_REASONS.other!,
    },
  };
}

/** A refund with its sale's country and VAT: an order's in its shard, a consultation's in the core. */
function refundOf(db: D1Database, row: RecordRow) {
  const sale = row.order_id !== null ? 'orders s ON s.id = r.order_id' : 'consultations s ON s.id = r.consultation_id';
  return db
    .prepare(
      `SELECT r.amount, r.method, r.reason, r.currency, s.country, s.vat_basis_points
       FROM refunds r JOIN ${sale} WHERE r.id = ?`,
    )
    .bind(row.refund_id)
    .first<Money & { amount: number; method: string; reason: string }>();
}

/** A booking's money back without a refunds row (a blood test's cancel, a consultation's wallet part): to the wallet. */
async function bookingCreditNote(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  const [kind, id] = (row.booking_ref ?? '').split(':') as [keyof typeof BOOKING_READS, string];
  const read = BOOKING_READS[kind];
  if (!read || !row.invoice_key || !row.total_minor) return null;
  const b = await db.prepare(read).bind(Number(id)).first<Money>();
  const seller = b && sellerOf(b.country);
  if (!b || !seller) return null;
  return {
    ...base(row, b, seller, bookingCreditNumberOf(row.invoice_key, row.key), meansOf('wallet')),
    lines: [{ name: TEXTS.refund, count: 1, gross: row.total_minor }],
    allowances: [],
    total: row.total_minor,
    billingReference: {
      number: invoiceNumberOf(row.invoice_key),
      reason: kind === 'blood-test' ? REFUND_REASONS.cancelled! : REFUND_REASONS.other!,
    },
  };
}

/** A debit note reversing an order refund's credit note (the refund failed): the same amount, naming the note. */
async function debitNote(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  if (row.refund_id === null || row.order_id === null) return null;
  const [r, invoice] = await Promise.all([
    refundOf(db, row),
    db
      .prepare("SELECT key FROM e_invoices WHERE order_id = ? AND kind = 'invoice'")
      .bind(row.order_id)
      .first<{ key: string }>(),
  ]);
  const seller = r && sellerOf(r.country);
  if (!r || !seller || !invoice || !row.invoice_key) return null;
  // The credit note's number from its key ('refund:<id>', the refund's id when recorded): a shopper moved
  // to another shard since keeps her documents' keys while her refunds get new ids there.
  const credit = creditNumberOf(invoice.key, Number(row.invoice_key.replace(/^refund:/, '')));
  return {
    ...base(row, r, seller, debitNumberOf(credit), meansOf(r.method)),
    lines: [{ name: TEXTS.refund, count: 1, gross: r.amount }],
    allowances: [],
    total: r.amount,
    billingReference: { number: credit, reason: REFUND_FAILED_REASON },
  };
}

/** The chain's request for a recorded document, from the committed rows of its sale or refund. */
export function requestFor(db: D1Database, row: RecordRow): Promise<ChainRequest | null> {
  if (row.kind === 'credit-note') return creditNote(db, row);
  if (row.kind === 'debit-note') return debitNote(db, row);
  return row.order_id !== null ? orderInvoice(db, row) : bookingInvoice(db, row);
}
