// What a booking is: patient, visit, address, tests and amounts (success and order pages).
import type { BloodTestOrderDetail } from '#shared/blood-tests/order-types';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { BookingTotals } from './BookingTotals';
import { PreparationList } from './PreparationList';
import { visitText } from './visit-text';

export function BookingFacts({ order }: { order: BloodTestOrderDetail }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  return (
    <>
      <section className="form-card" aria-labelledby="bt-facts-title">
        <h2 id="bt-facts-title">{t('bt_review_visit')}</h2>
        <dl className="review-facts">
          <div>
            <dt>{t('bt_review_patient')}</dt>
            <dd data-testid="bt-patient">
              {order.patient.name} <bdi dir="ltr">{order.patient.national_id_masked}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('bt_review_when')}</dt>
            <dd data-testid="bt-visit">{visitText(order.slot, lang, order.country)}</dd>
          </div>
          <div>
            <dt>{t('bt_review_address')}</dt>
            <dd>{order.address.text}</dd>
          </div>
        </dl>
      </section>
      <section className="form-card" aria-labelledby="bt-facts-tests">
        <h2 id="bt-facts-tests">{t('bt_review_tests')}</h2>
        <ul className="review-lines">
          {order.items.map((i) => (
            <li key={i.id}>
              <span>{i.name}</span>
              <bdi>{minor(i.price, order.currency)}</bdi>
            </li>
          ))}
        </ul>
        <BookingTotals amounts={{ ...order.totals, currency: order.currency }} />
      </section>
      <PreparationList tests={order.items} id="bt-facts-prep" />
    </>
  );
}
