// Kuwait: its clock, the delivery promise's days, the week and the warehouse.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryWarehouse, CountryWeek, DeliveryDays } from '../types';

/** Every governorate, the same day before the 2 pm cut-off, else the next day. */
export const deliveryDays: DeliveryDays = { handling: [0, 1], transit: [0, 1], workingDays: false };

/** Friday–Saturday weekend (getUTCDay's numbers). */
export const week: CountryWeek = { weekend: [5, 6], noHomeVisits: [5] };

/** The warehouse parcels leave from (its city in Latin letters, as the carriers' shipper address), and returns go to. */
export const warehouse: CountryWarehouse = {
  city: 'Kuwait City',
  returns: {
    name: 'Gulf Vitamins Returns',
    phone: '+96522000000',
    lines: ['Shuwaikh Industrial Area', 'Block 1, Street 15, Warehouse 7'],
    city: 'Shuwaikh',
  },
};

/** The IANA time zone the shopper's dates are printed in. */
export const timeZone = 'Asia/Kuwait';
