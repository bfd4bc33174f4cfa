// A sale's figures for its e-invoice from the shop's own priced totals (api/src/orders/pricing.ts's), so
// the document's lines, allowances and total are the ones the shopper saw and paid: each line's total,
// the delivery fee as a line of its own, then the promotion's free units, the coupon, a friend's
// referral discount and points spent as document allowances. Wallet use is a means of payment, not a
// price: it changes no figure. The texts (item names, reasons) come from the caller, in the seller's
// language of record.
import type { DocumentInput } from './document';

export interface SaleTexts {
  /** Each priced line's name, in the order of `totals.lines`. */
  lineNames: readonly string[];
  delivery: string;
  promotion: string;
  coupon: string;
  referral: string;
  points: string;
}

export type SaleFigures = Pick<DocumentInput, 'lines' | 'allowances' | 'total'>;

/** What the figures need of pricing's `Totals` (structural: this folder sits below orders/). */
interface SaleTotals {
  lines: readonly { count: number; line_total: number }[];
  delivery: number;
  discount: number;
  promotion_discount: number;
  referral_discount: number;
  points_discount: number;
  total: number;
}

export function saleFigures(totals: SaleTotals, texts: SaleTexts): SaleFigures {
  if (texts.lineNames.length !== totals.lines.length) throw new RangeError('one name for each line');
  const lines = totals.lines.map((line, i) => ({
    name: texts.lineNames[i] ?? '',
    count: line.count,
    gross: line.line_total,
  }));
  if (totals.delivery > 0) lines.push({ name: texts.delivery, count: 1, gross: totals.delivery });
  const allowances = [
    { reason: texts.promotion, gross: totals.promotion_discount },
    { reason: texts.coupon, gross: totals.discount - totals.promotion_discount },
    { reason: texts.referral, gross: totals.referral_discount },
    { reason: texts.points, gross: totals.points_discount },
  ].filter((a) => a.gross > 0);
  return { lines, allowances, total: totals.total };
}
