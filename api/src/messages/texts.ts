// Texts to phones in the shopper's language. A WhatsApp message is an approved template (the same name
// in English and Arabic); the text here is that template filled in, which the SMS fallback sends and
// /dev/messages shows.
import type { Lang } from '#shared/locale';

/**
 * A one-time code. The WhatsApp template is an authentication template: Meta fixes its body ("{code}
 * is your verification code. For your security, do not share this code.") and its copy-code button.
 */
export function codeText(lang: Lang, code: string): string {
  return lang === 'ar'
    ? `${code} هو رمز التحقق في خليج الفيتامينات. صالح لمدة 5 دقائق. لا تشاركه مع أحد.`
    : `${code} is your Gulf Vitamins verification code. It works for 5 minutes. Do not share it.`;
}
