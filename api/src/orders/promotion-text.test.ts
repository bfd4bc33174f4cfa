import { describe, expect, it } from 'vitest';
import { formatMinor } from '#shared/money';
import { promotionMailLines, promotionReasonText } from '../mail/promotion-text';

const kwd = (lang: 'en' | 'ar') => (minor: number) => formatMinor(minor, 'KWD', lang, 'KW');

describe('promotion reasons as text', () => {
  it('fills in money and picks the plural form in both languages', () => {
    expect(promotionReasonText('en', { key: 'promo_threshold_applied', params: { amount: 20_000 } }, kwd('en'))).toBe(
      `Free gift: your cart is over ${kwd('en')(20_000)}`,
    );
    expect(
      promotionReasonText('en', { key: 'promo_bxgy_applied', params: { buy: 2, free: 1, count: 1 } }, kwd('en')),
    ).toBe('Buy 2 get 1: 1 item free');
    expect(
      promotionReasonText('en', { key: 'promo_bxgy_applied', params: { buy: 2, free: 1, count: 2 } }, kwd('en')),
    ).toBe('Buy 2 get 1: 2 items free');
    expect(promotionReasonText('ar', { key: 'promo_gwp_applied', params: { count: 2 } }, kwd('ar'))).toBe(
      'هديتان مجانيتان مع مشترياتك',
    );
    expect(promotionReasonText('ar', { key: 'promo_threshold_short', params: { amount: 2_500 } }, kwd('ar'))).toContain(
      kwd('ar')(2_500),
    );
  });

  it('lists gifts as free and free units with their discount in the mail', () => {
    const lines = promotionMailLines(
      'en',
      [
        {
          promotion_id: 1,
          kind: 'gift_threshold',
          name: 'Gift',
          discount: 0,
          reason: { key: 'promo_threshold_applied', params: { amount: 20_000 } },
          gift: {
            promotion_id: 1,
            sku_id: 9,
            product_id: 3,
            slug: 'c',
            name: 'Vitamin C',
            sku_name: '100 tablets',
            image: null,
            count: 1,
            unit_price: 0,
            line_total: 0,
          },
        },
        {
          promotion_id: 2,
          kind: 'buy_x_get_y',
          name: 'Buy 2 get 1',
          discount: 3_500,
          reason: { key: 'promo_bxgy_applied', params: { buy: 2, free: 1, count: 1 } },
          gift: null,
        },
      ],
      kwd('en'),
    );
    expect(lines).toEqual([
      `- Vitamin C (100 tablets) × 1: Free (Free gift: your cart is over ${kwd('en')(20_000)})`,
      `- Buy 2 get 1: -${kwd('en')(3_500)} (Buy 2 get 1: 1 item free)`,
    ]);
  });
});
