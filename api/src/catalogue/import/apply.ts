// Applying a checked import: one D1 batch, so a file goes in whole or not at all. Every statement works
// on the import's kept lines (catalogue_import_rows) as a set, so 5,000 lines are the same dozen
// statements as five, far inside a Worker's limits. The first statement moves the import from
// 'checked' to 'applied' only while the catalogue still holds what the check read; otherwise it
// writes a status the table's CHECK refuses and the whole batch is undone (./errors.ts).

type Statements = D1PreparedStatement[];
/** A brand's or category's colour until a manager chooses one on its page (slate: it claims no meaning). */
const DEFAULT_IMPORT_COLOUR = '#64748b';
const ROWS = 'catalogue_import_rows';

/** SQL true when column `col` of alias `t` differs from `path` of the line's JSON `json`. */
const differs = (t: string, cols: readonly string[], json: string, path: string) =>
  cols.map((c) => `${t}.${c} IS NOT (r.${json} ->> '$.${path}.${c}')`).join(' OR ');
const PRODUCT_TEXT = ['name_en', 'name_ar', 'description_en', 'description_ar', 'is_active'] as const;
const SKU_FIELDS = ['name_en', 'name_ar', 'price', 'old_price', 'buy_limit'] as const;

/** The product differs from the line's `json` side (before_json or after_json), brand and category by slug. */
export const productDiffers = (json: 'before_json' | 'after_json') =>
  `${differs('p', PRODUCT_TEXT, json, 'product')}
   OR (SELECT slug FROM brands WHERE id = p.brand_id) IS NOT (r.${json} ->> '$.product.brand_slug')
   OR (SELECT slug FROM categories WHERE id = p.category_id) IS NOT (r.${json} ->> '$.product.category_slug')`;
export const skuDiffers = (json: 'before_json' | 'after_json') => differs('s', SKU_FIELDS, json, 'sku');

/** A line whose product or size is no longer as the check read it: the import would overwrite a change. */
const STALE = `EXISTS (
  SELECT 1 FROM ${ROWS} r LEFT JOIN products p ON p.id = r.product_id
   WHERE r.import_id = ?1 AND r.product_action = 'update' AND (p.id IS NULL OR ${productDiffers('before_json')})
  UNION ALL
  SELECT 1 FROM ${ROWS} r JOIN products p ON p.slug = r.product_slug WHERE r.import_id = ?1 AND r.product_action = 'create'
  UNION ALL
  SELECT 1 FROM ${ROWS} r LEFT JOIN skus s ON s.id = r.sku_id
   WHERE r.import_id = ?1 AND r.sku_action != 'create'
     AND (s.id IS NULL OR (r.sku_action = 'update' AND (${skuDiffers('before_json')})))
  UNION ALL
  SELECT 1 FROM catalogue_imports i, json_each(i.summary_json, '$.brands') j JOIN brands b ON b.slug = j.value ->> 'slug'
   WHERE i.id = ?1
  UNION ALL
  SELECT 1 FROM catalogue_imports i, json_each(i.summary_json, '$.categories') j JOIN categories c ON c.slug = j.value ->> 'slug'
   WHERE i.id = ?1)`;

/** From `from` to `to`, or a status the CHECK refuses when `unless` holds (so nothing of the batch stays). */
export function moveStatus(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  step: { from: 'checked' | 'applied'; to: 'applied' | 'reverted'; unless: string },
) {
  const by = step.to === 'applied' ? 'applied' : 'reverted';
  return db
    .prepare(
      `UPDATE catalogue_imports SET status = CASE WHEN status = '${step.from}' AND NOT ${step.unless} THEN '${step.to}' ELSE 'refused' END,
         ${by}_by = ?2, ${by}_at = ?3 WHERE id = ?1`,
    )
    .bind(importId, staffId, now);
}

/**
 * Events for the alerts queue, written before the change: a size back from 0, and a price below the one
 * the size has now (api/src/alerts/). An import (1) moves each line from its before side to its after
 * side, an undo (-1) from after to before, so undoing a raise is a drop like any other: the consumer
 * alerts only the watchers who saw a higher price than the restored one (decision 30, issue 60).
 */
export function alertEvents(db: D1Database, importId: number, now: number, direction: 1 | -1): Statements {
  const backInStock = db
    .prepare(
      `INSERT INTO back_in_stock_events (sku_id, at, processed_at)
       SELECT s.id, ?2, NULL FROM ${ROWS} r JOIN skus s ON s.id = r.sku_id
       WHERE r.import_id = ?1 AND r.sku_action != 'create' AND r.stock_delta * ?3 > 0 AND s.stock = 0
       RETURNING sku_id AS back_in_stock_sku`,
    )
    .bind(importId, now, direction);
  const [from, to] = direction === 1 ? ['before_json', 'after_json'] : ['after_json', 'before_json'];
  return [
    backInStock,
    db
      .prepare(
        `INSERT INTO price_drop_events (sku_id, old_price, new_price, at, processed_at)
         SELECT s.id, s.price, r.${to} ->> '$.sku.price', ?2, NULL FROM ${ROWS} r JOIN skus s ON s.id = r.sku_id
         WHERE r.import_id = ?1 AND r.sku_action = 'update' AND s.price = (r.${from} ->> '$.sku.price')
           AND (r.${to} ->> '$.sku.price') < s.price
         RETURNING sku_id AS price_drop_sku`,
      )
      .bind(importId, now),
  ];
}

/** The stock difference added (1) or taken back (-1: never below 0, units sold meanwhile stay sold). */
export function stockStatement(db: D1Database, importId: number, direction: 1 | -1) {
  const next = direction === 1 ? 'skus.stock + r.stock_delta' : 'max(0, skus.stock - r.stock_delta)';
  return db
    .prepare(
      `UPDATE skus SET stock = ${next} FROM ${ROWS} r
       WHERE r.import_id = ?1 AND r.sku_action != 'create' AND r.stock_delta != 0 AND skus.id = r.sku_id`,
    )
    .bind(importId);
}

/** Each size's stock change in the audit log, as a clerk's adjustment would be (the import named). */
export function stockAudit(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  requestId: string | null,
  direction: 1 | -1,
) {
  const next = direction === 1 ? 's.stock + r.stock_delta' : 'max(0, s.stock - r.stock_delta)';
  return db
    .prepare(
      `INSERT INTO audit_log (staff_id, action, resource, resource_id, country, before_json, after_json, reason, request_id, at)
       SELECT ?2, 'sku.stock', 'sku', CAST(s.id AS TEXT), NULL, json_object('stock', s.stock),
         json_object('stock', ${next}, 'adjust', ${next} - s.stock, 'import', ?1), r.reason, ?4, ?3
       FROM ${ROWS} r JOIN skus s ON s.id = r.sku_id
       WHERE r.import_id = ?1 AND r.stock_delta != 0`,
    )
    .bind(importId, staffId, now, requestId);
}

export const touchedProducts = `SELECT product_id FROM ${ROWS} WHERE import_id = ?1`;

/** A catalogue file's plan applied: brands, categories, products, sizes, stock, search rows, listing columns. */
export function applyCatalogueStatements(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  requestId: string | null,
): Statements {
  const run = (sql: string, ...more: unknown[]) => db.prepare(sql).bind(importId, ...more);
  const after = (path: string) => `r.after_json ->> '$.${path}'`;
  return [
    moveStatus(db, importId, staffId, now, { from: 'checked', to: 'applied', unless: STALE }),
    // New products and sizes take the ids after the highest there now.
    run(
      `UPDATE ${ROWS} SET product_id = (SELECT coalesce(max(id), 0) FROM products) + product_seq
       WHERE import_id = ?1 AND product_seq IS NOT NULL`,
    ),
    run(
      `UPDATE ${ROWS} SET sku_id = (SELECT coalesce(max(id), 0) FROM skus) + sku_seq
       WHERE import_id = ?1 AND sku_seq IS NOT NULL`,
    ),
    run(
      `INSERT INTO brands (slug, name_en, name_ar, color)
       SELECT j.value ->> 'slug', j.value ->> 'name_en', j.value ->> 'name_ar', ?2
       FROM catalogue_imports i, json_each(i.summary_json, '$.brands') j WHERE i.id = ?1`,
      DEFAULT_IMPORT_COLOUR,
    ),
    // Top-level categories first: a new category's parent may be new in the same file.
    ...['IS NULL', 'IS NOT NULL'].map((parent) =>
      run(
        `INSERT INTO categories (parent_id, slug, name_en, name_ar, color)
         SELECT (SELECT id FROM categories WHERE slug = j.value ->> 'parent_slug'), j.value ->> 'slug',
           j.value ->> 'name_en', j.value ->> 'name_ar', ?2
         FROM catalogue_imports i, json_each(i.summary_json, '$.categories') j
         WHERE i.id = ?1 AND (j.value ->> 'parent_slug') ${parent}`,
        DEFAULT_IMPORT_COLOUR,
      ),
    ),
    run(
      `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar, is_active, created_at)
       SELECT r.product_id, r.product_slug, (SELECT id FROM brands WHERE slug = ${after('product.brand_slug')}),
         (SELECT id FROM categories WHERE slug = ${after('product.category_slug')}), ${after('product.name_en')},
         ${after('product.name_ar')}, ${after('product.description_en')}, ${after('product.description_ar')},
         ${after('product.is_active')}, ?2
       FROM ${ROWS} r WHERE r.import_id = ?1 AND r.product_action = 'create'`,
      now,
    ),
    setProductStatement(db, importId, 'after_json'),
    ...alertEvents(db, importId, now, 1),
    setSkuStatement(db, importId, 'after_json'),
    stockAudit(db, importId, staffId, now, requestId, 1),
    stockStatement(db, importId, 1),
    run(
      `INSERT INTO skus (id, product_id, name_en, name_ar, price, old_price, stock, buy_limit, sort_order)
       SELECT r.sku_id, r.product_id, ${after('sku.name_en')}, ${after('sku.name_ar')}, ${after('sku.price')},
         ${after('sku.old_price')}, r.stock_delta, ${after('sku.buy_limit')},
         coalesce((SELECT max(sort_order) FROM skus WHERE product_id = r.product_id), -1) + r.sku_seq
       FROM ${ROWS} r WHERE r.import_id = ?1 AND r.sku_action = 'create' ORDER BY r.line`,
    ),
    ...setOwnPricesStatements(db, importId, 'after_json'),
    run(
      `UPDATE products SET default_sku_id = (SELECT id FROM skus WHERE product_id = products.id ORDER BY sort_order, id LIMIT 1)
       WHERE id IN (SELECT product_id FROM ${ROWS} WHERE import_id = ?1 AND product_action = 'create')`,
    ),
    run(
      `INSERT INTO product_search (rowid, name, brand, category, ingredients, tags)
       SELECT r.product_id, ${after('search.name')}, ${after('search.brand')}, ${after('search.category')}, '', ''
       FROM ${ROWS} r WHERE r.import_id = ?1 AND r.product_action = 'create'`,
    ),
    setSearchStatement(db, importId, 'after_json'),
  ];
}

/** Existing products' columns set from one side of their lines (an import: after; an undo: before). */
export function setProductStatement(db: D1Database, importId: number, json: 'before_json' | 'after_json') {
  const v = (c: string) => `r.${json} ->> '$.product.${c}'`;
  return db
    .prepare(
      `UPDATE products SET name_en = ${v('name_en')}, name_ar = ${v('name_ar')}, description_en = ${v('description_en')},
         description_ar = ${v('description_ar')}, is_active = ${v('is_active')},
         brand_id = (SELECT id FROM brands WHERE slug = ${v('brand_slug')}),
         category_id = (SELECT id FROM categories WHERE slug = ${v('category_slug')})
       FROM ${ROWS} r WHERE r.import_id = ?1 AND r.product_action = 'update' AND products.id = r.product_id`,
    )
    .bind(importId);
}

export function setSkuStatement(db: D1Database, importId: number, json: 'before_json' | 'after_json') {
  const v = (c: string) => `r.${json} ->> '$.sku.${c}'`;
  return db
    .prepare(
      `UPDATE skus SET name_en = ${v('name_en')}, name_ar = ${v('name_ar')}, price = ${v('price')},
         old_price = ${v('old_price')}, buy_limit = ${v('buy_limit')}
       FROM ${ROWS} r WHERE r.import_id = ?1 AND r.sku_action = 'update' AND skus.id = r.sku_id`,
    )
    .bind(importId);
}

/**
 * The own-priced countries' prices of created and updated sizes set from one side of their lines (an
 * import: after; an undo: before): each country whose prices the line changes loses its row and gets the
 * line's, none where the line says not sold there. A country the line names with its prices as they were
 * is left alone, so an import (or undo) never puts back a price set there since the check by someone
 * else, and moves prices only where the importing member may (./rights.ts). Lines naming no country
 * (every file without such columns) touch nothing.
 */
export function setOwnPricesStatements(db: D1Database, importId: number, json: 'before_json' | 'after_json') {
  const other = json === 'after_json' ? 'before_json' : 'after_json';
  const was = (field: string) => `(r.${other} ->> ('$.sku.own.' || j.key || '.${field}'))`;
  const named = `FROM ${ROWS} r, json_each(r.${json}, '$.sku.own') j
    WHERE r.import_id = ?1 AND (r.sku_action = 'create'
      OR (r.sku_action = 'update' AND ((j.value ->> '$.price') IS NOT ${was('price')}
        OR (j.value ->> '$.old_price') IS NOT ${was('old_price')})))`;
  return [
    db
      .prepare(
        `DELETE FROM sku_country_prices WHERE EXISTS (SELECT 1 ${named}
           AND r.sku_id = sku_country_prices.sku_id AND j.key = sku_country_prices.country)`,
      )
      .bind(importId),
    db
      .prepare(
        `INSERT INTO sku_country_prices (sku_id, country, price, old_price)
         SELECT r.sku_id, j.key, j.value ->> '$.price', j.value ->> '$.old_price' ${named} AND j.type = 'object'`,
      )
      .bind(importId),
  ];
}

/** Search rows of updated products whose name, brand or category text changed (FTS5 takes no UPDATE … FROM). */
export function setSearchStatement(db: D1Database, importId: number, json: 'before_json' | 'after_json') {
  const pick = (c: string) =>
    `(SELECT r.${json} ->> '$.search.${c}' FROM ${ROWS} r WHERE r.import_id = ?1 AND r.product_id = product_search.rowid
       AND r.product_action = 'update')`;
  return db
    .prepare(
      `UPDATE product_search SET name = ${pick('name')}, brand = ${pick('brand')}, category = ${pick('category')}
       WHERE rowid IN (SELECT product_id FROM ${ROWS} WHERE import_id = ?1 AND product_action = 'update'
         AND (${json} ->> '$.search') IS NOT NULL)`,
    )
    .bind(importId);
}

/** A stock file's plan applied: each size's units, its audit row, and events for sizes back from 0. */
export function applyStockStatements(
  db: D1Database,
  importId: number,
  staffId: number,
  now: number,
  requestId: string | null,
): Statements {
  const missing = `EXISTS (SELECT 1 FROM ${ROWS} r LEFT JOIN skus s ON s.id = r.sku_id WHERE r.import_id = ?1 AND s.id IS NULL)`;
  return [
    moveStatus(db, importId, staffId, now, { from: 'checked', to: 'applied', unless: missing }),
    alertEvents(db, importId, now, 1)[0]!,
    stockAudit(db, importId, staffId, now, requestId, 1),
    stockStatement(db, importId, 1),
  ];
}
