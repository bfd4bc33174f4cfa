// Returns (issue 62): the inputs of the shopper's return routes (/user/order/:id/return…) and the back
// office's (/staff/returns…). Messages are dictionary keys.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { REFUND_METHODS } from './staff-order-schemas';
import { RETURN_PHOTOS_MAX, RETURN_REASONS, RETURN_STATUSES } from '../orders/returns';

const skuId = z.number({ error: 'mandatory-field' }).int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A photo's public id: 128 random bits, hex. */
const returnPhotoId = z.string().regex(/^[0-9a-f]{32}$/);

/** POST /user/order/:id/return: which lines and how many, why, and (damaged) the photos uploaded first. */
export const returnRequestSchema = z.object({
  items: z
    .array(z.object({ sku_id: skuId, count: z.number({ error: 'mandatory-field' }).int().min(1).max(999) }), {
      error: 'return_items_required',
    })
    .min(1, { error: 'return_items_required' })
    .max(100)
    .refine((items) => new Set(items.map((i) => i.sku_id)).size === items.length, { error: 'return_items_required' }),
  reason: z.enum(RETURN_REASONS, { error: 'return_reason_required' }),
  /** Changed her mind: she confirms the items are unopened, in their original packaging. */
  unopened: z.boolean().optional(),
  note: z.string().trim().max(500).optional(),
  photos: z.array(returnPhotoId).max(RETURN_PHOTOS_MAX, { error: 'return_photos_too_many' }).optional(),
});
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

export const returnOrderParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
});
export const returnLabelParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
  returnId: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
});
export const returnPhotoParams = z.object({ photoId: returnPhotoId });
export const staffReturnPhotoParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
  photoId: returnPhotoId,
});

/** GET /staff/returns: the queue by status ('open': not yet refunded or rejected) and country. */
export const staffReturnListQuery = z.object({
  status: z
    .enum(['open', ...RETURN_STATUSES])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  country: z
    .enum(COUNTRY_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type StaffReturnListQuery = z.infer<typeof staffReturnListQuery>;

const note = z.string().trim().max(500).optional();
export const staffReturnStepSchema = z.object({ note });
/** Inspection: each returned line, whether it can be sold again. */
export const staffReturnInspectSchema = z.object({
  items: z.array(z.object({ sku_id: skuId, resellable: z.boolean({ error: 'mandatory-field' }) })).min(1),
  note,
});
export const staffReturnRefundSchema = z.object({
  method: z.enum(REFUND_METHODS, { error: 'mandatory-field' }),
  note,
});
export const staffReturnRejectSchema = z.object({
  reason: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(500),
});
