// Order numbers shoppers read: 10 digits, uniform over 1 000 000 000 … 9 999 999 999 (about 33 bits
// of randomness). The old way multiplied a 32-bit value by 2^32 in floating point: past 2^53 the low
// bits were lost, so every number was 1e9 plus a multiple of 512. Here: 34 random bits as a BigInt,
// numbers outside the 9e9 range are drawn again (rejection sampling, so no value is favoured).
const SPAN = 9_000_000_000n;
const LOWEST = 1_000_000_000n;
const BITS_34 = (1n << 34n) - 1n;

export function newOrderId(
  random: (into: Uint32Array) => Uint32Array = (into) => crypto.getRandomValues(into),
): number {
  for (;;) {
    const [high, low] = random(new Uint32Array(2)) as unknown as [number, number];
    const candidate = ((BigInt(high) << 32n) | BigInt(low)) & BITS_34;
    // 2^34 ≈ 1.9 × 9e9: about half the draws are kept.
    if (candidate < SPAN) return Number(LOWEST + candidate);
  }
}
