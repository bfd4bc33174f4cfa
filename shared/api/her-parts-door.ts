// Her parts of a page through the API's door (decision 80): the storefront asks the API's StorefrontDoor
// entrypoint for a signed-in shopper's own parts of her kept page (her home's sections, her parts of a
// product) by a method call over the service binding, not an HTTP request: no request to build and
// route, no bundle, no envelope to write and parse, no middleware chain run twice. This is the call's
// contract, for both workers; the answers are the same data as GET /homepage/v4?only=for_you and
// GET /product/{ref}/v2?only=hers (their contracts beside their routes), which stay for every other caller.
import type { Country } from '#shared/api/schemas';
import type { HerProductParts } from '#shared/catalogue/types';
import type { CountryCode, Lang } from '#shared/locale';

export interface HerPartsAsk {
  /** Her session's token: the API finds her by it, in the same statements that read her parts. */
  token: string;
  lang: Lang;
  country: CountryCode;
  /** Her session's D1 bookmark: her parts are read from a state at least this recent (decision 40). */
  bookmark: string | null;
  /** The storefront's x-reqid, for both workers' log lines. */
  requestId: string;
  /** Her home's sections. */
  home: boolean;
  /** Her parts of the product with this slug or id, as the page's path has it (decoded). */
  product: string | null;
  /** The country list too (GET /country's items): her cards' prices need it, and the storefront's
   * isolate has no copy of it yet (worker/cache/country-list.ts). */
  countries: boolean;
  /** Outside production: the bench's simulated D1 round trip, and whether to name the statements run. */
  meter: { d1RttMs: number; sql: boolean } | null;
}

/** What D1 work the call did, outside production (the bench's and the tests' x-d1-* counts). */
export interface HerPartsCounts {
  statements: number;
  roundTrips: number;
  sql?: string[];
}

export type HerPartsAnswer =
  | {
      status: 200;
      home?: { sections: unknown[] };
      product?: HerProductParts;
      countries?: { items: Country[] };
      /** Her D1 session's bookmark after the reads. */
      bookmark: string | null;
      d1?: HerPartsCounts;
      key?: never;
    }
  /**
   * Refused or failed, with the status and message key the same trouble gets over HTTP (the API's
   * errorAnswer): 401 `unauthorized`, her session is no one's; 404 `not_found`, no such product (both
   * with the country list when it was asked for); 503 `service_busy`, 500 `server_error`: the API's.
   */
  | { status: number; key: string; countries?: { items: Country[] }; d1?: HerPartsCounts };

/** The door's method, as the storefront's binding offers it. */
export interface HerPartsDoor {
  herParts(ask: HerPartsAsk): Promise<HerPartsAnswer>;
}
