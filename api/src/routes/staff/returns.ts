// The back office's returns queue (issue 62): list and one return (returns:manage in its country), its
// photos and label, and the steps receive, inspect, refund (orders:refund too), reject and the parcel
// tried again. The steps' rules are api/src/returns/staff.ts.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import {
  inspectReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
  retryParcel,
  returnDetail,
  returnList,
} from '#api/src/returns/staff';
import { labelResponse, photoResponse } from '#api/src/routes/returns';

export const staffReturnRoutes = new Hono<AppEnv>()
  .get('/returns', contract('GET /staff/returns'), async (c) => c.json(ok(await returnList(c, c.req.valid('query')))))
  .get('/returns/:id{[0-9]+}', contract('GET /staff/returns/:id{[0-9]+}'), async (c) =>
    c.json(ok(await returnDetail(c, c.req.valid('param').id))),
  )
  .get(
    '/returns/:id{[0-9]+}/photos/:photoId{[0-9a-f]{32}}',
    contract('GET /staff/returns/:id{[0-9]+}/photos/:photoId{[0-9a-f]{32}}'),
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
  .get('/returns/:id{[0-9]+}/label', contract('GET /staff/returns/:id{[0-9]+}/label'), async (c) => {
    const id = c.req.valid('param').id;
    await returnDetail(c, id);
    const row = await c.env.DB.prepare(
      'SELECT s.label_key FROM returns r JOIN shipments s ON s.id = r.shipment_id WHERE r.id = ?',
    )
      .bind(id)
      .first<{ label_key: string | null }>();
    return labelResponse(c.env, row?.label_key, `return-${id}.pdf`);
  })
  .post('/returns/:id{[0-9]+}/receive', contract('POST /staff/returns/:id{[0-9]+}/receive'), async (c) =>
    c.json(ok(await receiveReturn(c, c.req.valid('param').id, c.req.valid('json').note || null))),
  )
  .post('/returns/:id{[0-9]+}/inspect', contract('POST /staff/returns/:id{[0-9]+}/inspect'), async (c) =>
    c.json(ok(await inspectReturn(c, c.req.valid('param').id, c.req.valid('json')))),
  )
  .post('/returns/:id{[0-9]+}/refund', contract('POST /staff/returns/:id{[0-9]+}/refund'), async (c) =>
    c.json(ok(await refundReturn(c, c.req.valid('param').id, c.req.valid('json')))),
  )
  .post('/returns/:id{[0-9]+}/reject', contract('POST /staff/returns/:id{[0-9]+}/reject'), async (c) =>
    c.json(ok(await rejectReturn(c, c.req.valid('param').id, c.req.valid('json').reason))),
  )
  .post('/returns/:id{[0-9]+}/parcel', contract('POST /staff/returns/:id{[0-9]+}/parcel'), async (c) =>
    c.json(ok(await retryParcel(c, c.req.valid('param').id))),
  );
