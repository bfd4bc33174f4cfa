// The own drivers' refusal of a parcel for a country they do not serve, as staff read it on the Shipping
// page: no country written into the code, the countries they serve named from the registry's names, in
// English and in Arabic.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#shared/countries';
import { countriesServedBy } from '#shared/countries/rules';
import { shellAr } from '#shared/i18n/shell.ar';
import { shellEn } from '#shared/i18n/shell.en';
import { ownCarrier } from './own';
import { CarrierRefused, type Party, type ShipmentRequest } from './types';

const served = countriesServedBy('own');
const elsewhere = COUNTRY_CODES.find((c) => !served.includes(c))!;

const party = (country: Party['country']): Party => ({
  name: 'Noura',
  phone: '+96550000001',
  lines: ['Block 4'],
  city: 'Somewhere',
  country,
});

const request: ShipmentRequest = {
  reference: 'SHP-9',
  orderNumber: '9',
  direction: 'outbound',
  speed: 'standard',
  shipper: party(served[0]!),
  consignee: party(elsewhere),
  weightGrams: 500,
  pieces: 1,
  description: 'Food supplements',
  value: 1000,
  codAmount: 0,
  currency: 'KWD',
};

describe('the own drivers’ refusal of a country they do not serve', () => {
  it('names the countries they serve in English and in Arabic', async () => {
    // Refused before the database is read.
    const refusal = await ownCarrier({} as D1Database)
      .createShipment(request)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CarrierRefused);
    const { carrierCode, carrierMessage } = refusal as CarrierRefused;
    expect(carrierCode).toBe('COUNTRY');
    const [english, arabic] = carrierMessage.split(' · ');
    for (const c of served) {
      expect(english).toContain(shellEn[`country_${c}`]);
      expect(arabic).toContain(shellAr[`country_${c}`]);
    }
    expect(english).toMatch(/^The shop’s own drivers deliver in .+ only$/);
    expect(arabic).toMatch(/^سائقو المتجر يوصلون في .+ فقط$/);
  });
});
