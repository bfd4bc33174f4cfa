// The one address formatter of checkout review, success and order pages.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { AddressText } from './AddressText';
import type { AddressShown } from './address-lines';

provideDictionary('en', en);
provideDictionary('ar', ar);

const render = (lang: Lang, address: AddressShown, email?: string) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <AddressText inline address={address} email={email} />
    </I18nProvider>,
  );

// A guest's typed address as checkout keeps it, with the place names the form showed.
const saudi: AddressShown = {
  country: 'SA',
  recipient: 'Sara Q',
  phone: '+966512345678',
  district: 'Olaya',
  city_name: 'الباحة',
  street: 'King Fahd Rd',
  building_number: '2345',
  postal_code: '12211',
};
const kuwait: AddressShown = {
  country: 'KW',
  recipient: 'Huda',
  phone: '+96598765432',
  governorate_name: 'Hawalli',
  area_name: 'Salmiya',
  block: '3',
  street: 'Gulf Road',
  building: '7',
};
const emirati: AddressShown = {
  country: 'AE',
  recipient: 'Mariam',
  phone: '+971501234567',
  city_name: 'Dubai',
  district: 'Al Barsha 1',
  street: 'Street 21',
  building: 'Marina Heights',
  apartment: '1204',
  makani: '3057395402',
};

describe('AddressText', () => {
  it.each([
    ['en', saudi, ['Olaya', 'الباحة', '+966512345678']],
    ['ar', saudi, ['Olaya', 'الباحة', '+966512345678']],
    ['en', kuwait, ['Salmiya', 'Hawalli', '+96598765432']],
    ['ar', kuwait, ['Salmiya', 'Hawalli', '+96598765432']],
  ] as const)('shows the city or governorate and area and the phone (%s, %s)', (lang, address, shown) => {
    const html = render(lang, address, 'sara@example.com');
    for (const part of [...shown, 'sara@example.com']) expect(html).toContain(`>${part}</bdi>`);
  });

  it('shows an Emirates address as area and emirate, street, building and flat, the Makani number, the country', () => {
    const html = render('en', emirati);
    expect(html).toContain('<bdi>Al Barsha 1</bdi>, <bdi>Dubai</bdi>');
    expect(html).toContain('<bdi>Street 21</bdi>, <bdi>Building Marina Heights</bdi>, <bdi>Apartment 1204</bdi>');
    expect(html).toContain('<bdi>Makani 3057395402</bdi>');
    expect(html).toContain('Emirates');
    const arabic = render('ar', emirati);
    expect(arabic).toContain(`<bdi>${ar.address_makani_short.replace('{{value}}', '3057395402')}</bdi>`);
    expect(arabic).toContain('الإمارات');
  });

  it('isolates each part on an Arabic page, so Latin input keeps its order', () => {
    const html = render('ar', saudi);
    expect(html).toContain('<bdi>Olaya</bdi>، <bdi>الباحة</bdi>');
    expect(html).toContain('<bdi>Sara Q</bdi>');
    expect(html).toContain(`<bdi>${ar.address_street_short.replace('{{value}}', 'King Fahd Rd')}</bdi>`);
    expect(html).toContain('<bdi dir="ltr">+966512345678</bdi>');
  });
});
