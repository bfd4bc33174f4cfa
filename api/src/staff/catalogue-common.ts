// What the back office's catalogue routes share: page size, row shapes, the refusals they answer, and
// commit (one D1 batch, then a new catalogue version) with its audit row.
import type { Context } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';

export const CATALOGUE_PAGE = 50;

export type Names = { name_en: string; name_ar: string };
export interface ProductRow extends Names {
  id: number;
  slug: string;
  brand_id: number;
  category_id: number;
  description_en: string;
  description_ar: string;
  is_active: number;
}
export interface SkuRow extends Names {
  id: number;
  product_id: number;
  price: number;
  old_price: number | null;
  stock: number;
  buy_limit: number | null;
  sort_order: number;
}
export interface CategoryRow extends Names {
  id: number;
  parent_id: number | null;
  slug: string;
  sort_order: number;
}

export const notFound = () => new ApiError(404, 'not_found');
/** 409: the SKU's stock is no longer what the form showed; the answer carries the current figure. */
export const stockChanged = (stock: number | null) => new ApiError(409, 'stock_changed', { stock });
export const fieldError = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', { fields: [{ field, code: 'custom', message }] });

/**
 * The row an edit is about to change, as its audit entry's "before"; 404 when the id names none. The
 * catalogue's edit routes each read their row this way, so one function reads it for all of them.
 */
export async function rowBefore<T = Record<string, unknown>>(
  db: D1Database,
  table: 'nutritionists' | 'nutritionist_lists' | 'skus' | 'brands' | 'home_sections',
  id: number,
): Promise<T> {
  const row = await db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<T>();
  if (!row) throw notFound();
  return row;
}

/** Runs the change with its audit row; the public-change middleware then makes cached pages stale. */
export async function commit(c: Context<AppEnv>, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return c.env.DB.batch(statements);
}

export function audit(c: Context<AppEnv>, member: StaffMember, entry: Parameters<typeof auditStatement>[2]) {
  return auditStatement(c.env.DB, member, entry);
}
