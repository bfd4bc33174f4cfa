// When the order arrives, as the API worked it out and wrote it (decision 65): one line a speed, the
// fastest plainly ("Arrives Sat, Nov 28": a same-day service still reads oddly on a Friday), the others
// by name; each with its fee, by when to order for that day and the day after that (issue 73), all
// written by the API. Only prints: the rules, the date formats and those sentences stay on the server,
// and the product page's first JavaScript gains no text or code for them.
import type { PromiseAnswer } from '#shared/delivery/promise';
import { useI18n } from '../i18n/context';

export function PromiseLine({
  delivery,
  free = false,
}: {
  delivery: PromiseAnswer;
  /** This size alone reaches free delivery: each speed costs what it costs above the threshold. */
  free?: boolean;
}) {
  const { t } = useI18n();
  return (
    <ul className="delivery-promise" data-testid="delivery-promise">
      {delivery.promises.map((p, i) => {
        const fee = free ? p.fee_free_delivery_text : p.fee_text;
        return (
          <li key={p.speed} data-speed={p.speed}>
            {t(i === 0 ? 'delivery_arrives' : `delivery_arrives_${p.speed}`, { day: p.day })}
            {fee && ` · ${fee}`}
            <span className="delivery-order-by">{p.order_by_text}</span>
            {p.then_text && <span className="delivery-then">{p.then_text}</span>}
          </li>
        );
      })}
    </ul>
  );
}
