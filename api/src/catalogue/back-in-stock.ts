// The back-in-stock hook: when the back office raises a SKU's stock from 0, the change's
// batch also records an event per SKU (back_in_stock_events, processed_at NULL). The alerts consumer fills
// this hook (mail the shoppers who asked to hear, notify_requests) and marks the events processed:
// after the batch, the caller sends the SKUs to the shop-alerts queue (api/src/alerts/), whose consumer
// does that work; each statement answers the SKU it recorded (restockedSkus), for the whileSoldOut case.
// It answers statements rather than running them, so the events are stored with the stock change or
// not at all. Stock given back by a cancelled order or a failed payment (payments/outcome.ts) comes
// through here too, with `whileSoldOut`: its statements go before the stock change in the batch and
// record an event only for the SKUs still at 0 when the batch runs, so an order placed meanwhile counts.
export function onBackInStock(
  env: Pick<ApiEnv, 'DB'>,
  skuIds: readonly number[],
  at = Date.now(),
  options: { whileSoldOut?: boolean } = {},
): D1PreparedStatement[] {
  return [...new Set(skuIds)].map((skuId) =>
    options.whileSoldOut
      ? env.DB.prepare(
          'INSERT INTO back_in_stock_events (sku_id, at, processed_at) SELECT id, ?, NULL FROM skus WHERE id = ? AND stock = 0 RETURNING sku_id AS back_in_stock_sku',
        ).bind(at, skuId)
      : env.DB.prepare(
          'INSERT INTO back_in_stock_events (sku_id, at, processed_at) VALUES (?, ?, NULL) RETURNING sku_id AS back_in_stock_sku',
        ).bind(skuId, at),
  );
}

/** The SKUs a batch holding onBackInStock's statements recorded events for (from its results). */
export function restockedSkus(results: readonly D1Result[]): number[] {
  const skus = new Set<number>();
  for (const result of results)
    for (const row of result.results ?? [])
      if (row && typeof row === 'object' && 'back_in_stock_sku' in row) skus.add(Number(row.back_in_stock_sku));
  return [...skus];
}
