// The order page's gift panel (decision 34): that the order is a gift, for whom, the requested day in
// plain sight, the message in its own language and direction, and the link to the packing slip.
import type { OrderGift } from '#shared/api/gift-schemas';
import type { CountryCode } from '#shared/locale';
import { formatGiftDate } from '#shared/orders/gift-dates';
import type { StaffTranslator } from '../../lib/i18n';

export function GiftCard(props: { t: StaffTranslator; orderId: number; country: CountryCode; gift: OrderGift | null }) {
  const { t, gift } = props;
  const slip = (
    <p>
      <a href={`/orders/${props.orderId}/packing-slip`}>{t.t('st_orders_packing_slip')}</a>
    </p>
  );
  if (!gift) return slip;
  return (
    <section className="card gift-card" aria-labelledby="gift-title" data-testid="staff-order-gift-card">
      {
        <>
          <h2 id="gift-title">
            <span className="badge gift">{t.t('st_orders_gift_badge')}</span> {t.t('st_orders_gift_title')}
          </h2>
          <p>{t.t('st_orders_gift_for', { name: gift.recipient })}</p>
          <p>
            <strong>{t.t('st_orders_gift_date')}:</strong>{' '}
            <span data-testid="staff-gift-date">
              {gift.delivery_date
                ? formatGiftDate(gift.delivery_date, t.lang, props.country)
                : t.t('st_orders_gift_asap')}
            </span>
          </p>
          <h3>{t.t('st_orders_gift_message')}</h3>
          {gift.message ? (
            <>
              <blockquote lang={gift.message_lang ?? undefined} dir={gift.message_lang === 'ar' ? 'rtl' : 'ltr'}>
                {gift.message}
              </blockquote>
              {gift.message_lang && (
                <p className="muted">
                  {t.t('st_orders_gift_message_lang', { lang: t.t(`st_lang_${gift.message_lang}`) })}
                </p>
              )}
            </>
          ) : (
            <p className="muted">{t.t('st_orders_gift_no_message')}</p>
          )}
          <p className="muted">{t.t('st_orders_gift_buyer_note')}</p>
        </>
      }
      {slip}
    </section>
  );
}
