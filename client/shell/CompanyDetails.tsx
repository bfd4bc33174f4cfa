// The company's legal and contact details, read from shared/company.ts (the one place they are
// written): the entity of the shopper's country in the footer and on the contact page, both entities
// on the legal pages.
import { useSnapshot } from 'valtio';
import { COMPANY, companyEntity } from '#shared/company';
import type { MessageId } from '#shared/i18n';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';

/** +96522270400 → +965 2227 0400; +966112901400 → +966 11 290 1400 (E.164 kept for tel: links). */
export function displayPhone(e164: string): string {
  const m = /^\+(\d{3})(\d+)$/.exec(e164);
  if (!m) return e164;
  const [, code, rest] = m as unknown as [string, string, string];
  const groups = rest.length === 9 ? [rest.slice(0, 2), rest.slice(2, 5), rest.slice(5)] : rest.match(/.{1,4}/g)!;
  return `+${code} ${groups.join(' ')}`;
}

export function useShopperCountry(): CountryCode {
  return useSnapshot(useSessionStore()).country;
}

/**
 * The phone of a country's entity as a row of a description list: E.164 in the tel: link, grouped as it
 * is dialled on screen, and WhatsApp on the same number where the page offers it (the contact page).
 */
export function CompanyPhone({
  country,
  label = 'company_phone',
  whatsapp = false,
}: {
  country: CountryCode;
  label?: MessageId;
  whatsapp?: boolean;
}) {
  const { t } = useI18n();
  const phone = companyEntity(country).phone;
  return (
    <div>
      <dt>{t(label)}</dt>
      <dd>
        <a href={`tel:${phone}`} dir="ltr">
          {displayPhone(phone)}
        </a>
      </dd>
      {whatsapp && (
        <dd>
          <a href={`https://wa.me/${phone.slice(1)}`} target="_blank" rel="noopener noreferrer">
            {t('contact_whatsapp_link')}
          </a>
        </dd>
      )}
    </div>
  );
}

/** The shop's one e-mail address as a row of a description list. */
export function CompanyEmail({ label = 'company_email' }: { label?: MessageId }) {
  const { t } = useI18n();
  return (
    <div>
      <dt>{t(label)}</dt>
      <dd>
        <a href={`mailto:${COMPANY.email}`} dir="ltr">
          {COMPANY.email}
        </a>
      </dd>
    </div>
  );
}

/** One entity as a description list. `contact={false}` leaves out phone and e-mail where the page shows them already. */
export function CompanyEntity({
  country,
  className = 'company-details',
  contact = true,
}: {
  country: CountryCode;
  className?: string;
  contact?: boolean;
}) {
  const { t, lang } = useI18n();
  const entity = companyEntity(country);
  return (
    <dl className={className} data-testid={`company-${country}`}>
      <div>
        <dt>{t('company_legal_name')}</dt>
        <dd>{entity.legalName[lang]}</dd>
      </div>
      <div>
        <dt>{t('company_registration')}</dt>
        <dd>
          <bdi dir="ltr">{entity.commercialRegistration}</bdi>
        </dd>
      </div>
      {entity.vatNumber && (
        <div>
          <dt>{t('company_vat_number')}</dt>
          <dd>
            <bdi dir="ltr">{entity.vatNumber}</bdi>
          </dd>
        </div>
      )}
      <div>
        <dt>{t('company_address')}</dt>
        <dd>{entity.address[lang]}</dd>
      </div>
      {contact && (
        <>
          <CompanyPhone country={country} />
          <CompanyEmail />
        </>
      )}
    </dl>
  );
}

/** Legal pages: who the seller is in each country, since a page may be read from either. */
export function CompanyEntitiesSection() {
  const { t } = useI18n();
  const first = useShopperCountry();
  // The shopper's country first, then the others in the registry's order.
  const order: CountryCode[] = [first, ...COUNTRY_CODES.filter((c) => c !== first)];
  return (
    <section className="company-section" aria-labelledby="company-details">
      <h2 id="company-details">{t('company_details_title')}</h2>
      <div className="company-entities">
        {order.map((code) => (
          <section key={code} className="company-entity" aria-labelledby={`company-details-${code}`}>
            <h3 id={`company-details-${code}`}>{t(`country_${code}`)}</h3>
            <CompanyEntity country={code} />
          </section>
        ))}
      </div>
    </section>
  );
}
