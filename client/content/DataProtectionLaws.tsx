// The privacy policy's laws: for every country of the registry, its law on personal data and the
// authority a shopper may complain to (the country module's `legal` aspect, decision 77, brought by the
// page's loader in its language), the shopper's country first.
import type { DataProtectionLaw } from './page-content';
import { useI18n } from '../i18n/context';
import { PerCountry } from './PerCountry';

export function DataProtectionLaws({ laws }: { laws: readonly DataProtectionLaw[] }) {
  const { t } = useI18n();
  return (
    <PerCountry id="data-protection-laws" each="data-protection" title="privacy_laws_title" items={laws}>
      {({ law, regulator, url }) => (
        <>
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
        </>
      )}
    </PerCountry>
  );
}
