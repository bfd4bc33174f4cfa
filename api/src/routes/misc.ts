// The static pages' forms: POST /misc/contact and POST /misc/become-supplier (spec §7). Input is
// checked with the schemas the client forms use; rows keep the device and the shopper's language.
// Abuse limits: at most FORM_LIMIT_PER_HOUR submissions per device per hour and form, and
// LIMITS.formPerIp per client address (a new device cookie costs nothing) → 429 with Retry-After.
import { Hono, type Context } from 'hono';
import { fail, ok } from '#shared/api/envelope';
import { clientIp } from '../lib/client-ip';
import { ApiError, TooManyRequests } from '../lib/errors';
import { limit, LIMITS, take } from '../lib/limits';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import { contactSchema, supplierSchema } from '#shared/api/forms';
import { z } from '#shared/zod';

const FORM_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

type FormTable = 'contact_messages' | 'supplier_applications';

/**
 * Inserts the row only while the device has fewer than the limit in the last hour: one statement,
 * so two submissions racing each other cannot both slip past the count. Null when over the limit.
 */
async function insertWithinLimit(
  c: Context<AppEnv>,
  table: FormTable,
  row: Record<string, string | number | null>,
): Promise<number | null> {
  const deviceId = c.var.deviceId;
  if (!deviceId) throw new ApiError(403, 'device_token_invalid');
  const wait = await take(c.env.DB, [limit(LIMITS.formPerIp, `form:${table}:ip:${clientIp(c)}`)]);
  if (wait !== null) throw new TooManyRequests('too_many_requests', wait);
  const now = Date.now();
  const values = { ...row, lang: c.var.lang, device_id: deviceId, created_at: now };
  const columns = Object.keys(values);
  const result = await c.env.DB.prepare(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${columns.map(() => '?').join(', ')}
     WHERE (SELECT COUNT(*) FROM ${table} WHERE device_id = ? AND created_at > ?) < ?
     RETURNING id`,
  )
    .bind(...Object.values(values), deviceId, now - HOUR_MS, FORM_LIMIT_PER_HOUR)
    .first<{ id: number }>();
  return result?.id ?? null;
}

/** 429 with Retry-After: when the oldest submission of the last hour leaves the window. */
async function tooMany(c: Context<AppEnv>, table: FormTable) {
  const oldest = await c.env.DB.prepare(
    `SELECT MIN(created_at) AS at FROM ${table} WHERE device_id = ? AND created_at > ?`,
  )
    .bind(c.var.deviceId, Date.now() - HOUR_MS)
    .first<{ at: number | null }>();
  const seconds = oldest?.at ? Math.max(1, Math.ceil((oldest.at + HOUR_MS - Date.now()) / 1000)) : HOUR_MS / 1000;
  return c.json(fail('too_many_requests', 429), 429, { 'retry-after': String(seconds) });
}

export const miscRoutes = new Hono<AppEnv>()
  .post(
    '/contact',
    contract({
      tag: 'content',
      summary: 'Send the contact form',
      body: contactSchema,
      response: z.object({ id: z.int() }),
      messages: [],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const id = await insertWithinLimit(c, 'contact_messages', {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
      });
      if (id === null) return tooMany(c, 'contact_messages');
      return c.json(ok({ id }));
    },
  )
  .post(
    '/become-supplier',
    contract({
      tag: 'content',
      summary: 'Send the supplier application form',
      body: supplierSchema,
      response: z.object({ id: z.int() }),
      messages: [],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const id = await insertWithinLimit(c, 'supplier_applications', {
        company_name: input.company_name,
        contact_name: input.contact_name,
        email: input.email,
        phone: input.phone,
        country: input.country,
        website: input.website ?? null,
        categories: JSON.stringify(input.categories),
        message: input.message,
      });
      if (id === null) return tooMany(c, 'supplier_applications');
      return c.json(ok({ id }));
    },
  );
