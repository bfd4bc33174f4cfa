// An address as the lines a shopper reads (cards, checkout, order details), in the page's language.
import type { Address } from '../../shared/api/account-schemas';
import type { MessageId } from '../../shared/i18n';

type Translate = (key: MessageId, params?: Record<string, string | number>) => string;

function parts(t: Translate, list: Array<[MessageId, string | null]>): string {
  return list
    .filter(([, value]) => value)
    .map(([key, value]) => t(key, { value: value! }))
    .join(t('list_separator'));
}

export function addressLines(a: Address, t: Translate): string[] {
  const sep = t('list_separator');
  if (a.country === 'KW') {
    return [
      [a.area_name, a.governorate_name].filter(Boolean).join(sep),
      parts(t, [['address_block_short', a.block], ['address_street_short', a.street], ['address_avenue_short', a.avenue]]),
      parts(t, [['address_building_short', a.building], ['address_floor_short', a.floor], ['address_apartment_short', a.apartment]]),
      t('country_KW'),
    ].filter(Boolean);
  }
  return [
    [a.district, a.city_name].filter(Boolean).join(sep),
    parts(t, [['address_street_short', a.street], ['address_building_number_short', a.building_number]]),
    parts(t, [['address_postal_code_short', a.postal_code], ['address_short_address_short', a.short_address]]),
    t('country_SA'),
  ].filter(Boolean);
}
