// Undoing an applied import from its kept lines: what it changed goes back to what the check read, what
// it created goes (with the brands and categories nothing else uses), and the stock it added is taken
// back (never below 0: what sold meanwhile stays sold). It is refused while a later change would be
// lost: a product or size edited since, or a new one that has been ordered, reviewed, asked about or
// subscribed to. Those lines are named, so a manager can see what to put right by hand.
import { removeProductsStatements, removeSkusStatements } from '#api/src/catalogue/remove';
import { type DatabaseEnv, shardDatabase } from '#api/src/db/databases';
import {
  alertEvents,
  moveStatus,
  productDiffers,
  setProductStatement,
  setSearchStatement,
  setOwnPricesStatements,
  setSkuStatement,
  skuDiffers,
  stockAudit,
  stockStatement,
} from './apply';

const ROWS = 'catalogue_import_rows';

/** Lines that keep the import from being undone, each with why. */
const CONFLICTS = `
  SELECT r.line, 'edited' AS why FROM ${ROWS} r JOIN products p ON p.id = r.product_id
   WHERE r.import_id = ?1 AND r.product_action = 'update' AND (${productDiffers('after_json')})
  UNION ALL
  SELECT r.line, 'edited' FROM ${ROWS} r JOIN skus s ON s.id = r.sku_id
   WHERE r.import_id = ?1 AND r.sku_action = 'update' AND (${skuDiffers('after_json')})
  UNION ALL
  SELECT r.line, 'in_use' FROM ${ROWS} r WHERE r.import_id = ?1 AND r.product_action = 'create' AND (
    EXISTS (SELECT 1 FROM order_items WHERE product_id = r.product_id)
    OR EXISTS (SELECT 1 FROM order_promotions WHERE product_id = r.product_id)
    OR EXISTS (SELECT 1 FROM archived_sales WHERE product_id = r.product_id AND orders > 0)
    OR EXISTS (SELECT 1 FROM reviews WHERE product_id = r.product_id)
    OR EXISTS (SELECT 1 FROM questions WHERE product_id = r.product_id)
    OR EXISTS (SELECT 1 FROM subscriptions WHERE product_id = r.product_id))
  UNION ALL
  SELECT r.line, 'in_use' FROM ${ROWS} r WHERE r.import_id = ?1 AND r.sku_action = 'create' AND (
    EXISTS (SELECT 1 FROM order_items WHERE sku_id = r.sku_id)
    OR EXISTS (SELECT 1 FROM order_promotions WHERE gift_sku_id = r.sku_id)
    OR EXISTS (SELECT 1 FROM archived_sales WHERE sku_id = r.sku_id AND orders > 0)
    OR EXISTS (SELECT 1 FROM subscriptions WHERE sku_id = r.sku_id))`;

export const conflictsStatement = (db: D1Database, importId: number) =>
  db.prepare(`SELECT line, why FROM (${CONFLICTS}) ORDER BY line LIMIT 100`).bind(importId);

const createdProducts = `SELECT product_id FROM ${ROWS} WHERE import_id = ?1 AND product_action = 'create'`;
const createdSkusOfKeptProducts = `SELECT sku_id FROM ${ROWS} WHERE import_id = ?1 AND sku_action = 'create'
  AND product_id NOT IN (${createdProducts})`;

export function revertCatalogueStatements(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  requestId: string | null,
) {
  const run = (sql: string) => db.prepare(sql).bind(importId);
  return [
    moveStatus(db, importId, staffId, now, { from: 'applied', to: 'reverted', unless: `EXISTS (${CONFLICTS})` }),
    ...alertEvents(db, importId, now, -1),
    setSkuStatement(db, importId, 'before_json'),
    ...setOwnPricesStatements(db, importId, 'before_json'),
    stockAudit(db, importId, staffId, now, requestId, -1),
    stockStatement(db, importId, -1),
    setProductStatement(db, importId, 'before_json'),
    setSearchStatement(db, importId, 'before_json'),
    ...removeSkusStatements(db, createdSkusOfKeptProducts, importId),
    ...removeProductsStatements(db, createdProducts, importId),
    // The brands and categories it created, while nothing else has come to use them (children first).
    run(
      `DELETE FROM categories WHERE parent_id IS NOT NULL
         AND slug IN (SELECT j.value ->> 'slug' FROM catalogue_imports i, json_each(i.summary_json, '$.categories') j WHERE i.id = ?1)
         AND NOT EXISTS (SELECT 1 FROM products WHERE category_id = categories.id)`,
    ),
    run(
      `DELETE FROM categories WHERE parent_id IS NULL
         AND slug IN (SELECT j.value ->> 'slug' FROM catalogue_imports i, json_each(i.summary_json, '$.categories') j WHERE i.id = ?1)
         AND NOT EXISTS (SELECT 1 FROM products WHERE category_id = categories.id)
         AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = categories.id)`,
    ),
    run(
      `DELETE FROM brands
         WHERE slug IN (SELECT j.value ->> 'slug' FROM catalogue_imports i, json_each(i.summary_json, '$.brands') j WHERE i.id = ?1)
         AND NOT EXISTS (SELECT 1 FROM products WHERE brand_id = brands.id)`,
    ),
  ];
}

export function revertStockStatements(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  requestId: string | null,
) {
  return [
    moveStatus(db, importId, staffId, now, { from: 'applied', to: 'reverted', unless: 'FALSE' }),
    alertEvents(db, importId, now, -1)[0]!,
    stockAudit(db, importId, staffId, now, requestId, -1),
    stockStatement(db, importId, -1),
  ];
}

/** The R2 stems of pictures on products the undo removes (deleted from the bucket after the batch). */
export const createdImagesStatement = (db: D1Database, importId: number) =>
  db.prepare(`SELECT r2_key FROM product_images WHERE product_id IN (${createdProducts})`).bind(importId);

/** The order shards other than the core (decision 61), for a batch the caller makes anyway. */
export const otherShardsStatement = (db: D1Database) =>
  db.prepare("SELECT id, binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id");

/**
 * The products and SKUs among `ids` that an order in another shard than the core bought or got as a
 * gift (the core's own orders and archived sales are counted in its statements, CONFLICTS and the
 * delete routes'). Each shard is asked in parallel; nothing is asked when there are none.
 */
export async function soldInShards(
  env: DatabaseEnv,
  shards: Array<{ binding: string }>,
  ids: { products: number[]; skus: number[] },
): Promise<{ products: Map<number, number>; skus: Map<number, number> }> {
  const products = new Map<number, number>();
  const skus = new Map<number, number>();
  if (!shards.length || (!ids.products.length && !ids.skus.length)) return { products, skus };
  const answers = await Promise.all(
    shards.map(async (s) => {
      const db = shardDatabase(env, s.binding);
      const [byProduct, bySku] = await db.batch([
        db
          .prepare(
            `SELECT product_id AS id, count(DISTINCT order_id) AS n FROM (
               SELECT order_id, product_id FROM order_items WHERE product_id IN (SELECT value FROM json_each(?1))
               UNION SELECT order_id, product_id FROM order_promotions
                 WHERE product_id IN (SELECT value FROM json_each(?1)) AND gift_sku_id IS NOT NULL)
             GROUP BY product_id`,
          )
          .bind(JSON.stringify(ids.products)),
        db
          .prepare(
            `SELECT sku_id AS id, count(*) AS n FROM (
               SELECT sku_id FROM order_items WHERE sku_id IN (SELECT value FROM json_each(?1))
               UNION ALL SELECT gift_sku_id FROM order_promotions WHERE gift_sku_id IN (SELECT value FROM json_each(?1)))
             GROUP BY sku_id`,
          )
          .bind(JSON.stringify(ids.skus)),
      ]);
      return [byProduct!.results, bySku!.results] as Array<Array<{ id: number; n: number }>>;
    }),
  );
  for (const [p, k] of answers) {
    for (const r of p!) products.set(r.id, (products.get(r.id) ?? 0) + r.n);
    for (const r of k!) skus.set(r.id, (skus.get(r.id) ?? 0) + r.n);
  }
  return { products, skus };
}

/**
 * The lines CONFLICTS would name 'in_use' for orders in other shards than the core: the products and
 * sizes the import created that such an order bought. Checked before the undo's batch (the batch's own
 * guard sees the core's orders only: an order placed in another shard between the two is not seen).
 */
export async function shardConflicts(
  env: DatabaseEnv,
  importId: number,
  shards: Array<{ binding: string }>,
): Promise<Array<{ line: number; why: 'in_use' }>> {
  if (!shards.length) return [];
  const { results: created } = await env.DB.prepare(
    `SELECT line, CASE WHEN product_action = 'create' THEN product_id END AS product_id,
       CASE WHEN sku_action = 'create' THEN sku_id END AS sku_id
     FROM ${ROWS} WHERE import_id = ? AND (product_action = 'create' OR sku_action = 'create')`,
  )
    .bind(importId)
    .all<{ line: number; product_id: number | null; sku_id: number | null }>();
  const sold = await soldInShards(env, shards, {
    products: created.flatMap((r) => (r.product_id === null ? [] : [r.product_id])),
    skus: created.flatMap((r) => (r.sku_id === null ? [] : [r.sku_id])),
  });
  return created
    .filter(
      (r) =>
        (r.product_id !== null && sold.products.has(r.product_id)) || (r.sku_id !== null && sold.skus.has(r.sku_id)),
    )
    .map((r) => ({ line: r.line, why: 'in_use' as const }));
}
