// When the order arrives, as the API worked it out (decision 65): one line a speed, the date as the
// shopper reads it, with the Hijri day in Arabic. Only prints: the rules stay on the server.
import type { PromiseAnswer } from '#shared/delivery/promise';
import { formatSlotDay } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useSnapshot } from 'valtio';
import { useSessionStore } from '../stores/session';

export function PromiseLine({ delivery }: { delivery: PromiseAnswer }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  return (
    <ul className="delivery-promise" data-testid="delivery-promise">
      {delivery.promises.map((p, i) => {
        // Noon in the Gulf: the promised day in either country's time zone.
        const day = formatSlotDay(Date.parse(`${p.arrives}T09:00:00Z`), lang, country);
        return (
          <li key={p.speed} data-speed={p.speed}>
            {/* The fastest plainly ("Arrives Sat, Nov 28": same-day service still reads oddly on a Friday), the others by name. */}
            {t(i === 0 ? 'delivery_arrives' : `delivery_arrives_${p.speed}`, {
              day: day.hijri ? `${day.day} (${day.hijri})` : day.day,
            })}
          </li>
        );
      })}
    </ul>
  );
}
