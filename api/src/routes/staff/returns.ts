// The back office's returns queue (issue 62): list and one return (returns:manage in its country), its
// photos and label, and the steps receive, inspect, refund (orders:refund too), reject and the parcel
// tried again. The steps' rules are api/src/returns/staff.ts.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import {
  inspectReturn,
  receiveReturn,
  rejectReturn,
  retryParcel,
  returnDetail,
  returnList,
} from '#api/src/returns/staff';
import { refundReturn } from '#api/src/returns/refund';
import { labelResponse, photoResponse } from '#api/src/routes/returns';
import {
  staffReturnListQuery,
  staffReturnPhotoParams,
  staffReturnStepSchema,
  staffReturnInspectSchema,
  staffReturnRefundSchema,
  staffReturnRejectSchema,
} from '#shared/api/return-schemas';
import { idParams } from '#shared/api/route-schemas';
import { staffReturnListSchema, staffReturnSchema } from '#shared/api/staff-return-responses';

export const staffReturnRoutes = new Hono<AppEnv>()
  .get(
    '/returns',
    contract({
      tag: 'staff',
      summary: 'Returns of the countries the grant allows, newest first (30 a page), by status and country',
      response: staffReturnListSchema,
      messages: [],
      query: staffReturnListQuery,
      noDevice: true,
      staff: 'returns:manage',
    }),
    async (c) => c.json(ok(await returnList(c, c.req.valid('query')))),
  )
  .get(
    '/returns/:id{[0-9]+}',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: 'One return: its lines, reason, photos, parcel, steps and the refund it would give',
      response: staffReturnSchema,
      messages: [],
    }),
    async (c) => c.json(ok(await returnDetail(c, c.req.valid('param').id))),
  )
  .get(
    '/returns/:id{[0-9]+}/photos/:photoId{[0-9a-f]{32}}',
    contract({
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      params: staffReturnPhotoParams,
      summary: "A photo of the return's damage",
      fileResponse: ['image/jpeg', 'image/png', 'image/heic'],
      messages: [],
    }),
    async (c) => {
      const { id, photoId } = c.req.valid('param');
      // The return's own photo, once the grant covers its country (returnDetail checks it).
      await returnDetail(c, id);
      const photo = await c.env.DB.prepare(
        'SELECT r2_key, content_type FROM return_photos WHERE id = ? AND return_id = ?',
      )
        .bind(photoId, id)
        .first<{ r2_key: string; content_type: string }>();
      return photoResponse(c.env, photo);
    },
  )
  .get(
    '/returns/:id{[0-9]+}/label',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: "The return parcel's label (PDF)",
      fileResponse: ['application/pdf'],
      messages: [],
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await returnDetail(c, id);
      const row = await c.env.DB.prepare(
        'SELECT s.label_key FROM returns r JOIN shipments s ON s.id = r.shipment_id WHERE r.id = ?',
      )
        .bind(id)
        .first<{ label_key: string | null }>();
      return labelResponse(c.env, row?.label_key, `return-${id}.pdf`);
    },
  )
  .post(
    '/returns/:id{[0-9]+}/receive',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: 'The parcel came back to the shop',
      response: staffReturnSchema,
      messages: ['transition_not_allowed'],
      body: staffReturnStepSchema,
    }),
    async (c) => c.json(ok(await receiveReturn(c, c.req.valid('param').id, c.req.valid('json').note || null))),
  )
  .post(
    '/returns/:id{[0-9]+}/inspect',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: 'Each line checked: can it be sold again (it goes back in stock)',
      response: staffReturnSchema,
      messages: ['transition_not_allowed', 'return_inspection_incomplete'],
      body: staffReturnInspectSchema,
    }),
    async (c) => c.json(ok(await inspectReturn(c, c.req.valid('param').id, c.req.valid('json')))),
  )
  .post(
    '/returns/:id{[0-9]+}/refund',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary:
        "Refunds the returned lines' paid share (and delivery when damaged or wrong) to the card or the wallet by the order's refund rules; needs orders:refund too",
      response: staffReturnSchema,
      messages: [
        'transition_not_allowed',
        'return_nothing_to_refund',
        'refund_needs_account',
        'refund_no_card_payment',
        'refund_exceeds_paid',
        'refund_gateway_failed',
      ],
      body: staffReturnRefundSchema,
    }),
    async (c) => c.json(ok(await refundReturn(c, c.req.valid('param').id, c.req.valid('json')))),
  )
  .post(
    '/returns/:id{[0-9]+}/reject',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: 'Rejects the return with a reason the shopper reads',
      response: staffReturnSchema,
      messages: ['transition_not_allowed'],
      body: staffReturnRejectSchema,
    }),
    async (c) => c.json(ok(await rejectReturn(c, c.req.valid('param').id, c.req.valid('json').reason))),
  )
  .post(
    '/returns/:id{[0-9]+}/parcel',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      staff: 'returns:manage',
      summary: "Asks the carrier again for a return's parcel that is waiting or was refused",
      response: staffReturnSchema,
      messages: ['transition_not_allowed'],
      body: staffReturnStepSchema,
    }),
    async (c) => c.json(ok(await retryParcel(c, c.req.valid('param').id))),
  );
