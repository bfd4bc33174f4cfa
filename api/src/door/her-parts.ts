// The storefront's door's one method (decision 80): a signed-in shopper's own parts of her kept page,
// asked by a method call over the service binding instead of a bundle of HTTP calls. It gives her
// request what the app's middlewares give a read (api/src/index.ts): the configuration, her language
// and country as the headers would set them, her D1 session from her bookmark (decision 40), D1's
// passing failures retried, the statements counted outside production (with the bench's simulated
// distance), and one log line under the storefront's request id. What the middlewares do that this call
// has no use for: the signature (only the storefront's binding reaches the door, decision 78), a
// device's token (her session's token is what the statements find her by), mail and messages after the
// answer (a read sends none). The answers are the routes' own (routes/home.ts herHomeSections,
// routes/product.ts herProductAnswer), so the two ways in cannot drift.
import { isBookmark } from '#shared/api/d1-bookmark';
import type { HerPartsAnswer, HerPartsAsk, HerPartsCounts } from '#shared/api/her-parts-door';
import type { Country } from '#shared/api/schemas';
import { DEFAULT_COUNTRY, isCountryCode, isLang } from '#shared/locale';
import { requestIdFrom } from '#shared/observability/request-id';
import { reportServerError } from '#shared/observability/report-error';
import { retryingDatabase } from '../db/transient';
import { errorAnswer } from '../contract/error-answer';
import { apiConfig } from '../lib/config';
import { derivedEnv } from '../lib/derived-env';
import type { HerDeps } from '../routes/her-deps';
import { log, runRequest } from '../lib/log';
import { idOrSlug } from '../lib/params';
import { sessionDatabase } from '../middleware/d1-session';
import { countingDatabase, type QueryCount } from '../middleware/query-count';
import { countryItems } from '../routes/country';
import { herHomeSections } from '../routes/home';
import { herProductAnswer } from '../routes/product';

/** How the method names itself in its log line and error reports. */
const DOOR_REQUEST = { method: 'RPC', path: 'herParts' };

export async function herParts(base: ApiEnv, ask: HerPartsAsk): Promise<HerPartsAnswer> {
  const config = apiConfig(base);
  const count: QueryCount | null =
    config.ENVIRONMENT === 'production'
      ? null
      : { statements: 0, roundTrips: 0, ...(ask.meter?.sql ? { sql: new Set<string>() } : {}) };
  const counts = (): { d1?: HerPartsCounts } =>
    count
      ? {
          d1: {
            statements: count.statements,
            roundTrips: count.roundTrips,
            ...(count.sql ? { sql: [...count.sql] } : {}),
          },
        }
      : {};
  let answer: HerPartsAnswer = { status: 503, key: 'service_busy' };
  await runRequest(
    requestIdFrom(ask.requestId),
    async () => {
      const lang = isLang(ask.lang) ? ask.lang : 'en';
      const country = isCountryCode(ask.country) ? ask.country : DEFAULT_COUNTRY;
      const now = Date.now();
      // Read beside her parts when asked for, and sent with a 401 or a 404 too (her page's prices).
      let listing: Promise<Country[] | null> = Promise.resolve(null);
      const listed = async () => {
        const items = await listing;
        return items ? { countries: { items } } : {};
      };
      try {
        // The same wrappers, in the same order, as the middlewares: counted, her session, then retried.
        const db = count ? countingDatabase(base.DB, count, ask.meter?.d1RttMs ?? 0) : base.DB;
        const session = db.withSession(isBookmark(ask.bookmark) ? ask.bookmark : 'first-unconstrained');
        const env = derivedEnv(base, { DB: retryingDatabase(sessionDatabase(db, session)) });
        const deps: HerDeps = { env, config };
        if (ask.countries) listing = countryItems(env.DB);
        // Settled alone, so that her parts' failure never leaves it rejecting unheard.
        listing.catch(() => undefined);
        const [home, product] = await Promise.all([
          ask.home ? herHomeSections(deps, ask.token, lang, country, now) : null,
          ask.product !== null ? herProductAnswer(deps, idOrSlug(ask.product), lang, country, ask.token, now) : null,
        ]);
        answer = {
          status: 200,
          ...(home ? { home: { sections: home } } : {}),
          ...(product ? { product } : {}),
          ...(await listed()),
          bookmark: session.getBookmark(),
          ...counts(),
        };
      } catch (error) {
        // As the app answers the same trouble over HTTP (its onError): a refusal (401: her session is no
        // one's; 404: no such product) with the list her page's prices need, D1 busy (503), or a bug
        // (500, reported), never a refusal that would sign her out.
        const { status, key, kind } = errorAnswer(error);
        if (kind === 'busy') log.warn('database unavailable for a moment', { path: 'herParts', error });
        if (kind === 'bug') reportServerError({ log, message: 'api error', dsn: base.SENTRY_DSN }, DOOR_REQUEST, error);
        const list = kind === 'refusal' ? await listed().catch(() => ({})) : {};
        answer = { status, key, ...list, ...counts() };
      }
    },
    () => ({ ...DOOR_REQUEST, status: answer.status }),
  );
  return answer;
}
