// What a delivery speed costs (decision 65), for the checkout's quote and the product page's promise.

/**
 * What a delivery speed costs (decision 65). A speed without a fee of its own costs the country's
 * delivery fee, which the free-delivery threshold waives; a speed with its own fee (next day in Riyadh)
 * costs it in full below the threshold and, above it, only what it costs beyond the free delivery
 * (its fee less the country's fee): reaching the threshold always takes the country's fee off.
 */
export function deliveryFeeFor(subtotal: number, free: boolean, countryFee: number, speedFee: number | null): number {
  if (subtotal === 0) return 0;
  if (speedFee === null) return free ? 0 : countryFee;
  return free ? Math.max(0, speedFee - countryFee) : speedFee;
}
