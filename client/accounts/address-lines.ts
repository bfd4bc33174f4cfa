// An address as the lines a shopper reads (cards, checkout, order details), in the page's language.
import type { Address } from '#shared/api/account-schemas';
import type { MessageId } from '#shared/i18n';
import { labelledPart } from '#shared/text/address-part';
import { ADDRESS } from '#shared/countries/address';

type Translate = (key: MessageId, params?: Record<string, string | number>) => string;

/** What the address formatter needs: a saved address, or a guest's typed one with its place names. */
export type AddressShown = Pick<Address, 'country' | 'recipient' | 'phone'> &
  Partial<Omit<Address, 'country' | 'recipient' | 'phone'>>;

function parts(t: Translate, list: Array<[MessageId, string | null | undefined]>): string[] {
  return list
    .filter(([, value]) => value)
    .map(([key, value]) => labelledPart(key.replace(/^address_|_short$/g, ''), t(key, { value: '{{value}}' }), value!));
}

/**
 * The address as lines of parts: each part is one value (a typed street, a place name) that may be in
 * either script, so pages isolate each part (<bdi>) and join a line's parts with list_separator.
 */
export function addressLineParts(a: AddressShown, t: Translate): string[][] {
  const form = ADDRESS[a.country].form;
  const lines: Array<Array<string | null | undefined>> =
    form === 'area-block'
      ? [
          [a.area_name, a.governorate_name],
          parts(t, [
            ['address_block_short', a.block],
            ['address_street_short', a.street],
            ['address_avenue_short', a.avenue],
          ]),
          parts(t, [
            ['address_building_short', a.building],
            ['address_floor_short', a.floor],
            ['address_apartment_short', a.apartment],
          ]),
        ]
      : form === 'emirate-area'
        ? [
            [a.district, a.city_name],
            parts(t, [
              ['address_street_short', a.street],
              ['address_building_short', a.building],
              ['address_apartment_short', a.apartment],
            ]),
            parts(t, [['address_makani_short', a.makani]]),
          ]
        : [
            [a.district, a.city_name],
            parts(t, [
              ['address_street_short', a.street],
              ['address_building_number_short', a.building_number],
            ]),
            parts(t, [
              ['address_postal_code_short', a.postal_code],
              ['address_short_address_short', a.short_address],
            ]),
          ];
  lines.push([t(`country_${a.country}`)]);
  return lines.map((line) => line.filter((p): p is string => !!p)).filter((line) => line.length > 0);
}

export function addressLines(a: AddressShown, t: Translate): string[] {
  return addressLineParts(a, t).map((line) => line.join(t('list_separator')));
}
