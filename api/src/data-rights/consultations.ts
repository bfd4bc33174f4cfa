// A shopper's consultations under her data rights (decision 49, decision 55): "download my data" holds
// each consultation with its intake, the call's chat, the summary the nutritionist shared and the
// recommendations (opened with consultations/seal.ts; the nutritionist's private notes are hers too and go in);
// erasure and "erase my health data" remove the health rows and the data keys (whatever sealed text a
// backup still holds can no longer be opened); an account's erasure also cancels what is still to come,
// its paid amount to her wallet (as a shopper's own free cancel does), refunds a package's unused
// sessions to her wallet, with an audit row each (docs/data-fates.md).
import type { Lang } from '#shared/locale';
import { walletMove } from '../orders/payment-moves';
import { bookingWalletStatements } from '../orders/booking-amounts';
import { bookingCreditRecord } from '../e-invoice-sales';
import type { Keyring } from '../lib/keyring';
import { auditStatement } from '../staff/audit';
import { healthSealer, openText } from '../consultations/seal';
import { onCore, onShard, type Step } from './her-databases';

const HERS = 'SELECT id FROM consultations WHERE user_id = ?1';

/** How many of her consultations hold health text (an intake not yet erased, chat, notes or a list). */
export const CONSULTATION_HEALTH_COUNT = `SELECT count(*) AS n FROM consultations c WHERE c.user_id = ?1 AND (
  EXISTS (SELECT 1 FROM consultation_intakes i WHERE i.consultation_id = c.id AND i.sealed <> '')
  OR EXISTS (SELECT 1 FROM consultation_messages m WHERE m.consultation_id = c.id)
  OR EXISTS (SELECT 1 FROM consultation_notes n WHERE n.consultation_id = c.id)
  OR EXISTS (SELECT 1 FROM consultation_recommendations r WHERE r.consultation_id = c.id))`;

/**
 * The statements that erase her consultations' health text: chat, notes and summary, recommendations,
 * the intake (docs/data-fates.md), and the data keys. The consultations' commercial rows (amounts, VAT,
 * dates) stay, and so does the proof of her consent to the intake (its text version and time, without
 * her: consent_records, migration 0062).
 */
export function consultationHealthStatements(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  const q = (sql: string) => db.prepare(sql).bind(userId);
  return [
    db
      .prepare(
        `INSERT INTO consent_records (purpose, consent_version, consent_at, erased_at)
         SELECT 'consultation_intake', consent_version, consent_at, ?2 FROM consultation_intakes WHERE consultation_id IN (${HERS})`,
      )
      .bind(userId, now),
    q(`DELETE FROM consultation_messages WHERE consultation_id IN (${HERS})`),
    q(`DELETE FROM consultation_recommendations WHERE consultation_id IN (${HERS})`),
    q(`DELETE FROM consultation_notes WHERE consultation_id IN (${HERS})`),
    q(`DELETE FROM consultation_intakes WHERE consultation_id IN (${HERS})`),
    q(`DELETE FROM consultation_keys WHERE consultation_id IN (${HERS})`),
  ];
}

/** On an account's erasure: her ratings (their text is hers) and her held and booked times go too. */
export function consultationAccountStatements(db: D1Database, userId: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM consultation_ratings WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM consultation_cells WHERE user_id = ?').bind(userId),
  ];
}

interface OpenConsultation {
  id: number;
  country: string;
  currency: string;
  status: string;
  payment_method: string;
  credit_id: number | null;
  total: number;
  wallet_used: number;
  refunded: number;
}

/**
 * Consultations still to come of an erased account: cancelled in the erasure's batch, what she paid
 * (all of it, whatever the 24-hour rule: the shop cancels, not she) to her wallet, an open gateway
 * payment closed, the time freed, an audit row each.
 */
export async function consultationErasureCancels(
  db: D1Database,
  userId: number,
  now: number,
  /** Her order shard, which holds her wallet (decision 61); the core itself in shard 0. */
  shard: D1Database = db,
): Promise<{ steps: Step[]; ids: number[] }> {
  const { results } = await db
    .prepare(
      `SELECT id, country, currency, status, payment_method, credit_id, total, wallet_used, refunded FROM consultations
       WHERE user_id = ? AND status IN ('pending_payment', 'booked') AND ends_at > ?`,
    )
    .bind(userId, now)
    .all<OpenConsultation>();
  const statements: Step[] = [];
  for (const c of results) {
    const refund = c.status === 'booked' ? c.total - c.refunded : c.wallet_used;
    statements.push(
      ...onCore(
        db
          .prepare(
            `UPDATE consultations SET status = 'cancelled', cancelled_at = ?1, refunded = refunded + ?2,
             payment_state = CASE WHEN payment_state = 'package' THEN 'package' WHEN ?2 > 0 THEN 'refunded' ELSE payment_state END,
             updated_at = ?1 WHERE id = ?3`,
          )
          .bind(now, refund, c.id),
        db
          .prepare(
            "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE consultation_id = ? AND status = 'initiated'",
          )
          .bind(now, c.id),
        db.prepare('DELETE FROM consultation_cells WHERE consultation_id = ?').bind(c.id),
        // Money back from a Saudi paid consultation is a credit note on its e-invoice (decision 75); an
        // unpaid or package-paid one has none, and the statement records nothing.
        bookingCreditRecord(db, 'consultation', c.id, refund, now),
      ),
    );
    if (c.payment_method === 'package' && c.credit_id)
      statements.push(
        ...onCore(
          db
            .prepare(
              'UPDATE consultation_credits SET sessions_left = min(sessions_total, sessions_left + 1) WHERE id = ?',
            )
            .bind(c.credit_id),
        ),
      );
    // Once per consultation and amount (bookingWalletStatements): an erasure run again after her shard's
    // batch committed and the core's did not finds the consultation still booked in the core.
    if (refund > 0)
      statements.push(
        ...onShard(
          ...bookingWalletStatements(
            shard,
            { userId, currency: c.currency, amount: refund, kind: 'refund', consultationId: c.id },
            now,
          ),
        ),
      );
    statements.push(
      ...onCore(
        auditStatement(db, null, {
          action: 'consultation.cancel',
          resource: 'consultation',
          resourceId: c.id,
          country: c.country,
          before: { status: c.status },
          after: {
            status: 'cancelled',
            refund: refund > 0 ? { amount: refund, currency: c.currency, to: 'wallet' } : null,
          },
          reason: 'account erased',
        }),
      ),
    );
  }
  // Packages with sessions left: what those sessions cost back to her wallet (docs/data-fates.md), the
  // package closed; the amounts paid stay (a tax record).
  const { results: credits } = await db
    .prepare(
      `SELECT id, country, currency, price, sessions_total, sessions_left FROM consultation_credits
       WHERE user_id = ? AND payment_state = 'paid'`,
    )
    .bind(userId)
    .all<{
      id: number;
      country: string;
      currency: string;
      price: number;
      sessions_total: number;
      sessions_left: number;
    }>();
  // Sessions the cancels above give back count as left (they are returned in the same batch).
  const returned = new Map<number, number>();
  for (const c of results)
    if (c.payment_method === 'package' && c.credit_id) returned.set(c.credit_id, (returned.get(c.credit_id) ?? 0) + 1);
  for (const k of credits) {
    const left = Math.min(k.sessions_total, k.sessions_left + (returned.get(k.id) ?? 0));
    if (left <= 0) continue;
    const refund = Math.floor((k.price * left) / k.sessions_total);
    statements.push(
      ...onCore(
        db
          .prepare("UPDATE consultation_credits SET sessions_left = 0, payment_state = 'refunded' WHERE id = ?")
          .bind(k.id),
        // The unused sessions' price back: a credit note on the package's e-invoice, when it has one.
        bookingCreditRecord(db, 'package', k.id, refund, now),
      ),
      ...(refund > 0
        ? onShard(
            ...walletMove(shard, {
              userId,
              currency: k.currency,
              amount: refund,
              kind: 'refund',
              orderId: null,
              paymentId: null,
            }),
          )
        : []),
      ...onCore(
        auditStatement(db, null, {
          action: 'consultation_package.refund',
          resource: 'consultation_credit',
          resourceId: k.id,
          country: k.country,
          after: { sessions_refunded: left, refund: { amount: refund, currency: k.currency, to: 'wallet' } },
          reason: 'account erased',
        }),
      ),
    );
  }
  return { steps: statements, ids: results.map((c) => c.id) };
}

/** consultations.json of her archive: every consultation with its health text opened. */
export async function consultationExport(db: D1Database, ring: Keyring | null, userId: number, lang: Lang) {
  const q = (sql: string) => db.prepare(sql).bind(userId);
  const [consultations, intakes, messages, notes, recs, ratings, credits] = await db.batch([
    q(
      `SELECT c.id, c.country, c.currency, c.lang, c.status, c.mode, c.starts_at, c.ends_at, c.payment_method, c.card_method,
         c.payment_state, c.price, c.vat, c.total, c.wallet_used, c.refunded, c.outcome, c.follow_up_of, c.rescheduled_count,
         c.created_at, s.kind AS service, s.minutes, n.${lang === 'ar' ? 'name_ar' : 'name_en'} AS nutritionist
       FROM consultations c JOIN consultation_services s ON s.id = c.service_id JOIN nutritionists n ON n.id = c.nutritionist_id
       WHERE c.user_id = ?1 ORDER BY c.starts_at`,
    ),
    q(
      `SELECT consultation_id, sealed, shared_results, consent_version, consent_at FROM consultation_intakes WHERE consultation_id IN (${HERS})`,
    ),
    q(
      `SELECT consultation_id, seq, sender, sealed, created_at FROM consultation_messages WHERE consultation_id IN (${HERS}) ORDER BY consultation_id, seq`,
    ),
    q(
      `SELECT consultation_id, notes_sealed, summary_sealed, shared_at FROM consultation_notes WHERE consultation_id IN (${HERS})`,
    ),
    q(
      `SELECT r.consultation_id, r.product_id, p.${lang === 'ar' ? 'name_ar' : 'name_en'} AS product, r.sku_id, r.quantity, r.servings_per_day,
         r.dose_sealed, r.reason_sealed FROM consultation_recommendations r JOIN products p ON p.id = r.product_id
       WHERE r.consultation_id IN (${HERS}) ORDER BY r.consultation_id, r.sort_order`,
    ),
    q('SELECT consultation_id, rating, body, lang, status, created_at FROM consultation_ratings WHERE user_id = ?1'),
    q(
      'SELECT id, package_id, country, currency, price, sessions_total, sessions_left, payment_state, expires_at, created_at FROM consultation_credits WHERE user_id = ?1',
    ),
  ]);
  const sealer = ring ? healthSealer(db, ring) : null;
  const open = async (id: number, text: unknown) =>
    sealer && typeof text === 'string' && text !== '' ? openText(sealer, id, text).catch(() => null) : null;
  type R = Record<string, unknown> & { consultation_id: number };
  const of = (res: D1Result | undefined, id: number) => (res!.results as R[]).filter((r) => r.consultation_id === id);
  const out = [];
  for (const c of consultations!.results as Array<Record<string, unknown> & { id: number }>) {
    const intake = of(intakes, c.id)[0];
    const note = of(notes, c.id)[0];
    const intakeText = intake ? await open(c.id, intake.sealed) : null;
    const chat = [];
    for (const m of of(messages, c.id))
      chat.push({ seq: m.seq, from: m.sender, at: m.created_at, text: await open(c.id, m.sealed) });
    const recommendations = [];
    for (const r of of(recs, c.id))
      recommendations.push({
        product_id: r.product_id,
        product: r.product,
        sku_id: r.sku_id,
        quantity: r.quantity,
        servings_per_day: r.servings_per_day,
        dose: await open(c.id, r.dose_sealed),
        reason: await open(c.id, r.reason_sealed),
      });
    out.push({
      ...c,
      intake: intakeText ? JSON.parse(intakeText) : null,
      shared_results: intake ? JSON.parse(String(intake.shared_results)) : [],
      consent: intake ? { version: intake.consent_version, at: intake.consent_at } : null,
      chat,
      notes: note ? await open(c.id, note.notes_sealed) : null,
      summary: note ? await open(c.id, note.summary_sealed) : null,
      shared_at: note?.shared_at ?? null,
      recommendations,
      rating: of(ratings, c.id)[0] ?? null,
    });
  }
  return { consultations: out, packages: credits!.results };
}
