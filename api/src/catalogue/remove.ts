// Taking products and sizes out of the catalogue: the rows that point at them first (pictures,
// attributes, lists, links, alerts, promotions' targets, home collections), then the sizes, the search
// row and the product. The products are named by a subquery (`ids`, with its bound values), so a
// manager's delete and an import's undo run the same statements over one product or a thousand. The
// callers refuse anything ever ordered, reviewed, asked about or subscribed to before they get here.

/** Statements removing the products that `ids` selects, for the caller's batch. */
export function removeProductsStatements(db: D1Database, ids: string, ...binds: unknown[]): D1PreparedStatement[] {
  const skusOf = `(SELECT id FROM skus WHERE product_id IN (${ids}))`;
  const run = (sql: string) => db.prepare(sql).bind(...binds);
  return [
    run(`DELETE FROM product_images WHERE product_id IN (${ids})`),
    run(`DELETE FROM product_attributes WHERE product_id IN (${ids})`),
    run(`DELETE FROM nutritionist_list_items WHERE product_id IN (${ids})`),
    run(`DELETE FROM purchase_together WHERE product_id IN (${ids}) OR related_product_id IN (${ids})`),
    run(`DELETE FROM blood_test_related_products WHERE product_id IN (${ids})`),
    run(`DELETE FROM notify_requests WHERE product_id IN (${ids})`),
    run(`DELETE FROM promotion_gifts WHERE sku_id IN ${skusOf}`),
    run(`DELETE FROM promotion_targets WHERE product_id IN (${ids}) OR sku_id IN ${skusOf}`),
    run(`DELETE FROM back_in_stock_events WHERE sku_id IN ${skusOf}`),
    run(`DELETE FROM sku_country_prices WHERE sku_id IN ${skusOf}`),
    run(`DELETE FROM product_country_prices WHERE product_id IN (${ids})`),
    // A home collection that showed them shows the rest.
    run(
      `UPDATE home_sections SET payload = json_set(payload, '$.product_ids',
         json((SELECT json_group_array(j.value) FROM json_each(payload, '$.product_ids') j WHERE j.value NOT IN (${ids}))))
       WHERE EXISTS (SELECT 1 FROM json_each(payload, '$.product_ids') j WHERE j.value IN (${ids}))`,
    ),
    run(`DELETE FROM skus WHERE product_id IN (${ids})`),
    run(`DELETE FROM product_search WHERE rowid IN (${ids})`),
    run(`DELETE FROM products WHERE id IN (${ids})`),
  ];
}

/** Statements removing the sizes that `ids` selects; a product whose default size goes gets its next. */
export function removeSkusStatements(db: D1Database, ids: string, ...binds: unknown[]): D1PreparedStatement[] {
  const run = (sql: string) => db.prepare(sql).bind(...binds);
  return [
    run(`DELETE FROM promotion_gifts WHERE sku_id IN (${ids})`),
    run(`DELETE FROM promotion_targets WHERE sku_id IN (${ids})`),
    run(`DELETE FROM back_in_stock_events WHERE sku_id IN (${ids})`),
    run(`DELETE FROM sku_country_prices WHERE sku_id IN (${ids})`),
    run(`UPDATE product_images SET sku_id = NULL WHERE sku_id IN (${ids})`),
    run(
      `UPDATE products SET default_sku_id = (SELECT s.id FROM skus s WHERE s.product_id = products.id
         AND s.id NOT IN (${ids}) ORDER BY s.sort_order, s.id LIMIT 1)
       WHERE default_sku_id IN (${ids})`,
    ),
    run(`DELETE FROM skus WHERE id IN (${ids})`),
  ];
}
