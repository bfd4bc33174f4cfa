// The privacy policy's laws come from the registry and the country modules' legal aspect: every country
// of the registry in the page's language only, a fixture third country (Qatar) too, on that page only.
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import { LEGAL } from '#shared/countries/legal';
import { contentLoader, lawsIn } from './index';

const load = (url: string) => contentLoader({ request: new Request(url) } as LoaderFunctionArgs);

describe("the privacy policy's laws", () => {
  it('lists every country of the registry in the page’s language, on the privacy policy only', async () => {
    const ar = await load('https://shop.test/ar/privacy-policy');
    expect(ar.laws?.map((l) => l.country)).toEqual([...COUNTRY_CODES]);
    expect(ar.laws?.[0]).toEqual({
      country: COUNTRY_CODES[0],
      law: LEGAL[COUNTRY_CODES[0]].dataProtection.law.ar,
      regulator: LEGAL[COUNTRY_CODES[0]].dataProtection.regulator.ar,
      url: LEGAL[COUNTRY_CODES[0]].dataProtection.url,
    });
    expect((await load('https://shop.test/privacy-policy')).laws?.[1]?.law).toBe(LEGAL.SA.dataProtection.law.en);
    expect((await load('https://shop.test/terms')).laws).toBeUndefined();
  });

  it('takes a fixture third country from its legal line alone', () => {
    const QA = 'QA' as CountryCode;
    const law = (en: string, ar: string) => ({ en, ar });
    const legal = {
      ...LEGAL,
      [QA]: {
        dataProtection: {
          law: law(
            'Law No. 13 of 2016 on Personal Data Privacy Protection',
            'القانون رقم 13 لسنة 2016 بشأن حماية خصوصية البيانات الشخصية',
          ),
          regulator: law('National Cyber Security Agency', 'الوكالة الوطنية للأمن السيبراني'),
          url: 'https://ncsa.gov.qa',
        },
        emergency: { general: '999', ambulance: '999' },
      },
    };
    const laws = lawsIn('ar', [...COUNTRY_CODES, QA], legal);
    expect(laws.map((l) => l.country)).toEqual([...COUNTRY_CODES, QA]);
    expect(laws.at(-1)).toEqual({
      country: QA,
      law: 'القانون رقم 13 لسنة 2016 بشأن حماية خصوصية البيانات الشخصية',
      regulator: 'الوكالة الوطنية للأمن السيبراني',
      url: 'https://ncsa.gov.qa',
    });
  });
});

describe("the disclaimer's emergency numbers", () => {
  it('lists every country of the registry, the Emirates’ 999 and 998 too, on the disclaimer only', async () => {
    // The paragraph once named Kuwait's and Saudi Arabia's numbers alone, on a health shop's disclaimer.
    for (const url of ['https://shop.test/disclaimer', 'https://shop.test/ar/disclaimer']) {
      const page = await load(url);
      expect(page.emergency, url).toEqual(COUNTRY_CODES.map((country) => ({ country, ...LEGAL[country].emergency })));
    }
    expect((await load('https://shop.test/disclaimer')).emergency?.find((n) => n.country === 'AE')).toEqual({
      country: 'AE',
      general: '999',
      ambulance: '998',
    });
    expect((await load('https://shop.test/privacy-policy')).emergency).toBeUndefined();
  });
});
