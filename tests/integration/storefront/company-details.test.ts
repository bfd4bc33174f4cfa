// The company's legal and contact details come from shared/company.ts: the entity of the shopper's
// country in the footer and on the contact page, both entities on the legal pages, and no
// placeholder (.example) address anywhere.
import { describe, expect, it } from 'vitest';
import { COMPANY } from '#shared/company';
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import { LEGAL } from '#shared/countries/legal';
import { LEGAL_PAGE_IDS, PAGE_PATHS } from '#shared/page-paths';
import { storefront } from './helpers';

const page = (path: string, country: CountryCode) =>
  storefront(`https://shop.test${path}`, { headers: { cookie: `country=${country}` } }).then((r) => r.text());

function section(html: string, from: string, to: string): string {
  const start = html.indexOf(from);
  expect(start, `${from} in the page`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(to, start));
}

const kw = COMPANY.entities.KW;
const sa = COMPANY.entities.SA;

describe('company details', () => {
  for (const lang of ['en', 'ar'] as const) {
    const prefix = lang === 'ar' ? '/ar' : '';
    it(`the footer shows the Kuwaiti entity to a shopper in Kuwait (${lang})`, async () => {
      const footer = section(await page(`${prefix}/products`, 'KW'), '<footer', '</footer>');
      expect(footer).toContain(kw.legalName[lang]);
      expect(footer).toContain(kw.commercialRegistration);
      expect(footer).toContain(kw.address[lang]);
      expect(footer).toContain(`href="tel:${kw.phone}"`);
      expect(footer).toContain(`href="mailto:${COMPANY.email}"`);
      expect(footer).not.toContain(sa.legalName[lang]);
    });

    it(`the footer shows the Saudi entity with its VAT number to a shopper in Saudi Arabia (${lang})`, async () => {
      const footer = section(await page(`${prefix}/`, 'SA'), '<footer', '</footer>');
      expect(footer).toContain(sa.legalName[lang]);
      expect(footer).toContain(sa.commercialRegistration);
      expect(footer).toContain(sa.vatNumber!);
      expect(footer).toContain(sa.address[lang]);
      expect(footer).toContain(`href="tel:${sa.phone}"`);
      expect(footer).not.toContain(kw.legalName[lang]);
    });

    it(`the contact page gives the shopper's country's phone and entity (${lang})`, async () => {
      for (const [country, entity] of [
        ['KW', kw],
        ['SA', sa],
      ] as const) {
        const main = section(await page(`${prefix}/contact-us`, country), '<main', '</main>');
        expect(main).toContain(`href="tel:${entity.phone}"`);
        expect(main).toContain(`href="https://wa.me/${entity.phone.slice(1)}"`);
        expect(main).toContain(`href="mailto:${COMPANY.email}"`);
        expect(main).toContain(entity.legalName[lang]);
        expect(main).toContain(entity.commercialRegistration);
        // One component draws the phone and e-mail for the contact page and the footer.
        const footer = section(await page(`${prefix}/contact-us`, country), '<footer', '</footer>');
        for (const link of [`href="tel:${entity.phone}"`, `href="mailto:${COMPANY.email}"`]) {
          const markup = (html: string) =>
            html.includes(`<a ${link}`) ? section(html, `<a ${link}`, '</a>') : undefined;
          expect(markup(main)).toBeDefined();
          expect(markup(main)).toBe(markup(footer));
        }
      }
    });

    it(`${prefix}/our-story, not a legal page, leaves the sellers to the footer`, async () => {
      const main = section(await page(`${prefix}/our-story`, 'KW'), '<main', '</main>');
      expect(main).not.toContain('data-testid="company-SA"');
    });

    for (const legal of LEGAL_PAGE_IDS.map((id) => PAGE_PATHS[id])) {
      it(`${prefix}${legal} names the seller in both countries`, async () => {
        const main = section(await page(`${prefix}${legal}`, 'KW'), '<main', '</main>');
        for (const entity of [kw, sa]) {
          expect(main).toContain(entity.legalName[lang]);
          expect(main).toContain(entity.commercialRegistration);
          expect(main).toContain(entity.address[lang]);
        }
        expect(main).toContain(sa.vatNumber!);
      });
    }
  }

  for (const lang of ['en', 'ar'] as const) {
    it(`the privacy policy names every country's data protection law and authority, hers first (${lang})`, async () => {
      for (const country of COUNTRY_CODES) {
        const html = await page(`${lang === 'ar' ? '/ar' : ''}/privacy-policy`, country);
        const laws = section(html, 'id="data-protection-laws"', 'id="company-details"');
        for (const code of COUNTRY_CODES) {
          const { law, regulator, url } = LEGAL[code].dataProtection;
          const block = section(laws, `data-testid="data-protection-${code}"`, '</dl>');
          expect(block).toContain(law[lang]);
          expect(block).toContain(regulator[lang]);
          expect(block).toContain(`>${url}</a>`);
        }
        expect(laws.indexOf(`data-testid="data-protection-${country}"`)).toBe(
          laws.indexOf('data-testid="data-protection-'),
        );
      }
    });
  }

  it('no page shows a placeholder .example address', async () => {
    for (const path of [
      '/',
      '/contact-us',
      '/privacy-policy',
      '/terms',
      '/our-story',
      '/return-policy',
      '/disclaimer',
      '/become-a-supplier',
      '/site-index',
    ]) {
      for (const prefix of ['', '/ar']) {
        const html = await page(`${prefix}${path === '/' && prefix ? '' : path}`, 'KW');
        expect(html, `${prefix}${path}`).not.toMatch(/@[\w.-]+\.example\b|[\w-]+\.example\//);
      }
    }
  });
});

describe("the disclaimer's emergency numbers", () => {
  it('gives every country’s numbers to call, the shopper’s country first, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const)
      for (const country of COUNTRY_CODES) {
        const html = await page(`${lang === 'ar' ? '/ar' : ''}/disclaimer`, country);
        for (const code of COUNTRY_CODES) {
          const { general, ambulance } = LEGAL[code].emergency;
          const block = section(html, `data-testid="emergency-${code}"`, '</dl>');
          expect(block, `${lang} ${code}`).toContain(`href="tel:${general}"`);
          expect(block, `${lang} ${code}`).toContain(`href="tel:${ambulance}"`);
        }
        expect(html.indexOf(`data-testid="emergency-${country}"`)).toBe(html.indexOf('data-testid="emergency-'));
      }
  });
});
