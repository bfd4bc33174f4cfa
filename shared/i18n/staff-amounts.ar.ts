// المبالغ لكل دولة في لوحة الإدارة (القرار 54).
import type { Translated } from './plural';
import type { staffAmountsEn } from './staff-amounts.en';

export const staffAmountsAr: Translated<typeof staffAmountsEn> = {
  country_amounts_saved: 'تم حفظ المبالغ.',
  country_amount_decimals: 'لا تتجاوز عدد المنازل العشرية لعملة الدولة.',
  country_amount_quick_above_range: 'لا يمكن أن يتجاوز الاختيار السريع أعلى مبلغ في فلتر السعر.',

  st_nav_amounts: 'المبالغ لكل دولة',
  st_amounts_title: 'المبالغ لكل دولة',
  st_amounts_intro:
    'ما يراه متسوقو كل دولة وما تُقارن به سلالهم، بعملة تلك الدولة وشاملًا ضريبة القيمة المضافة. لا يُحوَّل شيء هنا: مبالغ كل دولة بعملتها.',
  st_amounts_country: '{{country}} ({{currency}})',
  st_amounts_free_delivery: 'توصيل مجاني عند بلوغ مجموع السلة',
  st_amounts_free_delivery_hint: 'يعدّ الشريط والسلة و«أضف … للتوصيل المجاني» تنازليًا حتى هذا المبلغ.',
  st_amounts_price_quick_max: 'الاختيار السريع في فلتر السعر: «أقل من …»',
  st_amounts_price_range_max: 'أعلى مبلغ في فلتر السعر',
  st_amounts_unlock_margin: '«احصل على التوصيل المجاني» يقترح منتجات حتى المبلغ الناقص زائد',
  st_amounts_wallet_top_up_max: 'أكبر شحن واحد للمحفظة',
  st_amounts_save: 'حفظ مبالغ {{country}}',
  country_cash_saved: 'تم حفظ إعدادات الدفع عند الاستلام.',
  st_amounts_cod_title: 'الدفع عند الاستلام',
  st_amounts_cod_enabled: 'إتاحة الدفع عند الاستلام في {{country}}',
  st_amounts_cod_max: 'أعلى مجموع طلب يُدفع نقدًا',
  st_amounts_cod_max_hint:
    'ما يحصّله المندوب، بعملة هذه الدولة. اتركه فارغًا لعدم وضع حد. فوقه يرى المتسوقون أن الدفع عند الاستلام غير متاح ويدفعون بطريقة أخرى.',
  st_amounts_cod_save: 'حفظ الدفع عند الاستلام في {{country}}',
};
