// What the guest's confirmation mail says (proof.ts), in the language of the page she was on.
import type { Lang } from '#shared/locale';

/**
 * The one mail asking a guest's address whether it wants cart reminders (proof.ts). It names no cart and
 * no product (whoever typed the address may not be its owner), and pressing nothing means nothing more.
 */
export function confirmMail(lang: Lang, confirmUrl: string): { subject: string; text: string } {
  if (lang === 'ar')
    return {
      subject: 'هل تريد تذكيرًا بسلتك من خليج الفيتامينات؟',
      text: [
        'أُدخل عنوان بريدك هذا عند إتمام طلب في خليج الفيتامينات، مع طلب تذكيرك بالسلة إن تركتها.',
        `لتلقّي هذه التذكيرات، أكّد أن العنوان عنوانك: ${confirmUrl}`,
        '',
        'إن لم تكن أنت، فتجاهل هذه الرسالة: لن تصلك منا رسائل تذكير، ولن نرسل هذه الرسالة مرة أخرى قبل شهر.',
      ].join('\n'),
    };
  return {
    subject: 'Cart reminders from Gulf Vitamins?',
    text: [
      'This address was given at checkout at Gulf Vitamins, to be reminded of a cart left behind.',
      `To get those reminders, confirm the address is yours: ${confirmUrl}`,
      '',
      'If it was not you, ignore this mail: you will get no reminders, and we will not ask again for a month.',
    ].join('\n'),
  };
}
