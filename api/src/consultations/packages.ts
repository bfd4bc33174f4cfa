// Prepaid packages: N sessions of one service bought at the country's price, paid like a booking
// (wallet, card or pay later through the gateway); a paid package's sessions book that service with
// payment method 'package' (book.ts). A card payment's outcome marks the package paid or failed
// (paymentStatements, from payments/outcome.ts). Once paid, a mail confirms it (package-notice.ts) and
// the shopper lands on the package's page (packageReturnPath).
import type { ConsultationPackageBuyInput } from '#shared/consultations/schemas';
import { CONSULTATION_RULES } from '#shared/consultations/rules';
import type { ConsultationCredit } from '#shared/consultations/types';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { ApiError } from '../lib/errors';
import { bookingInvoiceRecord } from '../e-invoice-sales';
import { col } from '../lib/lang';
import { newOrderId } from '../orders/order-id';
import { newPaymentId, openPayment, stcPayPhoneFor, walletMove } from '../orders/payment-moves';
import { walletBalance } from '../orders/booking-amounts';
import { gatewayMethod } from './book';
import { creditNoticeRow, packageMailStatement, packageNames } from './package-notice';
import { packageReturnPath } from './paths';

const DAY = 86_400_000;

export interface BoughtPackage {
  creditId: number;
  paymentId: string | null;
  due: number;
  currency: string;
  cardMethod: string | null;
  price: number;
  state: 'pending' | 'paid';
}

export async function buyPackage(
  db: D1Database,
  ctx: { country: CountryCode; lang: Lang; user: { id: number; phone: string | null }; siteOrigin: string },
  input: ConsultationPackageBuyInput,
  now = Date.now(),
): Promise<BoughtPackage> {
  const pkg = await db
    .prepare(
      `SELECT p.id, p.sessions, pp.price, n.staff_id,
         (SELECT vat_basis_points FROM country_settings WHERE country = ?1) AS vat_basis_points
       FROM consultation_packages p
       JOIN consultation_package_prices pp ON pp.package_id = p.id AND pp.country = ?1
       JOIN consultation_services s ON s.id = p.service_id AND s.active = 1
       JOIN nutritionists n ON n.id = s.nutritionist_id
       WHERE p.id = ?2 AND p.active = 1`,
    )
    .bind(ctx.country, input.package_id)
    .first<{ id: number; sessions: number; price: number; staff_id: number | null; vat_basis_points: number | null }>();
  if (!pkg) throw new ApiError(409, 'consultation_service_unavailable');
  if (pkg.staff_id === null) throw new ApiError(409, 'consultation_nutritionist_unavailable');
  const currency = COUNTRY_FACTS[ctx.country].currency;
  const pay = input.payment;
  const balance = pay.method === 'wallet' || pay.use_wallet ? await walletBalance(db, ctx.user.id, currency) : 0;
  const walletUsed = Math.min(balance, pkg.price);
  if (pay.method === 'wallet' && walletUsed < pkg.price) throw new ApiError(409, 'wallet_insufficient');
  const due = pkg.price - walletUsed;
  const viaGateway = pay.method !== 'wallet' && due > 0;
  const cardMethod = viaGateway
    ? gatewayMethod(ctx.country, pay.method as 'card' | 'pay_later', pay.card_method, due)
    : null;
  const payerPhone = stcPayPhoneFor(cardMethod, pay.stc_pay_phone, ctx.user.phone);
  const paymentId = viaGateway ? newPaymentId() : null;
  const state = viaGateway ? 'pending' : 'paid';
  // The credit's id is chosen here (random, like consultations'), so one batch stores it, the wallet
  // spend and the card payment together, or nothing.
  const creditId = newOrderId();
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO consultation_credits (id, user_id, package_id, country, currency, price, sessions_total, sessions_left, payment_state, expires_at, created_at, vat_basis_points)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        creditId,
        ctx.user.id,
        pkg.id,
        ctx.country,
        currency,
        pkg.price,
        pkg.sessions,
        pkg.sessions,
        state,
        now + CONSULTATION_RULES.packageValidDays * DAY,
        now,
        pkg.vat_basis_points ?? 0,
      ),
    // Paid from the wallet at once: a sale now, its e-invoice recorded with it (decision 75); a card's
    // when its payment succeeds (payments/outcome.ts). The statement decides (paid, e-invoicing country).
    bookingInvoiceRecord(db, 'package', creditId, now),
  ];
  if (walletUsed > 0)
    statements.push(
      ...walletMove(db, {
        userId: ctx.user.id,
        currency,
        amount: -walletUsed,
        kind: 'order_payment',
        orderId: null,
        paymentId: null,
      }),
    );
  if (paymentId)
    statements.push(
      openPayment(db, {
        id: paymentId,
        orderId: null,
        consultationCreditId: creditId,
        userId: ctx.user.id,
        amount: due,
        currency,
        method: cardMethod!,
        returnPath: packageReturnPath(ctx.lang, creditId),
        payerPhone,
      }),
    );
  // Paid at once (the wallet): its confirmation mail in the same batch; a card's comes with its outcome.
  if (state === 'paid') {
    const names = await packageNames(db, pkg.id, ctx.user.id, ctx.lang);
    if (names)
      statements.push(
        ...packageMailStatement(
          db,
          {
            ...names,
            credit_id: creditId,
            lang: ctx.lang,
            country: ctx.country,
            currency,
            price: pkg.price,
            sessions_total: pkg.sessions,
            expires_at: now + CONSULTATION_RULES.packageValidDays * DAY,
          },
          ctx.siteOrigin,
          now,
        ),
      );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    if (/wallet_not_negative/.test(String(error))) throw new ApiError(409, 'wallet_insufficient');
    throw error;
  }
  return { creditId, paymentId, due: paymentId ? due : 0, currency, cardMethod, price: pkg.price, state };
}

/**
 * A package's card payment outcome, for the batch that records it: paid, or failed with the wallet
 * part (the package price less the card amount) given back.
 */
export async function creditPaymentStatements(
  db: D1Database,
  creditId: number,
  outcome: 'succeeded' | 'failed' | 'cancelled',
  paidByGateway: number,
  mail: { siteOrigin: string; now: number },
): Promise<D1PreparedStatement[]> {
  if (outcome === 'succeeded') {
    const notice = await creditNoticeRow(db, creditId);
    return [
      db
        .prepare("UPDATE consultation_credits SET payment_state = 'paid' WHERE id = ? AND payment_state = 'pending'")
        .bind(creditId),
      // Its confirmation (once: the dedupe key; a second delivery of the outcome queues nothing).
      ...(notice ? packageMailStatement(db, notice, mail.siteOrigin, mail.now) : []),
    ];
  }
  const c = await db
    .prepare('SELECT user_id, currency, price, payment_state FROM consultation_credits WHERE id = ?')
    .bind(creditId)
    .first<{ user_id: number; currency: string; price: number; payment_state: string }>();
  if (c?.payment_state !== 'pending') return [];
  const walletPart = c.price - paidByGateway;
  return [
    db.prepare("UPDATE consultation_credits SET payment_state = 'failed' WHERE id = ?").bind(creditId),
    ...(walletPart > 0
      ? walletMove(db, {
          userId: c.user_id,
          currency: c.currency,
          amount: walletPart,
          kind: 'refund',
          orderId: null,
          paymentId: null,
        })
      : []),
  ];
}

/** The shopper's packages in this country, newest first; with `id`, that one only (hers, any state). */
export async function listCredits(
  db: D1Database,
  p: { userId: number; country: CountryCode; lang: Lang; id?: number },
): Promise<ConsultationCredit[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.sessions_total, c.sessions_left, c.payment_state, c.expires_at, c.price, c.currency,
         p.id AS package_id, p.service_id, p.sessions, p.${col('name', p.lang)} AS name, s.nutritionist_id
       FROM consultation_credits c JOIN consultation_packages p ON p.id = c.package_id
       JOIN consultation_services s ON s.id = p.service_id
       WHERE c.user_id = ?1 AND c.country = ?2 AND (CASE WHEN ?3 IS NULL THEN c.payment_state IN ('pending', 'paid', 'refunded') ELSE c.id = ?3 END)
       ORDER BY c.id DESC`,
    )
    .bind(p.userId, p.country, p.id ?? null)
    .all<{
      id: number;
      sessions_total: number;
      sessions_left: number;
      payment_state: ConsultationCredit['payment_state'];
      expires_at: number;
      price: number;
      currency: string;
      package_id: number;
      service_id: number;
      sessions: number;
      name: string;
      nutritionist_id: number;
    }>();
  return results.map((r) => ({
    id: r.id,
    package: {
      id: r.package_id,
      service_id: r.service_id,
      sessions: r.sessions,
      name: r.name,
      price: r.price,
      currency: r.currency,
    },
    nutritionist_id: r.nutritionist_id,
    sessions_total: r.sessions_total,
    sessions_left: r.sessions_left,
    payment_state: r.payment_state,
    expires_at: new Date(r.expires_at).toISOString(),
  }));
}
