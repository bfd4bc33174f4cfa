// Numbers typed with Arabic-Indic (٠–٩) or Persian (۰–۹) digits pass the shared schemas, on the
// client and on the API alike, and come out with Latin digits.
import { describe, expect, it } from 'vitest';
import { addressSchema, nationalNumber, setPhoneSchema } from './account-schemas';
import { contactSchema, supplierSchema } from './forms';
import { orderLookupSchema } from './order-schemas';

describe('schemas take Arabic digits', () => {
  it('a mobile number, in Kuwait and Saudi Arabia', () => {
    expect(setPhoneSchema.parse({ country: 'KW', phone: '٩٨٧٦ ٥٤٣٢' }).phone).toBe('9876 5432');
    expect(setPhoneSchema.parse({ country: 'SA', phone: '۰۵۱۲۳۴۵۶۷۸' }).phone).toBe('0512345678');
    expect(nationalNumber('+٩٦٦ ٥١٢ ٣٤٥ ٦٧٨')).toBe('512345678');
  });

  it('a Kuwait address: phone, block, building, floor and apartment', () => {
    const a = addressSchema.parse({
      country: 'KW',
      recipient: 'سارة',
      phone: '٩٨٧٦٥٤٣٢',
      area_id: '26',
      block: '٣',
      street: 'شارع ١٢',
      building: '۷',
      floor: '٢',
      apartment: '١٠',
    });
    expect(a).toMatchObject({
      phone: '98765432',
      block: '3',
      street: 'شارع 12',
      building: '7',
      floor: '2',
      apartment: '10',
    });
  });

  it('a Saudi address: building number, postal code and short address', () => {
    const a = addressSchema.parse({
      country: 'SA',
      recipient: 'Sara',
      phone: '٥١٢٣٤٥٦٧٨',
      city_id: 2,
      district: 'Rawdah',
      street: 'Tahlia',
      building_number: '١٢٣٤',
      postal_code: '۲۳۴۳۳',
      short_address: 'RRRD٢٩٢٩',
    });
    expect(a).toMatchObject({
      phone: '512345678',
      building_number: '1234',
      postal_code: '23433',
      short_address: 'RRRD2929',
    });
  });

  it('the phone of the contact and supplier forms', () => {
    const contact = contactSchema.parse({
      name: 'سارة',
      email: 'sara@example.com',
      phone: '+٩٦٥ ٢٢٠٠ ٠٠٠٠',
      subject: 'order',
      message: 'أين طلبي رقم ١٢٣؟',
    });
    expect(contact.phone).toBe('+965 2200 0000');
    const supplier = supplierSchema.safeParse({
      company_name: 'Co',
      contact_name: 'Omar',
      email: 'o@example.com',
      phone: '+۹۶۶ ۵۰۰ ۰۰۰ ۰۰۰',
      country: 'SA',
      categories: ['vitamins'],
      message: 'We make vitamins.',
    });
    expect(supplier.success && supplier.data.phone).toBe('+966 500 000 000');
  });

  it('the order number of the order-lookup page, in Arabic-Indic or Persian digits', () => {
    expect(orderLookupSchema.parse({ order_id: '٧٦٨٤٥٢١٣٩٠', email: 'sara@example.com' }).order_id).toBe('7684521390');
    expect(orderLookupSchema.parse({ order_id: ' ۷۶۸۴۵۲۱۳۹۰ ', email: 'sara@example.com' }).order_id).toBe(
      '7684521390',
    );
    // Still ten digits, not starting with zero.
    expect(orderLookupSchema.safeParse({ order_id: '٠٦٨٤٥٢١٣٩٠', email: 'sara@example.com' }).success).toBe(false);
  });
});
