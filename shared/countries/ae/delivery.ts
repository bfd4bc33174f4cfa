// The United Arab Emirates: its clock, the delivery promise's days, the week and the warehouse.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryWarehouse, CountryWeek, DeliveryDays } from '../types';

/** From the Dubai warehouse through the couriers: the next working day in Dubai, up to 3 elsewhere. */
export const deliveryDays: DeliveryDays = { handling: [0, 1], transit: [1, 3], workingDays: true };

/** Saturday–Sunday weekend since 2022 (getUTCDay's numbers). */
export const week: CountryWeek = { weekend: [6, 0], noHomeVisits: [6, 0] };

/** The warehouse parcels leave from (its city in Latin letters, as the carriers' shipper address), and returns go to. */
export const warehouse: CountryWarehouse = {
  city: 'Dubai',
  returns: {
    name: 'Gulf Vitamins Returns',
    phone: '+97148800000',
    lines: ['Al Quoz Industrial Area 3', 'Warehouse 21, Street 17'],
    city: 'Dubai',
  },
};

/** The IANA time zone the shopper's dates are printed in. */
export const timeZone = 'Asia/Dubai';
