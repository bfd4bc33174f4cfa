// The page's document for a session: the country list and the loaders' calls leave together, React
// streams the document (client/entry.server.tsx). Shared by a page rendered for its shopper (index.ts)
// and a signed-in shopper's kept copy (her-page.ts).
import type { Context } from 'hono';
import type { Country } from '#shared/api/schemas';
import type { Lang } from '#shared/locale';
import type { BootData } from '#shared/boot';
import { renderDocument, type RenderResult, unservedTexts } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { publicConfig } from '../config';
import type { PageApi } from '../lib/page-calls';
import type { Session } from '../lib/session';
import { currentTrips } from '../lib/log';
import { assetPlan } from './assets';

export type HtmlAnswer = (body: BodyInit | null, status: number) => Response;

/** What a document's render needs besides the session and its API client. */
interface RenderExtras {
  slow?: Promise<void>;
  waitForAll: boolean;
  herPending?: boolean;
  onError: (error: unknown) => void;
}

/**
 * Renders the page's document for this session with this API client: the country list (exchange
 * rates) leaves with the loaders' calls. Throws PricesUnavailable through the renderer when the country
 * list cannot be had.
 */
export async function renderFor(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  api: PageApi,
  extras: RenderExtras,
): Promise<RenderResult> {
  const url = new URL(c.req.url);
  const fallback: Promise<BootData['fallback']> = api.get<{ items: Country[] }>('/country').then(
    (answer) => ({ '/country': { items: answer.data.items } }),
    (error: unknown) => {
      throw new PricesUnavailable(error);
    },
  );
  // Awaited by the renderer after the loaders; a redirect or a response before that leaves it unread.
  fallback.catch(() => undefined);
  return renderDocument({
    request: c.req.raw,
    api,
    boot: {
      lang,
      origin: url.origin,
      country: session.country,
      ...(session.unserved ? { unserved: unservedTexts(lang) } : {}),
      user: session.user,
      config: publicConfig(c.var.config, url.hostname),
      css: assetPlan.css,
    },
    fallback,
    ...(extras.slow ? { slow: extras.slow } : {}),
    nonce: c.var.nonce,
    bootstrapModules: assetPlan.bootstrapModules,
    preloads: (modules) => assetPlan.preloads(modules, lang),
    styles: (modules) => assetPlan.styles(modules),
    fonts: assetPlan.fonts(lang),
    waitForAll: extras.waitForAll,
    ...(extras.herPending ? { herPending: true } : {}),
    onError: extras.onError,
  });
}

/**
 * Outside production, the request's API calls and D1 round trips as a last comment, for the bench and
 * the tests: the headers that carry them (x-api-calls, x-d1-roundtrips…) left with the shell.
 */
export function withTripCounts(c: Context<AppEnv>, stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // The request's own meter, taken now: the stream's last step may run outside the request's context.
  const trips = currentTrips();
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush(controller) {
        const d1 = c.get('d1');
        const counts = `api_calls=${trips?.calls ?? 0} api_steps=${trips?.steps ?? 0} d1_queries=${d1?.statements ?? 0} d1_roundtrips=${d1?.roundTrips ?? 0}`;
        controller.enqueue(new TextEncoder().encode(`<!--trips ${counts}-->`));
      },
    }),
  );
}

export class PricesUnavailable extends Error {
  constructor(cause: unknown) {
    super('the country list is unavailable', { cause });
  }
}
