// The boot contract: what the storefront worker hands the browser at start (whitelisted public values
// only, never secrets or tokens). The worker builds it and the client reads it, so it lives here.
import type { PublicAnalytics } from './analytics/consent';
import type { TextArea } from './i18n/areas';
import type { CountryCore } from './countries/types';
import type { CountryCode, Lang } from './locale';

export interface PublicConfig {
  environment: string;
  /** Sentry DSN for the browser SDK, or '' when error reporting is off. */
  sentryDsn: string;
  /** Analytics (decision 35): the tracker's mode and where consent is asked; no ids or secrets. */
  analytics: PublicAnalytics;
}

export interface UserDisplay {
  id: number | string;
  name: string;
  /** '' for an account made with a phone code, until its shopper adds one. */
  email: string;
  phone?: string | null;
  /** The phone signs the account in (a code proved it). */
  phone_verified?: boolean;
  /** Her orders' updates and visit reminders go to WhatsApp too. */
  whatsapp_updates?: boolean;
  /** False for an account without a password (made with a phone code). */
  has_password?: boolean;
  /** Her mailbox proved the address (decision 85): order updates and reminders reach it only then. */
  email_proven?: boolean;
  /** Her birthday for the yearly points, 'MM-DD' (no year); null: not given (issue 47). */
  birthday?: string | null;
}

export interface BootData {
  lang: Lang;
  /** The site's own origin, for canonical and alternate links. */
  origin: string;
  /** Stylesheets of the build, rendered by the document on both sides. */
  css: string[];
  /** Dictionary areas of the page's routes besides the shell's (decision 18): the entry loads them before hydrating. */
  texts: TextArea[];
  /** SWR fallback: responses the server already fetched, keyed by API path. */
  fallback: Record<string, unknown>;
  country: CountryCode;
  /** The core rows (currency, its digits and names, dial code) of her country and of the home country,
   * whose currency a price shows before the rates load: the browser knows no other country's until a page
   * that reads every country loads the registry (shared/countries/known.ts, decision 77). Written by the
   * server's render (client/entry.server.tsx), not by the callers that hand it the rest. */
  core?: Partial<Record<CountryCode, CountryCore>>;
  user: UserDisplay | null;
  config: PublicConfig;
  /** The page came after the shell, into its own Suspense boundary (decision 41). */
  shellFirst?: true;
  /** Her kept page (decision 76): her places and their data (window.__HER__) follow the kept copy in the
   * same document; the browser reads it whole before it hydrates. The value is what her places say if
   * her parts could not load (her language's text, the same for every shopper): only the server's
   * dictionary has it, so that no page's first JavaScript carries it. */
  herParts?: string;
  /** Her places' data (client/app/her-parts.tsx): set by the browser from window.__HER__ and by the
   * storefront's render of her places; never in the kept copy's boot data. */
  her?: object;
  /** A first visit from a place the shop does not serve (issue 77): what the footer's choice of the served
   * countries says, in the page's language, from the server's dictionary (no page's JavaScript carries it). */
  unserved?: { title: string; choose: string };
  /** The browser's router's first location key: the one page her parts belong to ("default" on the server). */
  herKey?: string;
  /** The country the document's page is pinned to (`?country=` on a page that differs by country,
   * shared/seo/country-urls.ts), which its canonical URL keeps (client/ui/Seo.tsx). */
  pinned?: CountryCode;
}
