// Product routes of spec §7: listing with the filter model, its filters and sorts, detail by id or
// slug, SKU refresh for cart sync, and as-you-type suggestions.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { productQuerySchema, type ProductQuery } from '#shared/catalogue/filter-model';
import { cardFrom, cardColumns, firstImageColumn, imageRefs, toCard, type CardRow } from '../catalogue/cards';
import { currencyFor, currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { giveawaysFor } from '../orders/giveaways';
import { promotionRules, promotionStatements } from '../orders/promotion-data';
import { cardGates, productDetail, stockLevel } from '../catalogue/detail';
import { herProductParts } from '../catalogue/her-detail';
import { facetStatements, facets } from '../catalogue/facets';
import { suggestions } from '../search/suggestions';
import { toTestCard, type TestCardRow } from '../blood-tests/cards';
import { testSearchStatement } from '../blood-tests/list';
import { COUNTRY_FACTS } from '#shared/countries';
import { col } from '../lib/lang';
import type { BrandColumns, SkuRow } from '../catalogue/rows';
import { runListing } from '../catalogue/listing';
import { listingIn, skuPriceColumns } from '../db/country-prices';
import { REQUEST_TTL_MS } from '../alerts';
import { needsCurrency } from '../catalogue/query';
import { loadSynonyms, searchMatch, type SearchMatch } from '../catalogue/search';
import { logLowResults, rescueSearch, type Fallback } from '../catalogue/search-rescue';
import { ApiError } from '../lib/errors';
import { idOrSlug } from '../lib/params';
import { contract, parseInput } from '../contract/validate';
import { facetsSchema, listingSchema } from '../catalogue/listing-schemas';
import { productCardSchema } from '#shared/catalogue/schemas';
import {
  cartSyncSchema,
  herProductPartsSchema,
  productDetailSchema,
  suggestionsSchema,
} from '#shared/catalogue/product-responses';
import { z } from '#shared/zod';
import type { CountryCode, Lang } from '#shared/locale';
import { bearerToken, requireUser } from '../middleware/user';
import { herJson, herRows, NOBODY, passGates, readHer } from '../recommend/her-safety';
import { meByToken } from '../accounts/sessions';
import { type HerSubscription, herSubscriptionsJson } from '../subscriptions/hers-on-product';
import { gateJson } from '../consultations/practice/products';
import { sessionTokenHash } from '../accounts/tokens';
import { healthKeyring } from '../consultations/seal';
import type { AppEnv } from '../app-env';
import { herDeps, type HerDeps } from './her-deps';
import type { HerProductParts } from '#shared/catalogue/types';
import { knownLoyaltyRules, loyaltyRulesStatements, rememberLoyaltyRules } from '../loyalty/rules-read';
import { pointsForPrice } from '#shared/loyalty/rules';
import { payableMinor } from '#shared/money';
import {
  pageParams,
  filterSortQuery,
  suggestQuery,
  skuSyncSchema,
  idParams,
  notifyMeSchema,
  refParams,
} from '#shared/api/route-schemas';

export const productRoutes = new Hono<AppEnv>();

async function list(c: Context<AppEnv>, q: ProductQuery, page: number) {
  const db = c.env.DB;
  // Only a price filter needs the currency (a cold isolate reads it once then); synonyms likewise.
  const currency = needsCurrency(q) ? await currencyFor(db, c.var.country) : null;
  const search = searchMatch(q.search, q.search?.trim() ? await loadSynonyms(db) : []);
  // A search's first page also finds blood tests (shown apart from supplements): a small query over
  // about fifty rows, in the listing's batch, so no extra round trip.
  const tests = search && page === 1 ? testSearchStatement(db, q.search!, c.var.lang, c.var.country, 4) : null;
  // A search page asks for its filters with its results: one batch for both, and after a correction
  // the filters describe the corrected results.
  const withFacets = (m: SearchMatch | null) =>
    q.with_facets ? facetStatements(db, q, c.var.lang, c.var.country, m) : Promise.resolve(null);
  let facetPlan = await withFacets(search);
  const first = await runListing(db, q, c.var.lang, currency, search, page, c.var.country, [
    ...(tests ? [tests] : []),
    ...(facetPlan?.statements ?? []),
  ]);
  let run = first;
  const testRows = tests ? first.also[0]! : null;
  const blood_tests = testRows ? (testRows.results as unknown as TestCardRow[]).map(toTestCard) : [];
  let corrected = false;
  let suggestion: string | null = null;
  let fallback: Fallback | null = null;
  if (run.listing.total === 0 && search) {
    // One round trip for both the vocabulary look-up and what to show if that finds nothing either.
    // Counted as a zero-result search even if the correction finds something: the words as typed
    // found nothing, which is what merchandising wants to know.
    const rescue = await rescueSearch(
      db,
      search,
      c.var.lang,
      page === 1 ? { query: q.search!, country: c.var.country } : null,
      c.var.country,
    );
    if (rescue.correction) {
      const retryFacets = await withFacets(rescue.correction.match);
      const retry = await runListing(
        db,
        q,
        c.var.lang,
        currency,
        rescue.correction.match,
        page,
        c.var.country,
        retryFacets?.statements,
      );
      if (retry.listing.total > 0) {
        run = retry;
        facetPlan = retryFacets;
        corrected = true;
        suggestion = rescue.correction.suggestion;
      }
    }
    if (!corrected) fallback = rescue.fallback;
  } else if (search && page === 1) logLowResults(c, q.search!, run.listing.total);
  // The facets' results follow the blood tests' in the batch (the retry has no blood tests).
  const facetResults = run === first ? run.also.slice(tests ? 1 : 0) : run.also;
  const facetData = facetPlan ? facetPlan.read(facetResults) : undefined;
  return c.json(
    ok({
      ...run.listing,
      corrected,
      suggestion,
      fallback,
      blood_tests,
      blood_test_currency: COUNTRY_FACTS[c.var.country].currency,
      ...(facetData ? { facets: facetData } : {}),
    }),
  );
}

productRoutes.post(
  '/',
  contract({
    tag: 'catalogue',
    summary: 'Product listing: filters, sort and search (first page)',
    body: productQuerySchema,
    response: listingSchema,
    messages: [],
  }),
  (c) => list(c, c.req.valid('json'), 1),
);
productRoutes.post(
  '/:page{[0-9]+}',
  contract({
    tag: 'catalogue',
    summary: 'Product listing, a later page',
    body: productQuerySchema,
    params: pageParams,
    badParams: 'bad_request',
    response: listingSchema,
    messages: [],
  }),
  (c) => list(c, c.req.valid('json'), c.req.valid('param').page),
);

async function filterSort(c: Context<AppEnv>, q: ProductQuery) {
  const search = searchMatch(q.search, q.search?.trim() ? await loadSynonyms(c.env.DB) : []);
  return c.json(ok(await facets(c.env.DB, q, c.var.lang, c.var.country, search)));
}

productRoutes.get(
  '/filter-sort',
  contract({
    tag: 'catalogue',
    summary: 'Filters with counts and sorts for a listing (query `q`: the filter model as JSON)',
    query: filterSortQuery,
    response: facetsSchema,
    messages: ['validation_failed'],
  }),
  (c) => {
    // The filter model travels as JSON inside the query: parsed here, then checked like the POST body.
    const { q } = c.req.valid('query');
    let input: unknown = {};
    if (q) {
      try {
        input = JSON.parse(q);
      } catch {
        throw new ApiError(400, 'bad_request');
      }
    }
    return filterSort(c, parseInput(productQuerySchema, input));
  },
);
productRoutes.post(
  '/filter-sort',
  contract({
    tag: 'catalogue',
    summary: 'Filters with counts and sorts for a listing',
    body: productQuerySchema,
    response: facetsSchema,
    messages: [],
  }),
  (c) => filterSort(c, c.req.valid('json')),
);
productRoutes.get(
  '/search',
  contract({
    tag: 'search',
    summary: 'As-you-type suggestions: products, brands and categories',
    query: suggestQuery,
    response: suggestionsSchema,
    messages: [],
  }),
  async (c) => {
    const query = c.req.valid('query');
    return c.json(ok(await suggestions(c.env.DB, query.q, c.var.lang, c.var.country, query.limit ?? 6)));
  },
);

interface SkuSyncRow extends SkuRow, BrandColumns {
  product_id: number;
  product_slug: string;
  product_name: string;
  image: string | null;
  /** 1 when the request's country sells it (catalogue/sold-in.ts). */
  sold: number;
}

productRoutes.post(
  '/sku',
  contract({
    tag: 'cart',
    summary: "Cart sync: the cart's SKUs refreshed, giveaways and bought-together cards",
    body: skuSyncSchema,
    response: cartSyncSchema,
    messages: [],
  }),
  async (c) => {
    const input = c.req.valid('json');
    const lang = c.var.lang;
    const db = c.env.DB;
    const ids = input.ids.length ? input.ids : [-1];
    const marks = ids.map(() => '?').join(', ');
    // The country is ?1 of the SKUs' statement, its ids after it.
    const idMarks = ids.map((_, i) => `?${i + 2}`).join(', ');
    // Her suggestions are gated for her (below); no suggestions, nothing of hers to read.
    const token = input.exclude_purchase_together ? undefined : bearerToken(c);
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          // Her country's price of each size and whether it sells it (db/country-prices.ts): what it does
          // not sell comes back as not_sold, for the cart to drop and name.
          `SELECT s.id, s.${col('name', lang)} AS name, ${skuPriceColumns(c.var.country, 's')}, s.stock, s.buy_limit,
          p.id AS product_id, p.slug AS product_slug, p.${col('name', lang)} AS product_name,
          b.id AS brand_id, b.slug AS brand_slug, b.${col('name', lang)} AS brand_name,
          ${firstImageColumn(lang)}
        FROM skus s JOIN products p ON p.id = s.product_id JOIN brands b ON b.id = p.brand_id
        WHERE s.id IN (${idMarks}) AND p.is_active = 1`,
        )
        .bind(c.var.country, ...ids),
    ];
    // Giveaways (decision 33): the live gift promotions, evaluated for these SKUs (with the cart's
    // counts when sent), in the same batch; a cold isolate reads the currency in it too.
    const now = Date.now();
    let currency = knownCurrency(c.var.country);
    const promotionsAt = statements.length;
    statements.push(...promotionStatements(db, c.var.country, lang, now));
    const currencyAt = currency ? -1 : statements.length;
    if (!currency) statements.push(currencyStatement(db));
    const togetherAt = statements.length;
    if (!input.exclude_purchase_together) {
      statements.push(
        db
          .prepare(
            // What this country's shoppers bought with the cart's products (catalogue/co-purchases.ts),
            // the best first, then the hand-set lists' where the learned ones are thin.
            `WITH cart AS (SELECT product_id FROM skus WHERE id IN (${marks})),
             learned AS (SELECT related_product_id AS id, sum(score) AS score FROM co_purchases
               WHERE country = ? AND kind = 'together' AND product_id IN (SELECT product_id FROM cart) GROUP BY related_product_id),
             ranked AS (SELECT id, 0 AS source, -score AS rank FROM learned
               UNION ALL SELECT pt.related_product_id, 1, 0 FROM purchase_together pt
               WHERE pt.product_id IN (SELECT product_id FROM cart) AND pt.related_product_id NOT IN (SELECT id FROM learned))
           SELECT ${cardColumns(lang)}, ${gateJson(lang)} AS gate FROM ${cardFrom(c.var.country)} JOIN (SELECT id, min(source) AS source, min(rank) AS rank FROM ranked GROUP BY id) r ON r.id = p.id
           WHERE p.is_active = 1 AND ${listingIn(c.var.country).inStock} AND p.id NOT IN (SELECT product_id FROM cart)
           ORDER BY r.source, r.rank, p.popularity DESC, p.id LIMIT 8`,
          )
          .bind(...ids, c.var.country),
      );
    }
    // A signed-in shopper's suggestions pass the safety gates for her (recommend/her-safety.ts): she is
    // found by her session in the same batch, with what the gates read of her, and the cards carry what
    // they read of them (issue 76: one round trip).
    const herAt = token ? statements.length : -1;
    if (token)
      statements.push(
        db
          .prepare(`WITH me(id) AS (SELECT ${meByToken('?1', '?2')}) SELECT me.id, ${herJson('me.id')} AS her FROM me`)
          .bind(await sessionTokenHash(token), now),
      );
    const results = await db.batch(statements);
    // What her country does not sell leaves the cart with its reason (issue 77: a cart between
    // countries); the rest is synced as before.
    const rows = results[0]!.results as unknown as SkuSyncRow[];
    const sold = rows.filter((s) => s.sold);
    const not_sold = rows.filter((s) => !s.sold).map((s) => s.id);
    const together = input.exclude_purchase_together ? null : results[togetherAt]!;
    if (!currency) {
      rememberCurrencies(results[currencyAt]!.results);
      currency = knownCurrency(c.var.country)!;
    }
    const giveaway_items = giveawaysFor({
      rules: promotionRules(results.slice(promotionsAt, promotionsAt + 3)),
      skus: sold,
      counts: new Map(input.ids.map((id, i) => [id, input.counts?.[i] ?? 1])),
      currency,
      country: c.var.country,
      now,
    });
    const items = sold.map((s) => {
      return {
        id: s.id,
        name: s.name,
        price: { price: s.price, old_price: s.old_price },
        buy_limit: s.buy_limit,
        in_stock: s.stock > 0,
        stock_level: stockLevel(s.stock),
        product: {
          id: s.product_id,
          slug: s.product_slug,
          name: s.product_name,
          brand: { id: s.brand_id, slug: s.brand_slug, name: s.brand_name },
          images: imageRefs(s.image),
        },
      };
    });
    const togetherRows = (together?.results ?? []) as unknown as Array<CardRow & { gate?: string }>;
    let purchase_together = togetherRows.map(toCard);
    const her = herAt >= 0 ? (results[herAt]!.results[0] as { id: number | null; her: string } | undefined) : undefined;
    if (purchase_together.length) {
      // Her gates when she is signed in; anyone else's as a shopper the shop knows nothing of (decision 79).
      const safety = her?.id != null ? await readHer(db, healthKeyring(c.var.config), herRows(her.her), now) : NOBODY;
      purchase_together = passGates(cardGates(togetherRows), safety)(purchase_together);
    }
    return c.json(ok({ items, not_sold, giveaway_items, purchase_together }));
  },
);

// Notify-me (spec §4, §6): a signed-in shopper's wish to hear when a product can be bought again.
productRoutes.post(
  '/:id{[0-9]+}/notify-me',
  contract({
    tag: 'catalogue',
    summary: 'Turn notify-me on or off for a product',
    params: idParams,
    body: notifyMeSchema,
    user: true,
    response: z.object({ product_id: z.int(), will_notify: z.boolean() }),
    messages: ['notify_me_on', 'notify_me_off'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { value } = c.req.valid('json');
    const { id } = c.req.valid('param');
    const db = c.env.DB;
    const exists = await db.prepare('SELECT 1 AS ok FROM products WHERE id = ? AND is_active = 1').bind(id).first();
    if (!exists) throw new ApiError(404, 'not_found');
    // The request's language and country are the alert's (mail and push in that language, prices
    // in that country's currency). Asking again while waiting keeps the place in the queue; asking again
    // after an alert starts a new wait (a new 90 days).
    await (value
      ? db
          .prepare(
            `INSERT INTO notify_requests (user_id, product_id, created_at, lang, country) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET lang = excluded.lang, country = excluded.country, notified_at = NULL,
             created_at = CASE WHEN notified_at IS NULL THEN created_at ELSE excluded.created_at END`,
          )
          .bind(user.id, id, Date.now(), c.var.lang, c.var.country)
      : db.prepare('DELETE FROM notify_requests WHERE user_id = ? AND product_id = ?').bind(user.id, id)
    ).run();
    return c.json(ok({ product_id: id, will_notify: value }, value ? 'notify_me_on' : 'notify_me_off'));
  },
);

productRoutes.get(
  '/notify-list',
  contract({
    tag: 'catalogue',
    summary: 'Products the shopper asked to hear about',
    user: true,
    response: z.object({
      items: z.array(productCardSchema),
      expires: z.array(z.object({ product_id: z.int(), expires_at: z.int() })),
    }),
    messages: [],
  }),
  async (c) => {
    const user = await requireUser(c);
    // A request expires 90 days after it was made: the list says when, and hides expired ones.
    const { results } = await c.env.DB.prepare(
      `SELECT ${cardColumns(c.var.lang)}, n.created_at + ?2 AS notify_expires_at FROM ${cardFrom(c.var.country)} JOIN notify_requests n ON n.product_id = p.id AND n.user_id = ?1
     WHERE p.is_active = 1 AND n.created_at + ?2 > ?3 ORDER BY n.created_at DESC`,
    )
      .bind(user.id, REQUEST_TTL_MS, Date.now())
      .all<CardRow & { notify_expires_at: number }>();
    const items = results.map(toCard);
    for (const card of items) card.default_sku.will_notify = true;
    const expires = results.map((r, i) => ({ product_id: items[i]!.id, expires_at: r.notify_expires_at }));
    return c.json(ok({ items, expires }));
  },
);

/** What the gates and her places read of her, as the product's batch answers it (`herAsk`'s column). */
interface HerColumn {
  safety: unknown;
  subscribed: HerSubscription[];
}

/**
 * Her part of a product's read, found by her session: what the gates read of her;
 * her subscriptions to this product (the page's subscribe-and-save place, decision 76's amendment); each
 * card's size as the gates read it.
 */
async function herAsk(token: string | null) {
  return token
    ? {
        tokenHash: await sessionTokenHash(token),
        column: `json_object('safety', ${herJson('me.id')},
              'subscribed', ${herSubscriptionsJson('me.id', 'p.id')})`,
      }
    : null;
}

/**
 * The cards her gates keep from her, and her column's subscriptions. Her view was written in the read's
 * own batch (decision 82).
 */
async function herFinish(deps: HerDeps, her: { column: string | null }, gates: Map<number, string>, now: number) {
  const db = deps.env.DB;
  const mine = JSON.parse(her.column!) as HerColumn;
  const safety = await readHer(db, healthKeyring(deps.config), herRows(JSON.stringify(mine.safety)), now);
  return { subscribed: mine.subscribed, safe: passGates(gates, safety) };
}

/**
 * Her parts of a product alone (`only=hers`, and the door's `herParts`, door/her-parts.ts): bought
 * together gated for her, her subscriptions to it and her recently viewed, and her view written: three
 * statements in one round trip (decision 82). Throws 404 for a product that is not there, 401 for a
 * session that is no one's (her trip asks nothing else who she is, so this says it).
 */
export async function herProductAnswer(
  deps: HerDeps,
  ref: { id: number | null; slug: string },
  lang: Lang,
  country: CountryCode,
  token: string | null,
  now: number,
): Promise<HerProductParts> {
  const shopper = await herAsk(token);
  const read = await herProductParts(deps.env.DB, ref, lang, country, now, shopper, gateJson(lang));
  if (!read) throw new ApiError(404, 'not_found');
  if (read.her?.id == null) {
    if (shopper) throw new ApiError(401, 'unauthorized');
    const together = passGates(read.gates, NOBODY)(read.together);
    return { id: read.id, purchase_together: together, subscribed: [], recently_viewed: [] };
  }
  const { subscribed, safe } = await herFinish(deps, read.her, read.gates, now);
  return { id: read.id, purchase_together: safe(read.together), subscribed, recently_viewed: read.viewed };
}

/** `only=hers`: her parts alone, for her kept page's trip (decision 76), as home's `only=for_you`. */
const productDetailQuery = z.object({ only: z.enum(['hers']).optional() });

productRoutes.get(
  '/:ref/v2',
  contract({
    tag: 'catalogue',
    summary: "Product detail by id or slug, or with only=hers a signed-in shopper's parts of it alone",
    params: refParams,
    query: productDetailQuery,
    response: z.union([productDetailSchema, herProductPartsSchema]),
    messages: ['not_found', 'unauthorized'],
  }),
  async (c) => {
    const db = c.env.DB;
    const country = c.var.country;
    const now = Date.now();
    const ref = idOrSlug(c.req.valid('param').ref);
    // A signed-in shopper is found by her session in the product's own batch, with what the gates read of
    // her and of the cards, and her view is written in it (issue 76, decision 82: one round trip for the
    // page); a guest's page is everyone's and is kept at the edge.
    const deps = herDeps(c);
    if (c.req.valid('query').only === 'hers') {
      // Her kept page has the rest: her parts and her view, three statements in one round trip.
      return c.json(ok(await herProductAnswer(deps, ref, c.var.lang, country, bearerToken(c) ?? null, now)));
    }
    const shopper = await herAsk(bearerToken(c) ?? null);
    // The points each size earns (issue 61): the loyalty rules and the country's rates, cached per
    // isolate; a cold isolate reads them in the detail's own round trip.
    let loyalty = knownLoyaltyRules(country);
    let currency = knownCurrency(country);
    const statements = [...(loyalty ? [] : loyaltyRulesStatements(db)), ...(currency ? [] : [currencyStatement(db)])];
    const found = await productDetail(
      db,
      ref,
      c.var.lang,
      country,
      gateJson(c.var.lang),
      {
        statements,
        read(results) {
          let at = 0;
          if (!loyalty) {
            rememberLoyaltyRules(results[0]!.results, results[1]!.results);
            loyalty = knownLoyaltyRules(country);
            at = 2;
          }
          if (!currency) {
            rememberCurrencies(results[at]!.results);
            currency = knownCurrency(country);
          }
        },
      },
      now,
      shopper,
    );
    if (!found) throw new ApiError(404, 'not_found');
    const { detail, her, gates } = found;
    // Suggestions pass the gates: for her as her, for anyone else as a shopper the shop knows nothing of.
    const safe =
      her?.id != null
        ? await herFinish(deps, her, gates, now).then((mine) => {
            detail.subscribed = mine.subscribed;
            return mine.safe;
          })
        : passGates(gates, NOBODY);
    detail.purchase_together = safe(detail.purchase_together);
    detail.also_bought = safe(detail.also_bought);
    const rules = loyalty?.rules;
    detail.points_to_earn =
      rules?.is_active && currency
        ? Object.fromEntries(
            detail.skus.map((s) => [
              s.id,
              pointsForPrice(payableMinor(s.price.price, currency!), {
                vat_basis_points: currency!.vatBasisPoints,
                decimals: currency!.decimals,
                perUnit: rules.points_per_unit,
              }),
            ]),
          )
        : null;
    return c.json(ok(detail));
  },
);
