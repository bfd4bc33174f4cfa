// ما يقترحه المتجر (المسألة 64): ما شاهدتِه مؤخراً و«اشترى العملاء أيضاً» أسفل المنتج أو السلة، ويُحمَّل مع قسمه.
import type { Translated } from './plural';
import type { suggestionsEn } from './suggestions.en';

export const suggestionsAr: Translated<typeof suggestionsEn> = {
  recently_viewed: 'شوهد مؤخراً',
  recently_viewed_clear: 'مسح ما شوهد مؤخراً',
  recently_viewed_cleared: 'تم مسح المنتجات التي شاهدتها مؤخراً.',
  also_bought: 'اشترى العملاء أيضاً',
  home_refills_due: 'حان وقت إعادة الطلب',
  home_buy_again: 'اطلبه مرة أخرى',
  home_suggested: 'مقترح لك',
};
