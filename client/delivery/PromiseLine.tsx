// When the order arrives, as the API worked it out and wrote it (decision 65): one line a speed, the
// fastest plainly ("Arrives Sat, Nov 28": a same-day service still reads oddly on a Friday), the others
// by name. Only prints: the rules and the date formats stay on the server.
import type { PromiseAnswer } from '#shared/delivery/promise';
import { useI18n } from '../i18n/context';

export function PromiseLine({ delivery }: { delivery: PromiseAnswer }) {
  const { t } = useI18n();
  return (
    <ul className="delivery-promise" data-testid="delivery-promise">
      {delivery.promises.map((p, i) => (
        <li key={p.speed} data-speed={p.speed}>
          {t(i === 0 ? 'delivery_arrives' : `delivery_arrives_${p.speed}`, { day: p.day })}
        </li>
      ))}
    </ul>
  );
}
