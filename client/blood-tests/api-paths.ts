// The booking API's paths in one place (spec §7 names; the booking stream's routes), so the pages
// and the tests agree on them.
export const BT_API = {
  patients: '/user/bloodTestPatient',
  slots: (zone: { area_id?: number | null; city_id?: number | null }, skuIds: readonly number[]) =>
    `/bloodTest/slots?${zone.area_id ? `area_id=${zone.area_id}` : `city_id=${zone.city_id}`}&sku_ids=${skuIds.join(',')}`,
  hold: '/bloodTest/slots/hold',
  calculate: '/bloodTestOrder/calculate',
  submit: '/bloodTestOrder/submit',
  list: '/user/bloodTestOrder/list/All',
  order: (id: number) => `/user/bloodTestOrder/getOrder?id=${id}`,
  ics: (id: number) => `/api/user/bloodTestOrder/ics?id=${id}`,
  reschedule: '/user/bloodTestOrder/reschedule',
  cancel: '/user/bloodTestOrder/cancel',
  payAgain: '/bloodTestOrder/payAgain',
} as const;
