// A gift order's gift (decision 34) on the review step, the success page and the order pages: for whom,
// the requested day (with its Hijri date), the message in its own language and direction, and that the
// packing slip shows no prices.
import type { OrderGift } from '#shared/api/gift-schemas';
import type { CountryCode } from '#shared/locale';
import { formatGiftDate } from '#shared/orders/gift-dates';
import { useI18n } from '../i18n/context';

export function GiftSummary({
  gift,
  country,
  headingId,
}: {
  /** A stored gift, or the one being reviewed (its language is not known yet: the text sets its own direction). */
  gift: {
    recipient: string;
    message?: string | null;
    delivery_date?: string | null;
    message_lang?: OrderGift['message_lang'];
  };
  country: CountryCode;
  headingId: string;
}) {
  const { t, lang } = useI18n();
  return (
    <div className="gift-summary" data-testid="gift-summary">
      <h2 id={headingId} className="section-title">
        {t('gift_title')}
      </h2>
      <p>
        <bdi>{t('gift_for', { name: gift.recipient })}</bdi>
      </p>
      <p data-testid="gift-summary-date">
        {gift.delivery_date
          ? t('gift_on', { date: formatGiftDate(gift.delivery_date, lang, country) })
          : t('gift_asap')}
      </p>
      {gift.message && (
        <>
          <h3 className="gift-message-title">{t('gift_message_title')}</h3>
          <blockquote
            className="gift-message"
            lang={gift.message_lang ?? undefined}
            dir={gift.message_lang ? (gift.message_lang === 'ar' ? 'rtl' : 'ltr') : 'auto'}
          >
            {gift.message}
          </blockquote>
        </>
      )}
      <p className="cart-line-meta">{t('gift_no_prices')}</p>
    </div>
  );
}
