// رسالة إضافة عدة منتجات إلى السلة دفعة واحدة؛ تُحمَّل مع الرسالة نفسها (client/cart/added-toast.ts).
import type { Translated } from './plural';
import type { cartAddedEn } from './cart-added.en';

export const cartAddedAr: Translated<typeof cartAddedEn> = {
  items_added_to_cart: {
    zero: 'لم يُضف أي منتج إلى السلة',
    one: 'تمت إضافة منتج واحد إلى السلة',
    two: 'تمت إضافة منتجين إلى السلة',
    few: 'تمت إضافة {{count}} منتجات إلى السلة',
    many: 'تمت إضافة {{count}} منتجًا إلى السلة',
    other: 'تمت إضافة {{count}} منتج إلى السلة',
  },
};
