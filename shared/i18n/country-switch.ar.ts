// ما يظهر أثناء تبديل الدولة ريثما تصل أسعار الدولة الجديدة (القرار 77)، ويُحمَّل مع التبديل نفسه.
import type { countrySwitchEn } from './country-switch.en';
import type { Translated } from './plural';

export const countrySwitchAr: Translated<typeof countrySwitchEn> = {
  price_pending: '…',
  price_pending_label: 'جارٍ تحميل السعر',
};
