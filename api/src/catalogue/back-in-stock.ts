// The back-in-stock hook (issue 14): when the back office raises a SKU's stock from 0, the change's
// batch also records an event per SKU (back_in_stock_events, processed_at NULL). The alerts issue fills
// this hook (mail the shoppers who asked to hear, notify_requests) and marks the events processed.
// It answers statements rather than running them, so the events are stored with the stock change or
// not at all.
export function onBackInStock(
  env: Pick<ApiEnv, 'DB'>,
  skuIds: readonly number[],
  at = Date.now(),
): D1PreparedStatement[] {
  return [...new Set(skuIds)].map((skuId) =>
    env.DB.prepare('INSERT INTO back_in_stock_events (sku_id, at, processed_at) VALUES (?, ?, NULL)').bind(skuId, at),
  );
}
