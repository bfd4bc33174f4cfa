// The privacy policy's laws come from the registry and the country modules' legal aspect: a fixture
// third country (Qatar) added to both is listed without a line of code, in the page's language only.
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

vi.mock('#shared/countries', async (importOriginal) => {
  const real = await importOriginal<typeof import('#shared/countries')>();
  return { ...real, COUNTRY_CODES: [...real.COUNTRY_CODES, 'QA'] };
});
vi.mock('#shared/countries/legal', async (importOriginal) => {
  const real = await importOriginal<typeof import('#shared/countries/legal')>();
  const law = (en: string, ar: string) => ({ en, ar });
  return {
    LEGAL: {
      ...real.LEGAL,
      QA: {
        dataProtection: {
          law: law(
            'Law No. 13 of 2016 on Personal Data Privacy Protection',
            'القانون رقم 13 لسنة 2016 بشأن حماية خصوصية البيانات الشخصية',
          ),
          regulator: law('National Cyber Security Agency', 'الوكالة الوطنية للأمن السيبراني'),
          url: 'https://ncsa.gov.qa',
        },
      },
    },
  };
});

const { contentLoader } = await import('./index');
const { LEGAL } = await import('#shared/countries/legal');
const load = (url: string) => contentLoader({ request: new Request(url) } as LoaderFunctionArgs);

describe("the privacy policy's laws", () => {
  it('lists every country of the registry in the page’s language, a fixture country too', async () => {
    const page = await load('https://shop.test/ar/privacy-policy');
    expect(page.laws?.map((l) => l.country)).toEqual(['KW', 'SA', 'QA']);
    expect(page.laws?.[2]).toEqual({
      country: 'QA',
      law: 'القانون رقم 13 لسنة 2016 بشأن حماية خصوصية البيانات الشخصية',
      regulator: 'الوكالة الوطنية للأمن السيبراني',
      url: 'https://ncsa.gov.qa',
    });
    expect(page.laws?.[0]?.law).toBe(LEGAL.KW.dataProtection.law.ar);
    expect((await load('https://shop.test/privacy-policy')).laws?.[1]?.law).toBe(LEGAL.SA.dataProtection.law.en);
  });

  it('brings them to the privacy policy only', async () => {
    expect((await load('https://shop.test/terms')).laws).toBeUndefined();
  });
});
