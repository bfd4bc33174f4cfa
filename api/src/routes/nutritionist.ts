import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { OFFER_FILTER_DAYS } from '#shared/consultations/facts';
import type { NutritionistFilterInput } from '#shared/consultations/schemas';
import type { NutritionistBooking } from '#shared/consultations/types';
import {
  consultationSlotsSchema,
  nutritionistAllSchema,
  nutritionistDetailSchema,
  nutritionistListSchema,
} from '#shared/consultations/answer-schemas';
import { addDays, CONSULTATION_RULES, practiceDate } from '#shared/consultations/rules';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { col } from '../lib/lang';
import { portrait } from '../media/refs';
import { ApiError } from '../lib/errors';
import { idOrSlug, paged } from '../lib/params';
import { contract } from '../contract/validate';
import { tokenHash } from '../accounts/tokens';
import { currentUser } from '../middleware/user';
import type { AppEnv } from '../app-env';
import type { InLanguage, NutritionistRow } from '../db/rows';
import {
  freeDays,
  freeOnDay,
  nextFreeOf,
  type Offer,
  offerOf,
  offerStatements,
  slotDays,
  toService,
} from '../consultations/offer';
import { nutritionistFilterSchema, consultationIdParams, slotsQuerySchema } from '#shared/consultations/schemas';
import { pageParams, refParams } from '#shared/api/route-schemas';

const PER_PAGE = 12;

// What a shopper chooses a nutritionist by (issue 46) comes with the profile: gender, languages and
// qualifications from the row; services priced in the request's country and the next free time from
// the offer (consultations/offer.ts), read in the same D1 batch.
const SELECT = (
  lang: Lang,
) => `SELECT n.id, n.slug, n.${col('name', lang)} AS name, n.${col('title', lang)} AS title, n.${col('bio', lang)} AS bio,
  n.photo_key, n.years_experience, n.gender, n.languages, n.${col('qualifications', lang)} AS qualifications FROM nutritionists n`;

/** What SELECT reads: a nutritionist in the request's language. */
type NutritionistListRow = Omit<
  InLanguage<NutritionistRow, 'name' | 'title' | 'bio'>,
  'sort_order' | 'qualifications_en' | 'qualifications_ar' | 'staff_id' | 'shop_share_bp'
> & { qualifications: string };

function toNutritionist(r: NutritionistListRow, offer: Offer, country: CountryCode, now: number) {
  const { photo_key, languages, ...rest } = r;
  const services = offer.services.filter((s) => s.nutritionist_id === r.id).map((s) => toService(s, country));
  const next = nextFreeOf(offer, r.id, now);
  const booking: NutritionistBooking = {
    gender: r.gender,
    languages: languages.split(',').filter(Boolean),
    qualifications: r.qualifications,
    services,
    next_free_at: next === null ? null : new Date(next).toISOString(),
    bookable: offer.staffed.has(r.id) && services.length > 0,
  };
  return { ...rest, photo: portrait(photo_key, r.name), ...booking };
}

async function list(c: Context<AppEnv>, input: NutritionistFilterInput, page: number) {
  const { sort, language, gender, day } = input;
  const dir = sort?.value === 'desc' ? 'DESC' : 'ASC';
  const order = {
    name: `name ${dir}`,
    experience: `n.years_experience ${sort ? dir : 'DESC'}`,
    order: `n.sort_order ${dir}`,
    next_free: 'n.sort_order',
  }[sort?.key ?? 'order'];
  const now = Date.now();
  const db = c.env.DB;
  const user = await currentUser(c);
  // Every nutritionist and the offer of all of them in one batch: the filters (a free time on a day)
  // are computed, so the page is cut after them. The shop has tens of nutritionists, not thousands.
  const [rows, ...offerResults] = await db.batch([
    db
      .prepare(
        `${SELECT(c.var.lang)} WHERE (?1 IS NULL OR n.gender = ?1) AND (?2 IS NULL OR (',' || n.languages || ',') LIKE '%,' || ?2 || ',%')
         ORDER BY ${order}, n.id`,
      )
      .bind(gender ?? null, language ?? null),
    ...offerStatements(db, {
      nutritionistId: null,
      country: c.var.country,
      lang: c.var.lang,
      now,
      exceptUser: user?.id,
    }),
  ]);
  const offer = offerOf(offerResults);
  let found = rows!.results as NutritionistListRow[];
  // The days the other filters leave a free time on, for the day filter to offer (none: it says so).
  const free_days = freeDays(offer, new Set(found.map((r) => r.id)), practiceDate(now), OFFER_FILTER_DAYS, now);
  if (day) found = found.filter((r) => freeOnDay(offer, r.id, day, now));
  let items = found.map((r) => toNutritionist(r, offer, c.var.country, now));
  if (sort?.key === 'next_free') {
    const key = (n: { next_free_at: string | null }) =>
      n.next_free_at ? Date.parse(n.next_free_at) : Number.MAX_SAFE_INTEGER;
    items = items.sort((a, b) => (key(a) - key(b)) * (sort.value === 'desc' ? -1 : 1));
  }
  return c.json(
    ok({ ...paged(items.slice((page - 1) * PER_PAGE, page * PER_PAGE), page, PER_PAGE, items.length), free_days }),
  );
}

function ratingsOf(r: { count: number; average: number | null; latest: string }) {
  return {
    count: r.count,
    /** One decimal, as the product cards show theirs; null without a shown rating. */
    average: r.average === null ? null : Math.round(r.average * 10) / 10,
    latest: (JSON.parse(r.latest) as Array<{ rating: number; body: string; lang: Lang; at: number }>).map((x) => ({
      rating: x.rating,
      body: x.body,
      lang: x.lang,
      at: new Date(x.at).toISOString(),
    })),
  };
}

export const nutritionistRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'catalogue',
      summary: 'All nutritionists',
      response: nutritionistAllSchema,
      messages: [],
    }),
    async (c) => {
      const db = c.env.DB;
      const now = Date.now();
      const [rows, ...offerResults] = await db.batch([
        db.prepare(`${SELECT(c.var.lang)} ORDER BY n.sort_order, n.id`),
        ...offerStatements(db, { nutritionistId: null, country: c.var.country, lang: c.var.lang, now }),
      ]);
      const offer = offerOf(offerResults);
      return c.json(
        ok({
          items: (rows!.results as NutritionistListRow[]).map((r) => toNutritionist(r, offer, c.var.country, now)),
        }),
      );
    },
  )
  .post(
    '/list',
    contract({
      tag: 'catalogue',
      summary:
        "Nutritionists, sorted and paged (first page), each with gender, languages, qualifications, the services priced in the request's country and the next free time; filters: language, gender, a Gulf day with a free time",
      body: nutritionistFilterSchema,
      response: nutritionistListSchema,
      messages: [],
    }),
    (c) => list(c, c.req.valid('json'), 1),
  )
  .post(
    '/list/:page{[0-9]+}',
    contract({
      tag: 'catalogue',
      summary: 'Nutritionists, a later page (the same filters)',
      body: nutritionistFilterSchema,
      params: pageParams,
      badParams: 'bad_request',
      response: nutritionistListSchema,
      messages: [],
    }),
    (c) => list(c, c.req.valid('json'), c.req.valid('param').page),
  )
  .get(
    '/:id{[0-9]+}/slots',
    contract({
      tag: 'consultations',
      summary:
        "A service's free start times, day by day in Gulf time (`from` YYYY-MM-DD, `days` up to 14): each with its end and clock time; a day off says so. Times the shopper herself holds count as free",
      params: consultationIdParams,
      badParams: 'not_found',
      query: slotsQuerySchema,
      response: consultationSlotsSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const q = c.req.valid('query');
      const now = Date.now();
      // Her own live hold is not taken for her: she is found by her token inside the batch, so the page
      // that shows the times stays within its round trips.
      const token = /^Bearer ([0-9a-f]{64})$/.exec(c.req.header('authorization') ?? '')?.[1];
      const offer = offerOf(
        await c.env.DB.batch(
          offerStatements(c.env.DB, {
            nutritionistId: id,
            country: c.var.country,
            lang: c.var.lang,
            now,
            exceptSession: token ? await tokenHash(token) : null,
          }),
        ),
      );
      const service = offer.services.find((s) => s.id === q.service_id);
      if (!service) throw new ApiError(404, 'not_found');
      const from = q.from ?? practiceDate(now);
      const days = Math.min(q.days, CONSULTATION_RULES.maxDaysPerAnswer);
      return c.json(
        ok({
          nutritionist_id: id,
          service: toService(service, c.var.country),
          bookable: offer.staffed.has(id),
          horizon_ends: addDays(practiceDate(now), CONSULTATION_RULES.horizonDays - 1),
          days: slotDays(offer, service, from, days, now),
        }),
      );
    },
  )
  .get(
    '/:ref',
    contract({
      tag: 'catalogue',
      summary:
        "A nutritionist with their product lists, by id or slug: gender, languages, qualifications, services and packages priced in the request's country, the next free time, and the shown ratings of their consultations",
      params: refParams,
      response: nutritionistDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const ref = idOrSlug(c.req.valid('param').ref);
      const lang = c.var.lang;
      const country = c.var.country;
      const db = c.env.DB;
      const now = Date.now();
      const nid = '(SELECT id FROM nutritionists WHERE slug = ?1 OR id = ?2)';
      const [profile, lists, items, packages, ratings, ...offerResults] = await db.batch([
        db.prepare(`${SELECT(lang)} WHERE n.id = ${nid}`).bind(ref.slug, ref.id ?? -1),
        db
          .prepare(
            `SELECT id, ${col('name', lang)} AS name FROM nutritionist_lists WHERE nutritionist_id = ${nid} ORDER BY sort_order, id`,
          )
          .bind(ref.slug, ref.id ?? -1),
        db
          .prepare(
            `SELECT li.list_id, li.${col('note', lang)} AS note, ${cardColumns(lang)} FROM ${cardFrom(country)}
           JOIN nutritionist_list_items li ON li.product_id = p.id
           WHERE li.list_id IN (SELECT id FROM nutritionist_lists WHERE nutritionist_id = ${nid}) AND p.is_active = 1
           ORDER BY li.list_id, li.sort_order`,
          )
          .bind(ref.slug, ref.id ?? -1),
        db
          .prepare(
            `SELECT pk.id, pk.service_id, pk.sessions, pk.${col('name', lang)} AS name, pp.price
           FROM consultation_packages pk JOIN consultation_package_prices pp ON pp.package_id = pk.id AND pp.country = ?1
           JOIN consultation_services s ON s.id = pk.service_id AND s.active = 1
           WHERE pk.active = 1 AND s.nutritionist_id = (SELECT id FROM nutritionists WHERE slug = ?2 OR id = ?3) ORDER BY pk.id`,
          )
          .bind(country, ref.slug, ref.id ?? -1),
        // Shown ratings of their consultations (approved by the reviews' moderation): the summary and the latest.
        db
          .prepare(
            `SELECT (SELECT count(*) FROM consultation_ratings WHERE nutritionist_id = ${nid} AND status = 'approved') AS count,
             (SELECT avg(rating) FROM consultation_ratings WHERE nutritionist_id = ${nid} AND status = 'approved') AS average,
             (SELECT json_group_array(json_object('rating', rating, 'body', body, 'lang', lang, 'at', created_at)) FROM
               (SELECT rating, body, lang, created_at FROM consultation_ratings WHERE nutritionist_id = ${nid} AND status = 'approved'
                ORDER BY created_at DESC LIMIT 5)) AS latest`,
          )
          .bind(ref.slug, ref.id ?? -1),
        ...offerStatements(db, { nutritionistId: { slug: ref.slug, id: ref.id ?? -1 }, country, lang, now }),
      ]);
      const row = profile!.results[0] as NutritionistListRow | undefined;
      if (!row) throw new ApiError(404, 'not_found');
      const offer = offerOf(offerResults);
      const offered = new Set(offer.services.map((s) => s.id));
      const itemRows = items!.results as unknown as Array<CardRow & { list_id: number; note: string }>;
      return c.json(
        ok({
          ...toNutritionist(row, offer, country, now),
          packages: (
            packages!.results as Array<{
              id: number;
              service_id: number;
              sessions: number;
              name: string;
              price: number;
            }>
          )
            .filter((p) => offered.has(p.service_id))
            .map((p) => ({ ...p, currency: COUNTRY_FACTS[country].currency })),
          ratings: ratingsOf(ratings!.results[0] as { count: number; average: number | null; latest: string }),
          lists: (lists!.results as Array<{ id: number; name: string }>).map((l) => ({
            ...l,
            items: itemRows.filter((i) => i.list_id === l.id).map((i) => ({ note: i.note, product: toCard(i) })),
          })),
        }),
      );
    },
  );
