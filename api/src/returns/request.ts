// A shopper asks to return delivered items (issue 62): her own order (another's answers 404, like one
// that does not exist), delivered, within the window; no more of a line than was delivered less what her
// other returns take (checked again inside the batch: return_items.return_within_delivered); changed
// her mind only with the items unopened; damaged only with a photo. The request is stored first, then the
// parcel is booked with the carrier (./parcel.ts): a carrier failure never loses her request.
import type { Context } from 'hono';
import type { ReturnRequestInput } from '#shared/api/return-schemas';
import { reasonOpen } from '#shared/orders/returns';
import type { OrderView } from '#shared/orders/types';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { siteOrigin } from '../lib/site-origin';
import { orderUpdateStatements } from '../orders/update-mail';
import type { OrderRow } from '../db/rows';
import { log } from '../lib/log';
import { returnMailText, type ReturnMailStep } from '../mail/return-texts';
import { pushAfter, pushToUser } from '../push';
import type { StepContext } from '../order-office/common';
import { queueUpdate, returnStepMessage, type ReturnWhatsappStep } from '../messages/whatsapp-updates';

/** Her WhatsApp message of a return's step, when this order's updates go there (queueUpdate: not to a stopped number). */
export async function returnWhatsapp(
  c: Pick<StepContext, 'env' | 'var'>,
  row: Pick<ReturnOrder['row'], 'id' | 'lang' | 'whatsapp_to'>,
  returnId: number,
  step: ReturnWhatsappStep,
  now: number,
): Promise<D1PreparedStatement[]> {
  if (!row.whatsapp_to) return [];
  const lang = row.lang === 'ar' ? 'ar' : 'en';
  const message = await returnStepMessage(
    { orderId: row.id, lang, step, phone: row.whatsapp_to },
    { secret: c.var.config.TOKEN_SECRET, siteOrigin: siteOrigin(c) },
  );
  return [
    queueUpdate(
      c.env.DB,
      { ...message, to: row.whatsapp_to, lang, dedupeKey: `order:${row.id}:wa:return:${returnId}:${step}` },
      now,
    ),
  ];
}

export interface ReturnOrder {
  view: OrderView;
  row: Pick<OrderRow, 'id' | 'user_id' | 'lang' | 'country' | 'currency' | 'delivered_at' | 'address'> & {
    email: string | null;
    /** Her proven phone when she asked for this order's updates on WhatsApp (provenWhatsappTo), else null. */
    whatsapp_to?: string | null;
  };
}

export function assertReturnable(order: ReturnOrder, input: ReturnRequestInput, now: number): void {
  const { view, row } = order;
  if (view.status !== 'delivered' || !row.delivered_at) throw new ApiError(409, 'return_not_delivered');
  if (!reasonOpen(input.reason, row.delivered_at, now)) throw new ApiError(409, 'return_window_closed');
  if (input.reason === 'changed_mind' && input.unopened !== true) throw new ApiError(400, 'return_unopened_required');
  if (input.reason === 'damaged' && !input.photos?.length) throw new ApiError(400, 'return_photo_required');
  const left = new Map((view.returns?.left ?? []).map((l) => [l.sku_id, l.count]));
  for (const item of input.items) {
    if (!view.items.some((i) => i.sku_id === item.sku_id)) throw new ApiError(400, 'return_item_unknown');
    if (item.count > (left.get(item.sku_id) ?? 0)) throw new ApiError(409, 'return_too_many');
  }
}

/** Stores the return in one batch of the core: the row, its lines (guarded), its photos, its first step, her mail. */
export async function storeReturn(
  c: Context<AppEnv>,
  order: ReturnOrder,
  input: ReturnRequestInput,
  userId: number,
  now: number,
): Promise<number> {
  const core = c.env.DB;
  const { view, row } = order;
  const photos = input.reason === 'damaged' ? (input.photos ?? []) : [];
  if (photos.length) {
    const marks = photos.map(() => '?').join(', ');
    const found = await core
      .prepare(`SELECT count(*) AS n FROM return_photos WHERE id IN (${marks}) AND user_id = ? AND return_id IS NULL`)
      .bind(...photos, userId)
      .first<{ n: number }>();
    if ((found?.n ?? 0) !== new Set(photos).size) throw new ApiError(400, 'return_photo_required');
  }
  const delivered = new Map(view.items.map((i) => [i.sku_id, i.count]));
  // The return this batch inserts: the newest of the order's (the batch is one transaction).
  const newest = '(SELECT max(id) FROM returns WHERE order_id = ?1)';
  const lang = row.lang === 'ar' ? 'ar' : 'en';
  const statements: D1PreparedStatement[] = [
    core
      .prepare(
        `INSERT INTO returns (order_id, user_id, country, currency, lang, reason, unopened, note, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'requested', ?, ?)`,
      )
      .bind(
        row.id,
        userId,
        row.country,
        row.currency,
        lang,
        input.reason,
        input.unopened ? 1 : 0,
        input.note || null,
        now,
        now,
      ),
    ...input.items.map((item) =>
      core
        .prepare(
          `INSERT INTO return_items (return_id, sku_id, count)
           SELECT ${newest}, ?2, CASE WHEN ?3 + (SELECT coalesce(sum(i.count), 0) FROM return_items i JOIN returns r ON r.id = i.return_id
             WHERE r.order_id = ?1 AND i.sku_id = ?2 AND r.status <> 'rejected') <= ?4 THEN ?3 ELSE 0 END`,
        )
        .bind(row.id, item.sku_id, item.count, delivered.get(item.sku_id) ?? 0),
    ),
    ...(photos.length
      ? [
          core
            .prepare(
              `UPDATE return_photos SET return_id = ${newest} WHERE id IN (${photos.map((_, i) => `?${i + 3}`).join(', ')}) AND user_id = ?2 AND return_id IS NULL`,
            )
            .bind(row.id, userId, ...photos),
        ]
      : []),
    core
      .prepare(`INSERT INTO return_events (return_id, kind, at) VALUES (${newest}, 'requested', ?2)`)
      .bind(row.id, now),
    core.prepare(`SELECT ${newest} AS id`).bind(row.id),
  ];
  const at = statements.length - 1;
  let results: D1Result[];
  try {
    results = await core.batch(statements);
  } catch (error) {
    if (/return_within_delivered|CHECK constraint failed: return_items/.test(String(error)))
      throw new ApiError(409, 'return_too_many');
    throw error;
  }
  const id = (results[at]!.results[0] as { id: number }).id;
  await returnMail(c, row, id, 'requested', now);
  return id;
}

/** Her mail (and WhatsApp) of a return's step (after its batch: the return's number is in the subject). A failure is logged. */
export async function returnMail(
  c: Context<AppEnv>,
  row: ReturnOrder['row'],
  returnId: number,
  step: ReturnMailStep,
  now: number,
  rejectReason?: string | null,
): Promise<void> {
  try {
    const statements = await orderUpdateStatements(
      c.env.DB,
      {
        id: row.id,
        user_id: row.user_id,
        lang: row.lang,
        country: row.country,
        currency: row.currency,
        email: row.email,
      },
      { kind: 'return', returnStep: step, returnId, rejectReason },
      { dedupe: `return:${returnId}:${step}`, now, siteOrigin: siteOrigin(c) },
    );
    // Beside the mail, in its batch: the step on WhatsApp when she chose this order's updates there.
    statements.push(...(await returnWhatsapp(c, row, returnId, step, now)));
    if (statements.length) await c.env.DB.batch(statements);
  } catch (error) {
    log.error('return mail not queued', { orderId: row.id, returnId, step, error });
  }
  // Her devices hear of it too, as of the order's steps (after the answer; a failure is the push's own).
  const userId = row.user_id;
  if (userId !== null)
    pushAfter(c, () =>
      pushToUser(c.env, userId, 'order_status', (lang) => {
        const text = returnMailText(lang === 'ar', row.id, returnId, step, rejectReason);
        return { title: text.subject, body: text.body, url: `/profile/orders?id=${row.id}`, tag: `return-${returnId}` };
      }),
    );
}
