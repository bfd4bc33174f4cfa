// The disclaimer's emergency numbers: for every country of the registry, the number for any emergency
// and the ambulance's (the country module's `legal` aspect, decision 77), the shopper's country first.
// A country added to the registry is listed here without a line of code.
import type { EmergencyNumbers as Numbers } from './page-content';
import { useI18n } from '../i18n/context';
import { useShopperCountry } from '../shell/CompanyDetails';

export function EmergencyNumbers({ numbers }: { numbers: readonly Numbers[] }) {
  const { t } = useI18n();
  const first = useShopperCountry();
  const order = [...numbers.filter((n) => n.country === first), ...numbers.filter((n) => n.country !== first)];
  return (
    <section className="company-section" aria-labelledby="emergency-numbers">
      <h2 id="emergency-numbers">{t('emergency_numbers_title')}</h2>
      <div className="company-entities">
        {order.map(({ country, general, ambulance }) => (
          <section key={country} className="company-entity" aria-labelledby={`emergency-${country}`}>
            <h3 id={`emergency-${country}`}>{t(`country_${country}`)}</h3>
            <dl className="company-details" data-testid={`emergency-${country}`}>
              <div>
                <dt>{t('emergency_general')}</dt>
                <dd>
                  <a href={`tel:${general}`} dir="ltr">
                    {general}
                  </a>
                </dd>
              </div>
              {ambulance !== general && (
                <div>
                  <dt>{t('emergency_ambulance')}</dt>
                  <dd>
                    <a href={`tel:${ambulance}`} dir="ltr">
                      {ambulance}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
