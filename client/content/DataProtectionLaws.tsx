// The privacy policy's laws: for every country of the registry, its law on personal data and the
// authority a shopper may complain to (the country module's `legal` aspect, decision 77, brought by the
// page's loader in its language), the shopper's country first. A country added to the registry is
// listed here without a line of code.
import type { DataProtectionLaw } from './page-content';
import { useI18n } from '../i18n/context';
import { useShopperCountry } from '../shell/CompanyDetails';

export function DataProtectionLaws({ laws }: { laws: readonly DataProtectionLaw[] }) {
  const { t } = useI18n();
  const first = useShopperCountry();
  const order = [...laws.filter((l) => l.country === first), ...laws.filter((l) => l.country !== first)];
  return (
    <section className="company-section" aria-labelledby="data-protection-laws">
      <h2 id="data-protection-laws">{t('privacy_laws_title')}</h2>
      <div className="company-entities">
        {order.map(({ country, law, regulator, url }) => (
          <section key={country} className="company-entity" aria-labelledby={`data-protection-${country}`}>
            <h3 id={`data-protection-${country}`}>{t(`country_${country}`)}</h3>
            <dl className="company-details" data-testid={`data-protection-${country}`}>
              <div>
                <dt>{t('privacy_law')}</dt>
                <dd>{law}</dd>
              </div>
              <div>
                <dt>{t('privacy_regulator')}</dt>
                <dd>{regulator}</dd>
              </div>
              <div>
                <dt>{t('privacy_regulator_site')}</dt>
                <dd>
                  <a href={url} target="_blank" rel="noopener noreferrer" dir="ltr">
                    {url}
                  </a>
                </dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
