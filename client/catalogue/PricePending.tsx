// A price's place while a country switch waits for the new country's prices (decision 77): the mark is
// seen, the words are heard (a bare "…" reads as nothing, or as "dot dot dot"). Its texts come with the
// switch (shared/i18n/country-switch.*.ts, loaded by client/stores/switch-country.ts before the country
// changes), the only way a price becomes pending, so no page's first JavaScript carries them.
import { useI18n } from '../i18n/context';

export function PricePending() {
  const { t } = useI18n();
  return (
    <>
      <span aria-hidden="true">{t('price_pending')}</span>
      <span className="visually-hidden">{t('price_pending_label')}</span>
    </>
  );
}
