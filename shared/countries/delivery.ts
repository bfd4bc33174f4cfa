// Each country's time zone, delivery days, week and warehouse, for every country (decision 77): one line a country, its own file beside the others'.
import * as KW from './kw/delivery';
import * as SA from './sa/delivery';
import * as AE from './ae/delivery';
import type { CountryCode } from './index';
import type { CountryWarehouse, CountryWeek, DeliveryDays } from './types';

export const DELIVERY_DAYS: Record<CountryCode, DeliveryDays> = {
  KW: KW.deliveryDays,
  SA: SA.deliveryDays,
  AE: AE.deliveryDays,
};
export const WEEK: Record<CountryCode, CountryWeek> = { KW: KW.week, SA: SA.week, AE: AE.week };
export const WAREHOUSE: Record<CountryCode, CountryWarehouse> = {
  KW: KW.warehouse,
  SA: SA.warehouse,
  AE: AE.warehouse,
};
export const TIME_ZONES: Record<CountryCode, string> = { KW: KW.timeZone, SA: SA.timeZone, AE: AE.timeZone };
