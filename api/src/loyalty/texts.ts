// The loyalty mails, in the shopper's language (issue 47): moving up a tier, the birthday points, and
// points about to expire. Points are counted with each language's plural forms (Arabic has six).
import { type CountryCode, localizePath, type Lang } from '#shared/locale';
import type { TierCode } from '#shared/loyalty/types';
import { countryDate } from '#shared/country-days';
import { textsOf } from '#shared/i18n/entry-text';
import { pointsAr } from '#shared/i18n/points.ar';
import { pointsEn } from '#shared/i18n/points.en';

const pointsEntry = textsOf(pointsEn, pointsAr);

const TIER_NAMES: Record<TierCode, Record<Lang, string>> = {
  bronze: { en: 'Bronze', ar: 'البرونزي' },
  silver: { en: 'Silver', ar: 'الفضي' },
  gold: { en: 'Gold', ar: 'الذهبي' },
};

/** "1 point", "250 points"; in Arabic its six forms: the points pages' entry. */
export const pointsText = (n: number, lang: Lang): string => pointsEntry(lang, 'points_count', { count: n });

const pointsLink = (siteOrigin: string, lang: Lang) => `${siteOrigin}${localizePath('/profile/points', lang)}`;

export function tierUpMail(lang: Lang, tier: TierCode, siteOrigin: string): { subject: string; text: string } {
  const name = TIER_NAMES[tier][lang];
  const link = pointsLink(siteOrigin, lang);
  return lang === 'ar'
    ? {
        subject: `انتقلت إلى المستوى ${name} – خليج الفيتامينات`,
        text: `شكرًا لتسوقك معنا. بلغت المستوى ${name}: تكسب نقاطًا أكثر على كل طلب، وتنال مزايا المستوى.\n\nنقاطك ومزايا مستواك:\n${link}`,
      }
    : {
        subject: `You have reached ${name} – Gulf Vitamins`,
        text: `Thank you for shopping with us. You have reached the ${name} tier: you earn more points on every order, and the tier's perks are yours.\n\nYour points and your tier's perks:\n${link}`,
      };
}

export function birthdayMail(lang: Lang, points: number, siteOrigin: string): { subject: string; text: string } {
  const link = pointsLink(siteOrigin, lang);
  return lang === 'ar'
    ? {
        subject: 'عيد ميلاد سعيد – خليج الفيتامينات',
        text: `كل عام وأنت بخير! أضفنا إلى حسابك ${pointsText(points, 'ar')} هدية بمناسبة عيد ميلادك.\n\nتصلك نقاط عيد الميلاد كل عام في يوم ميلادك، إذا كان تاريخه محفوظًا في حسابك قبل 30 يومًا على الأقل.\n\nنقاطك:\n${link}`,
      }
    : {
        subject: 'Happy birthday – Gulf Vitamins',
        text: `Happy birthday! We have added ${pointsText(points, 'en')} to your account as a gift.\n\nBirthday points arrive every year on your birthday, when the date has been saved in your account for at least 30 days.\n\nYour points:\n${link}`,
      };
}

export function expiryReminderMail(
  lang: Lang,
  points: number,
  expiresAt: number,
  country: CountryCode,
  siteOrigin: string,
): { subject: string; text: string } {
  const link = pointsLink(siteOrigin, lang);
  // The day on her country's clocks: points expiring at 00:30 in Dubai expire on Dubai's date.
  const day = countryDate(country, expiresAt);
  return lang === 'ar'
    ? {
        subject: 'نقاطك تنتهي قريبًا – خليج الفيتامينات',
        text: `تنتهي ${pointsText(points, 'ar')} من رصيدك يوم ${day}. استخدمها خصمًا على طلبك القادم قبل ذلك.\n\nنقاطك:\n${link}`,
      }
    : {
        subject: 'Your points expire soon – Gulf Vitamins',
        text: `${pointsText(points, 'en')} of your balance expire on ${day}. Use them as a discount on your next order before then.\n\nYour points:\n${link}`,
      };
}
