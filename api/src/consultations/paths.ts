// The storefront paths a consultation's mails, payments and calendar entry link to.
import { type Lang, localizePath } from '#shared/locale';

/** Where the shopper's browser returns after the gateway's page: the consultation's page. */
export function consultationReturnPath(lang: Lang, id: number): string {
  return localizePath(`/profile/consultations/${id}`, lang);
}

/** Where a package's payment returns to (and a package paid from the wallet lands): what she bought. */
export function packageReturnPath(lang: Lang, creditId: number): string {
  return `${localizePath('/consultation/package', lang)}?id=${creditId}`;
}

/** A nutritionist's booking page with the service chosen: "Book your first session". */
export function bookingPath(lang: Lang, nutritionistId: number, serviceId: number): string {
  return `${localizePath(`/consultation/book/${nutritionistId}`, lang)}?service=${serviceId}`;
}
