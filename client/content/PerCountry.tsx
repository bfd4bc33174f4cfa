// A legal page's section with one block per country of the registry, the shopper's country first: the
// privacy policy's laws and the disclaimer's emergency numbers. A country added to the registry is
// listed without a line of code.
import type { ReactNode } from 'react';
import type { CountryCode } from '#shared/countries';
import { useI18n } from '../i18n/context';
import type { MessageId } from '#shared/i18n';
import { useShopperCountry } from '../shell/CompanyDetails';

export function PerCountry<T extends { readonly country: CountryCode }>({
  id,
  each,
  title,
  items,
  children,
}: {
  /** The section's heading id. */
  id: string;
  /** Each country's block is `${each}-${country}`: its heading's id and its test id. */
  each: string;
  title: MessageId;
  items: readonly T[];
  /** A country's details, as the rows of its definition list. */
  children: (item: T) => ReactNode;
}) {
  const { t } = useI18n();
  const first = useShopperCountry();
  const order = [...items.filter((i) => i.country === first), ...items.filter((i) => i.country !== first)];
  return (
    <section className="company-section" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <div className="company-entities">
        {order.map((item) => (
          <section key={item.country} className="company-entity" aria-labelledby={`${each}-${item.country}`}>
            <h3 id={`${each}-${item.country}`}>{t(`country_${item.country}`)}</h3>
            <dl className="company-details" data-testid={`${each}-${item.country}`}>
              {children(item)}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
