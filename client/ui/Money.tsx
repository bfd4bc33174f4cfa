// A price in the shopper's currency, isolated with <bdi> so it reads correctly inside Arabic text.
import { usePrice } from '../lib/locale';

export function Money({ fils, className }: { fils: number; className?: string }) {
  const price = usePrice();
  return <bdi className={className ? `money ${className}` : 'money'}>{price(fils)}</bdi>;
}
