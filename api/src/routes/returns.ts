// The shopper's returns (issue 62): photos of damage first, one per request with the raw bytes as the
// body (judged by their content: JPEG, PNG or HEIC only), then the return itself from her order; its
// label to download. Every route acts on the signed-in shopper's own rows: another's order, photo or
// label answers 404, exactly like one that does not exist.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { randomHex } from '#shared/bytes';
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTO_TYPES, type ReturnPhotoType } from '#shared/orders/returns';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS } from '../lib/limits';
import { log } from '../lib/log';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { sniffUploadType } from '../uploads/sniff';
import { recordOrDrop } from '../uploads/store';
import { routedOrderView } from '../orders/view';
import { routeStatement, userOwner } from '../db/databases';
import { coldReaderFor } from '../archive/read';
import { assertReturnable, type ReturnOrder, returnMail, storeReturn } from '../returns/request';
import { bookParcelFor } from '../returns/staff';
import type { OrderItemRow } from '../db/rows';
import { provenWhatsappTo } from '../messages/whatsapp-updates';
import {
  returnPhotoParams,
  returnOrderParams,
  returnRequestSchema,
  returnLabelParams,
} from '#shared/api/return-schemas';
import { returnAnswerSchema, returnPhotoAnswerSchema } from '#shared/orders/answer-schemas';
import type { CurrencyCode } from '#shared/countries';

/** Pending photos (uploaded, not yet part of a return) one shopper may hold at once. */
const MAX_PENDING_PHOTOS = 12;

export const returnRoutes = new Hono<AppEnv>()
  .post(
    '/photo',
    contract({
      tag: 'returns',
      summary:
        'Upload one photo of a damaged item (the body is its bytes: JPEG, PNG or HEIC by content, at most 10 MB); answers its pending id',
      rawBody: { types: RETURN_PHOTO_TYPES, maxBytes: RETURN_PHOTO_MAX_BYTES },
      user: true,
      response: returnPhotoAnswerSchema,
      messages: ['upload_too_large', 'return_photo_type', 'return_photos_too_many'],
    }),
    async (c) => {
      const user = await requireUser(c);
      if (Number(c.req.header('content-length') ?? 0) > RETURN_PHOTO_MAX_BYTES)
        throw new ApiError(413, 'upload_too_large');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > RETURN_PHOTO_MAX_BYTES) throw new ApiError(413, 'upload_too_large');
      if (bytes.byteLength === 0) throw new ApiError(415, 'return_photo_type');
      // By its first bytes only, never its name or declared type; a PDF is no photo.
      const type = sniffUploadType(bytes);
      if (!type || !(RETURN_PHOTO_TYPES as readonly string[]).includes(type))
        throw new ApiError(415, 'return_photo_type');
      const db = c.env.DB;
      await enforce(db, [limit(LIMITS.uploadPerUser, `upload:return:user:${user.id}`)]);
      const id = randomHex(16);
      const key = `returns/${randomHex(16)}`;
      await c.env.UPLOADS.put(key, bytes, { httpMetadata: { contentType: type } });
      await recordOrDrop(
        c.env.UPLOADS,
        key,
        db
          .prepare(
            `INSERT INTO return_photos (id, user_id, return_id, r2_key, content_type, size, created_at)
         SELECT ?1, ?2, NULL, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM return_photos WHERE user_id = ?2 AND return_id IS NULL) < ?7
         RETURNING id`,
          )
          .bind(id, user.id, key, type, bytes.byteLength, Date.now(), MAX_PENDING_PHOTOS),
        'return_photos_too_many',
      );
      return c.json(ok({ id, type: type as ReturnPhotoType, size: bytes.byteLength }));
    },
  )
  .get(
    '/photo/:photoId{[0-9a-f]{32}}',
    contract({
      tag: 'returns',
      summary: 'One of her own return photos',
      params: returnPhotoParams,
      fileResponse: RETURN_PHOTO_TYPES,
      user: true,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const photo = await c.env.DB.prepare(
        'SELECT r2_key, content_type FROM return_photos WHERE id = ? AND user_id = ?',
      )
        .bind(c.req.valid('param').photoId, user.id)
        .first<{ r2_key: string; content_type: string }>();
      return photoResponse(c.env, photo);
    },
  );

/** A photo as an image answer: never cached, never run (sandboxed), never sniffed. */
export async function photoResponse(env: ApiEnv, photo: { r2_key: string; content_type: string } | null) {
  if (!photo) throw new ApiError(404, 'not_found');
  const stored = await env.UPLOADS.get(photo.r2_key);
  if (!stored) {
    log.error('return photo object missing', { key: photo.r2_key });
    throw new ApiError(404, 'not_found');
  }
  return new Response(stored.body, {
    headers: {
      'content-type': photo.content_type,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    },
  });
}

/** A return label as a PDF download. */
export async function labelResponse(env: ApiEnv, key: string | null | undefined, name: string) {
  const stored = key ? await env.UPLOADS.get(key) : null;
  if (!stored) throw new ApiError(404, 'not_found');
  return new Response(stored.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
      'content-security-policy': "sandbox; default-src 'none'",
    },
  });
}

/** On /user/order: the return of one of her orders, and its label. */
export const userOrderReturnRoutes = new Hono<AppEnv>()
  .post(
    '/:id{[0-9]+}/return',
    contract({
      tag: 'returns',
      summary:
        'Return delivered items of her order within the return window: lines and counts, reason (damaged needs a photo; changed mind needs the items unopened); the carrier collects it or she prints a label',
      params: returnOrderParams,
      body: returnRequestSchema,
      badParams: 'not_found',
      user: true,
      response: returnAnswerSchema,
      messages: [
        'not_found',
        'return_not_delivered',
        'return_window_closed',
        'return_unopened_required',
        'return_photo_required',
        'return_item_unknown',
        'return_too_many',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const id = c.req.valid('param').id;
      // Her order from her shard (another shopper's answers 404), with its row's delivery time and language.
      const { order, also } = await routedOrderView(c.env, routeStatement(c.env, userOwner(user.id)), id, {
        ownerId: user.id,
        ownerEmail: user.email,
        cold: coldReaderFor(c.env, c.var.config),
        also: (db) => [
          db
            .prepare(
              'SELECT id, user_id, lang, country, currency, delivered_at, address, whatsapp_to FROM orders WHERE id = ? AND user_id = ?',
            )
            .bind(id, user.id),
          db.prepare('SELECT sku_id, unit_price FROM order_items WHERE order_id = ?').bind(id),
        ],
      });
      const read = {
        row: (also[0]?.results[0] as (Omit<ReturnOrder['row'], 'email'> & { address: string }) | undefined) ?? null,
        lines: (also[1]?.results ?? []) as Array<Pick<OrderItemRow, 'sku_id' | 'unit_price'>>,
      };
      if (!order || !read.row) throw new ApiError(404, 'not_found');
      const now = Date.now();
      // Her return's steps on WhatsApp only to her proven phone, when she chose this order's updates there.
      const whatsappTo = provenWhatsappTo({
        whatsapp_to: read.row.whatsapp_to ?? null,
        proven_phone: user.phone_verified_at ? user.phone : null,
      });
      const target: ReturnOrder = { view: order, row: { ...read.row, email: order.email, whatsapp_to: whatsappTo } };
      assertReturnable(target, input, now);
      const returnId = await storeReturn(c, target, input, user.id, now);
      // The parcel after her request is stored: the carrier's failure leaves it waiting, never lost.
      try {
        const outcome = await bookParcelFor(
          c,
          { id: returnId, order_id: id, country: read.row.country, currency: read.row.currency as CurrencyCode },
          read.row,
          read.lines,
          input.items,
        );
        if (outcome === 'pickup_booked' || outcome === 'label_ready')
          await returnMail(c, target.row, returnId, outcome, Date.now());
      } catch (error) {
        log.error('return parcel booking failed; staff try again from the queue', { returnId, error });
      }
      const after = await routedOrderView(c.env, routeStatement(c.env, userOwner(user.id)), id, {
        ownerId: user.id,
        ownerEmail: user.email,
        cold: coldReaderFor(c.env, c.var.config),
      });
      return c.json(ok({ return_id: returnId, order: after.order! }));
    },
  )
  .get(
    '/:id{[0-9]+}/return/:returnId{[0-9]+}/label',
    contract({
      tag: 'returns',
      summary: "A return's carrier label (PDF)",
      params: returnLabelParams,
      fileResponse: ['application/pdf'],
      badParams: 'not_found',
      user: true,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id, returnId } = c.req.valid('param');
      const row = await c.env.DB.prepare(
        'SELECT s.label_key FROM returns r JOIN shipments s ON s.id = r.shipment_id WHERE r.id = ? AND r.order_id = ? AND r.user_id = ?',
      )
        .bind(returnId, id, user.id)
        .first<{ label_key: string | null }>();
      return labelResponse(c.env, row?.label_key, `return-${returnId}.pdf`);
    },
  );
