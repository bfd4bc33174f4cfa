// The shopper's addresses (spec §7 /user/address…). Every route acts on the signed-in user's own rows
// only: another user's id answers 404, exactly like an id that does not exist.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { nationalNumber, PHONE_RULES, type AddressInput, addressSchema } from '#shared/api/account-schemas';
import { col } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import type { AppEnv } from '../app-env';
import type { AddressPlaceNames, AddressRow } from '../db/rows';
import { idParams } from '#shared/api/route-schemas';
import { addressListSchema } from '#shared/api/address-responses';
import { z } from '#shared/zod';
import { ADDRESS } from '#shared/countries/address';

/** Removing an address: one operation, as a link (GET) and as a form (POST), so one contract. */
const removeContract = contract({
  tag: 'addresses',
  summary: 'Remove an address',
  params: idParams,
  user: true,
  response: z.object({ removed: z.int().positive() }),
  messages: [],
});

/** What a change answers: the address's id (decision 68: the route's response schema). */
const addressId = z.object({ id: z.int().positive() });

const FIELDS = [
  'area_id',
  'block',
  'street',
  'avenue',
  'building',
  'floor',
  'apartment',
  'city_id',
  'district',
  'building_number',
  'postal_code',
  'short_address',
  'makani',
] as const;

function columns(input: AddressInput) {
  const v = input as Record<string, unknown>;
  const phone = `${PHONE_RULES[input.country].dial}${nationalNumber(input.phone)}`;
  return {
    country: input.country,
    label: input.label ?? '',
    recipient: input.recipient,
    phone,
    ...Object.fromEntries(FIELDS.map((f) => [f, v[f] ?? null])),
  };
}

async function assertPlace(c: Context<AppEnv>, input: AddressInput): Promise<void> {
  // The country's address form says where its place is: an area, or a carrier's city of that country.
  const { zone, placeField } = ADDRESS[input.country];
  const placeId = (input as Record<string, unknown>)[placeField];
  const row =
    zone === 'area'
      ? await c.env.DB.prepare('SELECT 1 AS ok FROM areas WHERE id = ?').bind(placeId).first()
      : await c.env.DB.prepare(
          'SELECT 1 AS ok FROM dhl_cities c JOIN dhl_countries k ON k.id = c.dhl_country_id WHERE c.id = ? AND k.code = ?',
        )
          .bind(placeId, input.country)
          .first();
  if (!row)
    throw new ApiError(400, 'validation_failed', {
      fields: [{ field: placeField, code: 'unknown', message: 'item_validation_error' }],
    });
}

async function ownAddress(c: Context<AppEnv>, id: number, userId: number): Promise<number> {
  const row = await c.env.DB.prepare('SELECT id FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .bind(id, userId)
    .first();
  if (!row) throw new ApiError(404, 'not_found');
  return id;
}

async function remove(c: Context<AppEnv>, addressId: number) {
  const user = await requireUser(c);
  const id = await ownAddress(c, addressId, user.id);
  const db = c.env.DB;
  // Removing the default address hands the role to the newest remaining one.
  await db.batch([
    db
      .prepare('UPDATE addresses SET deleted_at = ?, is_default = 0 WHERE id = ? AND user_id = ?')
      .bind(Date.now(), id, user.id),
    db
      .prepare(
        `UPDATE addresses SET is_default = 1 WHERE id = (SELECT id FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL ORDER BY id DESC LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL AND is_default = 1)`,
      )
      .bind(user.id),
  ]);
  return c.json(ok({ removed: id }));
}

export const addressRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'addresses',
      summary: "The shopper's addresses",
      user: true,
      response: addressListSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const lang = c.var.lang;
      const { results } = await c.env.DB.prepare(
        `SELECT a.*, ar.${col('name', lang)} AS area_name, g.id AS governorate_id, g.${col('name', lang)} AS governorate_name, ci.${col('name', lang)} AS city_name
       FROM addresses a LEFT JOIN areas ar ON ar.id = a.area_id LEFT JOIN governorates g ON g.id = ar.governorate_id LEFT JOIN dhl_cities ci ON ci.id = a.city_id
       WHERE a.user_id = ? AND a.deleted_at IS NULL ORDER BY a.is_default DESC, a.id`,
      )
        .bind(user.id)
        .all<AddressRow & AddressPlaceNames>();
      return c.json(
        ok({
          items: results.map(({ user_id: _u, deleted_at: _d, ...rest }) => ({
            ...rest,
            is_default: rest.is_default === 1,
          })),
        }),
      );
    },
  )
  .post(
    '/new',
    contract({
      tag: 'addresses',
      summary: 'Add an address (the first becomes the default)',
      body: addressSchema,
      user: true,
      response: addressId,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      await assertPlace(c, input);
      const v = columns(input);
      // The first address becomes the default one.
      const row = await c.env.DB.prepare(
        `INSERT INTO addresses (user_id, country, label, recipient, phone, ${FIELDS.join(', ')}, is_default, created_at)
       VALUES (?, ?, ?, ?, ?, ${FIELDS.map(() => '?').join(', ')}, NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ? AND deleted_at IS NULL), ?) RETURNING id`,
      )
        .bind(
          user.id,
          v.country,
          v.label,
          v.recipient,
          v.phone,
          ...FIELDS.map((f) => (v as Record<string, unknown>)[f]),
          user.id,
          Date.now(),
        )
        .first<Pick<AddressRow, 'id'>>();
      return c.json(ok({ id: row!.id }));
    },
  )
  .post(
    '/:id{[0-9]+}/default',
    contract({
      tag: 'addresses',
      summary: 'Make an address the default',
      params: idParams,
      user: true,
      response: z.object({ default: z.int().positive() }),
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const id = await ownAddress(c, c.req.valid('param').id, user.id);
      await c.env.DB.batch([
        c.env.DB.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ?').bind(user.id),
        c.env.DB.prepare('UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?').bind(id, user.id),
      ]);
      return c.json(ok({ default: id }));
    },
  )
  .get('/:id{[0-9]+}/remove', removeContract, (c) => remove(c, c.req.valid('param').id))
  .post('/:id{[0-9]+}/remove', removeContract, (c) => remove(c, c.req.valid('param').id))
  .post(
    '/:id{[0-9]+}',
    contract({
      tag: 'addresses',
      summary: 'Change an address',
      params: idParams,
      body: addressSchema,
      user: true,
      response: addressId,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const id = await ownAddress(c, c.req.valid('param').id, user.id);
      const input = c.req.valid('json');
      await assertPlace(c, input);
      const v = columns(input) as Record<string, unknown>;
      const sets = ['country', 'label', 'recipient', 'phone', ...FIELDS].map((f) => `${f} = ?`).join(', ');
      await c.env.DB.prepare(`UPDATE addresses SET ${sets} WHERE id = ? AND user_id = ?`)
        .bind(...['country', 'label', 'recipient', 'phone', ...FIELDS].map((f) => v[f]), id, user.id)
        .run();
      return c.json(ok({ id }));
    },
  );
