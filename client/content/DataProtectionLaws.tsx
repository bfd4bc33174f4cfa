// The privacy policy's laws: for every country of the registry, its law on personal data and the
// authority a shopper may complain to (the country module's `legal` aspect, decision 77), the
// shopper's country first. A country added to the registry is listed here without a line of code.
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import { LEGAL } from '#shared/countries/legal';
import { useI18n } from '../i18n/context';
import { useShopperCountry } from '../shell/CompanyDetails';

export function DataProtectionLaws() {
  const { t, lang } = useI18n();
  const first = useShopperCountry();
  const order: CountryCode[] = [first, ...COUNTRY_CODES.filter((c) => c !== first)];
  return (
    <section className="company-section" aria-labelledby="data-protection-laws">
      <h2 id="data-protection-laws">{t('privacy_laws_title')}</h2>
      <div className="company-entities">
        {order.map((code) => {
          const { law, regulator, url } = LEGAL[code].dataProtection;
          return (
            <section key={code} className="company-entity" aria-labelledby={`data-protection-${code}`}>
              <h3 id={`data-protection-${code}`}>{t(`country_${code}`)}</h3>
              <dl className="company-details" data-testid={`data-protection-${code}`}>
                <div>
                  <dt>{t('privacy_law')}</dt>
                  <dd>{law[lang]}</dd>
                </div>
                <div>
                  <dt>{t('privacy_regulator')}</dt>
                  <dd>{regulator[lang]}</dd>
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
          );
        })}
      </div>
    </section>
  );
}
