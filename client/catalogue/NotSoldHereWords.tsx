// The server's words for "not sold in your country" on a product page (issue 77). The text is in the orders
// area (kept out of a catalogue page's first JavaScript, catalogue/NotSoldHereHost.tsx), which a product
// page does not name: the server renders it through a provider of its own, as the reviews' static part
// does, so the page's scoped texts need not carry it. Server-only: the browser keeps the server's words.
import { I18nProvider, useI18n } from '../i18n/context';
import type { Lang } from '#shared/locale';

const ORDERS = ['orders'] as const;

function Words() {
  return <>{useI18n().t('product_not_sold_here')}</>;
}

export function NotSoldHereWords({ lang }: { lang: Lang }) {
  return (
    <I18nProvider lang={lang} texts={ORDERS}>
      <Words />
    </I18nProvider>
  );
}
