// The request's language and country, from the headers the storefront sends (spec §7).
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_COUNTRY, isCountryCode, isLang } from '#shared/locale';
import type { LocaleVariables } from '#api/src/app-env';

export function requestLocale(): MiddlewareHandler<{ Variables: LocaleVariables }> {
  return async function requestLocaleHandler(c, next) {
    const lang = c.req.header('lang');
    const country = c.req.header('x-country');
    c.set('lang', isLang(lang) ? lang : 'en');
    c.set('country', isCountryCode(country) ? country : DEFAULT_COUNTRY);
    await next();
  };
}
