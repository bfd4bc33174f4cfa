// The storefront paths a consultation's mails, payments and calendar entry link to.
import { type Lang, localizePath } from '#shared/locale';

/** Where the shopper's browser returns after the gateway's page: the consultation's page. */
export function consultationReturnPath(lang: Lang, id: number): string {
  return localizePath(`/profile/consultations/${id}`, lang);
}
