// The disclaimer's emergency numbers: for every country of the registry, the number for any emergency
// and the ambulance's (the country module's `legal` aspect, decision 77), the shopper's country first.
import type { EmergencyNumbers as Numbers } from './page-content';
import { useI18n } from '../i18n/context';
import { PerCountry } from './PerCountry';

/** One number, to call from the page. */
const Call = ({ number }: { number: string }) => (
  <a href={`tel:${number}`} dir="ltr">
    {number}
  </a>
);

export function EmergencyNumbers({ numbers }: { numbers: readonly Numbers[] }) {
  const { t } = useI18n();
  return (
    <PerCountry id="emergency-numbers" each="emergency" title="emergency_numbers_title" items={numbers}>
      {({ general, ambulance }) => (
        <>
          <div>
            <dt>{t('emergency_general')}</dt>
            <dd>
              <Call number={general} />
            </dd>
          </div>
          {ambulance !== general && (
            <div>
              <dt>{t('emergency_ambulance')}</dt>
              <dd>
                <Call number={ambulance} />
              </dd>
            </div>
          )}
        </>
      )}
    </PerCountry>
  );
}
