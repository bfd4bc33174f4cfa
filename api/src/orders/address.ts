// The delivery address of an order: a saved one of the signed-in shopper, or one typed at checkout,
// snapshotted with its place names so later edits never change a placed order.
import { nationalNumber, PHONE_RULES, type AddressInput } from '#shared/api/account-schemas';
import type { Lang } from '#shared/locale';
import { col } from '../lib/lang';
import { ApiError } from '../lib/errors';
import type { AddressPlaceNames, AddressRow } from '../db/rows';
import type { CountryCode } from '#shared/countries';
import { ADDRESS } from '#shared/countries/address';

export interface OrderAddress extends Record<string, unknown> {
  country: CountryCode;
  recipient: string;
  phone: string;
}

const PLACE_NAMES = (lang: Lang) =>
  `ar.${col('name', lang)} AS area_name, g.id AS governorate_id, g.${col('name', lang)} AS governorate_name, ci.${col('name', lang)} AS city_name`;

export async function resolveAddress(
  db: D1Database,
  a: { addressId?: number; address?: AddressInput; userId: number | null; lang: Lang },
): Promise<OrderAddress> {
  if (a.addressId !== undefined) {
    if (!a.userId) throw new ApiError(401, 'unauthorized');
    const row = await db
      .prepare(
        `SELECT a.*, ${PLACE_NAMES(a.lang)} FROM addresses a LEFT JOIN areas ar ON ar.id = a.area_id LEFT JOIN governorates g ON g.id = ar.governorate_id
         LEFT JOIN dhl_cities ci ON ci.id = a.city_id WHERE a.id = ? AND a.user_id = ? AND a.deleted_at IS NULL`,
      )
      .bind(a.addressId, a.userId)
      .first<AddressRow & AddressPlaceNames>();
    if (!row) throw new ApiError(400, 'address_required');
    const { user_id: _u, deleted_at: _d, is_default: _i, created_at: _c, ...rest } = row;
    return rest as OrderAddress;
  }
  if (!a.address) throw new ApiError(400, 'address_required');
  const input = a.address;
  // The country's address form says where its place is: an area (with its governorate) or a carrier's city
  // of that country.
  const { zone, placeField } = ADDRESS[input.country];
  const placeId = (input as Record<string, unknown>)[placeField];
  const names =
    zone === 'area'
      ? await db
          .prepare(
            `SELECT ${PLACE_NAMES(a.lang)} FROM areas ar JOIN governorates g ON g.id = ar.governorate_id LEFT JOIN dhl_cities ci ON 0 WHERE ar.id = ?`,
          )
          .bind(placeId)
          .first<AddressPlaceNames>()
      : await db
          .prepare(
            `SELECT ci.${col('name', a.lang)} AS city_name FROM dhl_cities ci JOIN dhl_countries k ON k.id = ci.dhl_country_id WHERE ci.id = ? AND k.code = ?`,
          )
          .bind(placeId, input.country)
          .first<Pick<AddressPlaceNames, 'city_name'>>();
  if (!names)
    throw new ApiError(400, 'validation_failed', {
      fields: [
        {
          field: `address.${placeField}`,
          code: 'unknown',
          message: 'item_validation_error',
        },
      ],
    });
  return {
    ...input,
    label: input.label ?? '',
    phone: `${PHONE_RULES[input.country].dial}${nationalNumber(input.phone)}`,
    ...names,
  } as OrderAddress;
}
