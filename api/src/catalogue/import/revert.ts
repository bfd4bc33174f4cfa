// Undoing an applied import from its kept lines: what it changed goes back to what the check read, what
// it created goes (with the brands and categories nothing else uses), and the stock it added is taken
// back (never below 0: what sold meanwhile stays sold). It is refused while a later change would be
// lost: a product or size edited since, or a new one that has been ordered, reviewed, asked about or
// subscribed to. Those lines are named, so a manager can see what to put right by hand.
import { removeProductsStatements, removeSkusStatements } from '#api/src/catalogue/remove';
import {
  alertEvents,
  moveStatus,
  productDiffers,
  setProductStatement,
  setSearchStatement,
  setSkuStatement,
  skuDiffers,
  stockAudit,
  stockStatement,
} from './apply';

const ROWS = 'catalogue_import_rows';

/** Lines that keep the import from being undone, each with why. */
export const CONFLICTS = `
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
