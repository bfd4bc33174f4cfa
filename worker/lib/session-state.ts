// One request's session as the worker holds it: the tokens from the httpOnly cookies, the readable
// user, the language and country. Its own module: the request's context type (app-env.ts) carries it,
// and the session module (session.ts) that decides it takes that context.
import type { UserDisplay } from '#shared/boot';
import type { CountryCode, Lang } from '#shared/locale';

export interface Session {
  secure: boolean;
  deviceToken: string | null;
  userToken: string | null;
  user: UserDisplay | null;
  /** When the auth cookie ends (ms), as recorded in the user cookie: a rewrite never goes past it. */
  userExpires: number | null;
  lang: Lang;
  country: CountryCode;
  /**
   * A first visit from a place the shop does not serve (issue 77): no country chosen yet, and Cloudflare
   * placed her in a country that is not one of the shop's (or in none it knows, `XX`). The page is the
   * home country's and its footer offers the served countries to choose from; never a kept copy.
   */
  unserved?: true;
  /** The D1 bookmark of the last state the API answered her with (read-your-writes on replicas). */
  bookmark: string | null;
}
