import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { pagePath, titleOf, type TitledPageId } from '#shared/page-paths';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { consentRequired } from '#shared/analytics/consent';
import { openConsentSettings } from '../analytics/settings';
import { analyticsOn } from '../analytics/track';
import { useBoot } from '../lib/locale';
import { CompanyEntity, useShopperCountry } from './CompanyDetails';
import { UnservedChoice } from './UnservedChoice';

type Linkable = Exclude<TitledPageId, 'product' | 'shared-list'>;

const COLUMNS: Array<{ title: MessageId; links: Linkable[] }> = [
  { title: 'footer_shop', links: ['products', 'categories', 'brands-list', 'nutritionist-list', 'blood-test', 'quiz'] },
  {
    title: 'footer_help',
    links: ['contact-us', 'order-lookup', 'how-it-works', 'return-policy', 'site-index', 'install'],
  },
  { title: 'footer_company', links: ['our-story', 'become-a-supplier', 'terms', 'privacy-policy', 'disclaimer'] },
];

export function Footer() {
  const { t, lang } = useI18n();
  // The footer hydrates when its code arrives, which can be after the shopper switched country: its
  // first render is the country the page was rendered in (what the server's markup says), then hers.
  const shopper = useShopperCountry();
  const { config, country: rendered } = useBoot();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const country = hydrated ? shopper : rendered;
  // Where the shop asks for consent, the banner can be reopened from here.
  const cookieSettings = analyticsOn(config.analytics) && consentRequired(config.analytics, country);
  return (
    <footer className="site-footer">
      {/* A first visit from a place not served (issue 77); gone once she picks a country in the header. */}
      <UnservedChoice chosen={country !== rendered} />
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">{t('brand_name')}</p>
          <p>{t('footer_about')}</p>
          <CompanyEntity country={country} className="company-details footer-company" />
        </div>
        <nav aria-label={t('footer_navigation')} className="footer-columns">
          {COLUMNS.map((col) => (
            <div key={col.title}>
              <h2 className="footer-title">{t(col.title)}</h2>
              <ul>
                {col.links.map((id) => (
                  <li key={id}>
                    <Link to={pagePath(id, lang)}>{t(titleOf(id))}</Link>
                  </li>
                ))}
                {col.title === 'footer_help' && cookieSettings && (
                  <li>
                    <button type="button" className="link-button" onClick={openConsentSettings}>
                      {t('cookie_settings')}
                    </button>
                  </li>
                )}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className="container copyright">{t('copyright', { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
