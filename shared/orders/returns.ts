// Returns (issue 62): the rules a shopper's return follows, read by the API (which enforces them), the
// order page (which offers "Return items" only while they hold) and the back office. The policy's words
// are the /return-policy page's (client/content/static-pages.*.ts): 14 days from delivery, unopened in
// the original packaging unless the item is damaged or wrong, damage told within 48 hours with a photo,
// delivery charge refunded only when the shop was at fault.
import { RETURN_WINDOW_DAYS } from './merchant-policy';

const DAY = 24 * 60 * 60 * 1000;

export const RETURN_REASONS = ['damaged', 'wrong_item', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return's steps, in the order they normally come. */
export const RETURN_STATUSES = [
  'requested',
  'pickup_booked',
  'label_ready',
  'in_transit',
  'received',
  'inspected',
  'refunded',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Steps from which staff may mark the parcel received, reject, and so on. */
export const RECEIVABLE: readonly ReturnStatus[] = ['requested', 'pickup_booked', 'label_ready', 'in_transit'];
export const REJECTABLE: readonly ReturnStatus[] = [...RECEIVABLE, 'received', 'inspected'];

/** The policy: a damaged or wrong item is told within this many hours of delivery (with a photo). */
const DAMAGE_REPORT_HOURS = 48;

/** Photos of the damage: at most this many per return, each at most this many bytes, images only. */
export const RETURN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const RETURN_PHOTOS_MAX = 6;
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export type ReturnPhotoType = (typeof RETURN_PHOTO_TYPES)[number];

/** The last moment a delivered order may be returned, or null when it was never delivered. */
export function returnWindowEnd(deliveredAt: number | null | undefined): number | null {
  return deliveredAt ? deliveredAt + RETURN_WINDOW_DAYS * DAY : null;
}

/** Whether a reason may still be given at `now`: damaged or wrong within 48 hours, any within the window. */
export function reasonOpen(reason: ReturnReason, deliveredAt: number, now: number): boolean {
  if (now > deliveredAt + RETURN_WINDOW_DAYS * DAY) return false;
  return reason === 'changed_mind' || now <= deliveredAt + DAMAGE_REPORT_HOURS * 60 * 60 * 1000;
}

/** Whether the shop refunds the delivery charge: only when the return is its fault. */
export const refundsDelivery = (reason: ReturnReason) => reason !== 'changed_mind';

/**
 * What a return gives back for its lines (minor units), decision recorded in docs/decisions: each line's
 * share of what the shopper paid for goods, i.e. the order's total less its delivery charge (every
 * discount, coupon, points and friend's discount, and VAT, already inside it), shared out by list value
 * (unit price × count). Gift lines at price 0 get nothing. Rounded down per return so several returns
 * of one order never exceed it; the refund that completes the order's units gets the remainder, so
 * returning everything gives back exactly what was paid for goods.
 */
export function returnGoodsAmount(
  order: { total: number; delivery: number },
  lines: ReadonlyArray<{ sku_id: number; unit_price: number; count: number }>,
  returning: ReadonlyArray<{ sku_id: number; count: number }>,
  /** The order's other returns already refunded: what they took back of each SKU and the goods money they gave. */
  earlier: { counts: ReadonlyMap<number, number>; amount: number },
): number {
  const goods = Math.max(0, order.total - order.delivery);
  const listValue = lines.reduce((n, l) => n + l.unit_price * l.count, 0);
  if (listValue === 0) return 0;
  const price = new Map(lines.map((l) => [l.sku_id, l.unit_price]));
  const value = returning.reduce((n, r) => n + (price.get(r.sku_id) ?? 0) * r.count, 0);
  const countOf = new Map(lines.map((l) => [l.sku_id, l.count]));
  const last = lines.every((l) => {
    const back = (earlier.counts.get(l.sku_id) ?? 0) + (returning.find((r) => r.sku_id === l.sku_id)?.count ?? 0);
    return l.unit_price === 0 || back >= (countOf.get(l.sku_id) ?? 0);
  });
  if (last) return Math.max(0, goods - earlier.amount);
  return Math.floor((goods * value) / listValue);
}
