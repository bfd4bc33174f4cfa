// Saudi Arabia: its clock, the delivery promise's days, the week and the warehouse.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryWarehouse, CountryWeek, DeliveryDays } from '../types';

/** The main cities through the courier partner, 2 to 4 working days. */
export const deliveryDays: DeliveryDays = { handling: [0, 1], transit: [2, 4], workingDays: true };

/** Friday–Saturday weekend (getUTCDay's numbers). */
export const week: CountryWeek = { weekend: [5, 6], noHomeVisits: [5] };

/** The warehouse parcels leave from (its city in Latin letters, as the carriers' shipper address), and returns go to. */
export const warehouse: CountryWarehouse = {
  city: 'Riyadh',
  returns: {
    name: 'Gulf Vitamins Returns',
    phone: '+966112000000',
    lines: ['Al Sulay District', 'Warehouse 12, Street 40'],
    city: 'Riyadh',
    postalCode: '14322',
  },
};

/** The IANA time zone the shopper's dates are printed in. */
export const timeZone = 'Asia/Riyadh';
