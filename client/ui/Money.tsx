// A price in the shopper's currency, isolated with <bdi> so it reads correctly inside Arabic text.
import { useMinor } from '../lib/locale';

/** An amount already in minor units of a currency (payable totals, thresholds), isolated the same way. */
export function MinorMoney({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  const format = useMinor();
  return <bdi className={className ? `money ${className}` : 'money'}>{format(minor, currency)}</bdi>;
}
