// Mail texts in the shopper's language.
import type { Lang } from '../../../shared/locale';

export function resetMail(lang: Lang, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'إعادة تعيين كلمة المرور – خليج الفيتامينات',
        text: `طلبتَ إعادة تعيين كلمة المرور. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:\n\n${link}\n\nإذا لم تطلب ذلك، تجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Reset your password – Gulf Vitamins',
        text: `You asked to reset your password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask for this, ignore this message.`,
      };
}
