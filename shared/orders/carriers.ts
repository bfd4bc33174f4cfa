// The carriers' names as shoppers and staff read them. Brand names stay as the carriers
// write them; Kuwait Post and Saudi Post are named in each language.
import type { Lang } from '../locale';

const NAMES: Record<string, { en: string; ar: string }> = {
  aramex: { en: 'Aramex', ar: 'أرامكس' },
  dhl: { en: 'DHL', ar: 'DHL' },
  smsa: { en: 'SMSA Express', ar: 'سمسا إكسبريس' },
  naqel: { en: 'Naqel Express', ar: 'ناقل إكسبريس' },
  kuwait_post: { en: 'Kuwait Post', ar: 'بريد الكويت' },
  spl: { en: 'Saudi Post (SPL)', ar: 'البريد السعودي (سبل)' },
  shop_courier: { en: 'Gulf Vitamins courier', ar: 'مندوب خليج الفيتامينات' },
  // The carriers' codes of decision 66 (api/src/carriers/types.ts) not named above.
  own: { en: 'Gulf Vitamins courier', ar: 'مندوب خليج الفيتامينات' },
  local: { en: 'Local test carrier', ar: 'ناقل التجربة المحلي' },
};

export function carrierName(carrier: string, lang: Lang): string {
  return NAMES[carrier]?.[lang] ?? carrier;
}
