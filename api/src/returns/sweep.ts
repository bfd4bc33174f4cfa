// The cron's part of returns (issue 62). A return parcel the carrier could not take (down, timed out,
// no adapter) is asked again, later each time (5 minutes × its tries), up to ten tries; after that it
// waits for staff, who see it and its error in the queue. Her mail (and WhatsApp, when she chose it for
// the order) follows a parcel made this way.
// Photos uploaded but never sent with a return go after 24 hours, rows and objects.
import type { CarrierConfig } from '../carriers';
import { log } from '../lib/log';
import { orderRouteStatement, routeFrom } from '../db/databases';
import { orderUpdateStatements } from '../orders/update-mail';
import { deleteObjects } from '../uploads/store';
import { bookReturnParcel } from './parcel';
import { returnWhatsapp } from './request';
import { apiConfig } from '../lib/config';
import { provenWhatsappTo } from '../messages/whatsapp-updates';
import type { CountryCode, CurrencyCode } from '#shared/countries';

const MINUTE = 60_000;
const MAX_TRIES = 10;
const PHOTO_PENDING_MS = 24 * 60 * MINUTE;

export async function sweepReturnParcels(
  env: ApiEnv,
  config: CarrierConfig,
  siteOrigin: string,
  now = Date.now(),
): Promise<number> {
  const core = env.DB;
  const { results } = await core
    .prepare(
      `SELECT r.id, r.order_id, r.country, r.currency, r.lang, r.user_id FROM returns r LEFT JOIN shipments s ON s.id = r.shipment_id
       WHERE r.status = 'requested' AND (s.id IS NULL OR s.status = 'queued') AND coalesce(s.create_tries, 0) < ?
         AND coalesce(s.updated_at, r.created_at) <= ? - ? * (coalesce(s.create_tries, 0) + 1)
       ORDER BY r.id LIMIT 20`,
    )
    .bind(MAX_TRIES, now, 5 * MINUTE)
    .all<{
      id: number;
      order_id: number;
      country: CountryCode;
      currency: CurrencyCode;
      lang: 'en' | 'ar';
      user_id: number | null;
    }>();
  let made = 0;
  for (const ret of results) {
    try {
      const [routeRes] = await core.batch([orderRouteStatement(env, ret.order_id)]);
      const { db } = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
      const [orderRes, itemRes, returnItems] = await Promise.all([
        db.prepare('SELECT address, guest_email, whatsapp_to FROM orders WHERE id = ?').bind(ret.order_id).first<{
          address: string;
          guest_email: string | null;
          whatsapp_to: string | null;
        }>(),
        db
          .prepare('SELECT sku_id, unit_price FROM order_items WHERE order_id = ?')
          .bind(ret.order_id)
          .all<{ sku_id: number; unit_price: number }>(),
        core
          .prepare('SELECT sku_id, count FROM return_items WHERE return_id = ?')
          .bind(ret.id)
          .all<{ sku_id: number; count: number }>(),
      ]);
      if (!orderRes) continue;
      const price = new Map(itemRes.results.map((i) => [i.sku_id, i.unit_price]));
      const outcome = await bookReturnParcel(
        env,
        config,
        {
          id: ret.id,
          order_id: ret.order_id,
          country: ret.country,
          currency: ret.currency,
          pieces: returnItems.results.reduce((n, i) => n + i.count, 0),
          value: returnItems.results.reduce((n, i) => n + (price.get(i.sku_id) ?? 0) * i.count, 0),
          address: JSON.parse(orderRes.address) as Record<string, unknown>,
        },
        now,
      );
      if (outcome !== 'pickup_booked' && outcome !== 'label_ready') continue;
      made += 1;
      const account =
        ret.user_id === null
          ? null
          : await core
              .prepare(
                'SELECT email, CASE WHEN phone_verified_at IS NOT NULL THEN phone END AS proven_phone FROM users WHERE id = ?',
              )
              .bind(ret.user_id)
              .first<{ email: string | null; proven_phone: string | null }>();
      const email = ret.user_id === null ? orderRes.guest_email : (account?.email ?? null);
      const statements = await orderUpdateStatements(
        core,
        { id: ret.order_id, user_id: ret.user_id, lang: ret.lang, country: ret.country, currency: ret.currency, email },
        { kind: 'return', returnStep: outcome, returnId: ret.id },
        { dedupe: `return:${ret.id}:${outcome}`, now, siteOrigin },
      );
      // Her WhatsApp too, as a step staff take sends it (only to her proven phone, when she chose it).
      const whatsappTo = provenWhatsappTo({
        whatsapp_to: orderRes.whatsapp_to,
        proven_phone: account?.proven_phone ?? null,
      });
      statements.push(
        ...(await returnWhatsapp(
          { env, var: { config: apiConfig(env) } },
          { id: ret.order_id, lang: ret.lang, whatsapp_to: whatsappTo },
          ret.id,
          outcome,
          now,
        )),
      );
      if (statements.length) await core.batch(statements);
    } catch (error) {
      log.error('return parcel sweep failed for one return', { returnId: ret.id, error });
    }
  }
  return made;
}

/** Photos uploaded and never sent with a return, after 24 hours: their rows and objects. */
export async function sweepPendingReturnPhotos(env: Pick<ApiEnv, 'DB' | 'UPLOADS'>, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    'DELETE FROM return_photos WHERE return_id IS NULL AND created_at < ? RETURNING r2_key',
  )
    .bind(now - PHOTO_PENDING_MS)
    .all<{ r2_key: string }>();
  if (results.length)
    await deleteObjects(
      env.UPLOADS,
      results.map((r) => r.r2_key),
    );
  return results.length;
}
