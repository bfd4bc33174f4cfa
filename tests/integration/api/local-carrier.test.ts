// The local carrier (CARRIER_MODE=local) on the API's real D1: its label is a 4×6 PDF, and creating a
// parcel twice with one reference (a retried queue message) finds the same parcel.
import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { localCarrier } from '#api/src/carriers/local';
import { CarrierRefused, type ShipmentRequest } from '#api/src/carriers/types';

const request = (reference: string, over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  reference,
  orderNumber: '5001',
  direction: 'outbound',
  speed: 'next_day',
  shipper: { name: 'Gulf Vitamins', phone: '+96522000000', lines: ['Shuwaikh'], city: 'Shuwaikh', country: 'KW' },
  consignee: {
    name: 'Sara Ahmed',
    phone: '+96598765432',
    lines: ['Salmiya', 'Block 10', 'شارع ٥'],
    city: 'Salmiya',
    country: 'KW',
  },
  weightGrams: 1250,
  pieces: 1,
  description: 'Food supplements',
  value: 12_345,
  codAmount: 12_345,
  currency: 'KWD',
  ...over,
});

describe('local carrier', () => {
  it('prints a 4×6 PDF label, Arabic address lines and all', async () => {
    const created = await localCarrier(env.DB).createShipment(request(`local-label-${Date.now()}`));
    expect(created.labelSize).toBe('4x6');
    expect(new TextDecoder().decode(created.label.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(created.label);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it('gives the same reference the same tracking number and one parcel, and tracks its creation', async () => {
    const reference = `local-twice-${Date.now()}`;
    const carrier = localCarrier(env.DB, 'aramex');
    const first = await carrier.createShipment(request(reference));
    const second = await carrier.createShipment(request(reference));
    expect(second.trackingNumber).toBe(first.trackingNumber);
    expect(first.trackingNumber).toMatch(/^LC\d{10}$/);
    const { results } = await env.DB.prepare('SELECT status FROM local_parcels WHERE reference = ?')
      .bind(reference)
      .all<{ status: string }>();
    expect(results).toEqual([{ status: 'created' }]);
    const events = await carrier.track([first.trackingNumber]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ trackingNumber: first.trackingNumber, status: 'created' });
    // Another reference is another parcel.
    expect((await carrier.createShipment(request(`${reference}-b`))).trackingNumber).not.toBe(first.trackingNumber);
  });

  it('refuses a consignee without a valid phone, as real carriers do, with its reason for staff', async () => {
    const error = await localCarrier(env.DB)
      .createShipment(
        request(`local-phone-${Date.now()}`, { consignee: { ...request('x').consignee, phone: '98765' } }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error).toMatchObject({ carrierCode: 'INVALID_PHONE' });
  });
});
