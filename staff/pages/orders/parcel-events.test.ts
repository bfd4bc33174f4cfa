// The order's parcel events in the staff language: the shop's own carriers (its drivers, the sandbox)
// keep a failed attempt's reason as the driver's choice and write their marks as an English status, so
// the page names both in its own words; an outside carrier's own words stay quoted as they came.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrderTrackingData } from '#shared/api/staff-order-responses';
import { staffTranslator } from '../../lib/i18n';
import { OrderParcelEvents } from './OrderParcelEvents';

type Carrier = OrderTrackingData['parcels'][number]['carrier'];

function render(lang: 'en' | 'ar', carrier: Carrier, event: Partial<OrderTrackingData['events'][number]>): string {
  const tracking: OrderTrackingData = {
    parcels: [
      {
        id: 1,
        direction: 'outbound',
        carrier,
        status: 'failed_attempt',
        tracking_number: 'GV0000000001',
        failed_attempts: 1,
        carrier_error: null,
      },
    ],
    events: [
      {
        id: 1,
        shipment_id: 1,
        status: 'failed_attempt',
        carrier_code: 'FAILED_ATTEMPT',
        description: 'failed attempt',
        location: null,
        reason: 'not_home',
        at: 0,
        ...event,
      },
    ],
    redelivery: [],
  };
  return renderToStaticMarkup(
    createElement(OrderParcelEvents, { t: staffTranslator(lang), tracking, when: () => 'then' }),
  );
}

describe('the order’s parcel events', () => {
  it('name the shop’s own drivers’ reason in the staff language, the note after it as typed', () => {
    const ar = render('ar', 'own', {});
    expect(ar).toContain('ليس في المنزل');
    expect(ar).not.toContain('not_home');
    expect(render('en', 'own', {})).toContain(' · Not home');
    const other = render('ar', 'own', { reason: 'other: the gate was locked' });
    expect(other).toContain('سبب آخر: the gate was locked');
    expect(render('ar', 'local', { reason: 'wrong_address' })).toContain('العنوان خطأ');
  });

  it('leave out the English status the shop’s own carriers write beside the translated one', () => {
    for (const carrier of ['own', 'local'] as const) {
      const ar = render('ar', carrier, {});
      expect(ar).toContain('<strong>');
      expect(ar).not.toContain('FAILED_ATTEMPT');
      expect(ar).not.toContain('failed attempt');
    }
  });

  it('quote an outside carrier’s code, words and reason as they came', () => {
    const ar = render('ar', 'aramex', {
      carrier_code: 'SH043',
      description: 'Consignee not available',
      reason: 'Consignee not available',
    });
    expect(ar).toContain('SH043 · Consignee not available');
    expect(ar).toContain(' · Consignee not available');
    // A sandbox reason typed as words, not a choice, stays as typed too.
    expect(render('en', 'local', { reason: 'No answer at the door' })).toContain(' · No answer at the door');
  });
});
