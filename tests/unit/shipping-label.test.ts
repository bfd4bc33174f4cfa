// The labels the shop prints itself, read back as a courier reads them (issue 73, item 8): Arabic as
// Arabic in reading order (it printed "????"), the address in its country's form with its words in
// both languages (Kuwait printed "4 / 12 / 7"), the Saudi postal code, nothing printed over anything
// else, and the tracking number as a Code 128 barcode a scanner decodes.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCode128, labelItems, labelLines, sameWords } from '../support/label-pdf';
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { type LabelRun, plainLabel } from '../../api/src/carriers/label';
import { labelTexts } from '../../api/src/carriers/label-draw';
import { woffToSfnt } from '../../api/src/carriers/woff';
import type { Party, ShipmentRequest } from '../../api/src/carriers/types';

const shop: Party = {
  name: 'Gulf Vitamins',
  phone: '+96522000000',
  lines: ['Shuwaikh'],
  city: 'Kuwait City',
  country: 'KW',
};

const request = (consignee: Party, currency: 'KWD' | 'SAR'): ShipmentRequest => ({
  reference: 'SHP-1',
  orderNumber: '1042',
  direction: 'outbound',
  speed: 'next_day',
  shipper: shop,
  consignee,
  weightGrams: 1200,
  pieces: 2,
  description: 'Food supplements',
  value: 19_750,
  codAmount: 19_750,
  currency,
});

const kuwaiti: Party = {
  name: 'نورة العتيبي',
  phone: '+96550000001',
  lines: ['4', '12', '3', '7', '2', '5'],
  city: 'Salmiya',
  country: 'KW',
  address: {
    parts: { block: '4', street: '12', avenue: '3', building: '7', floor: '2', apartment: '5' },
    places: { en: { area: 'Salmiya', region: 'Hawalli' }, ar: { area: 'السالمية', region: 'حولي' } },
  },
};

const saudi: Party = {
  name: 'سارة القحطاني',
  phone: '+966500000002',
  lines: ['العليا', 'طريق الملك فهد', '1234', 'RRRD1234'],
  city: 'Riyadh',
  country: 'SA',
  postalCode: '12345',
  address: {
    parts: {
      district: 'العليا',
      street: 'طريق الملك فهد',
      building_number: '1234',
      postal_code: '12345',
      short_address: 'RRRD1234',
    },
    places: { en: { area: 'Riyadh', region: null }, ar: { area: 'الرياض', region: null } },
  },
};

/** Whether a line of the label reads `expected` (word for word, spaces aside). */
const reads = (lines: string[], expected: string) => lines.some((l) => sameWords(l, expected));

describe('a label the shop prints', () => {
  // Each label is drawn once: drawing is the slow part (a few hundred ms on a loaded machine).
  let kuwaitLabel: Uint8Array;
  let saudiLabel: Uint8Array;
  beforeAll(async () => {
    kuwaitLabel = await plainLabel(request(kuwaiti, 'KWD'), 'GV0123456789', 'own', {
      day: '2026-11-28',
      driver: 'Mona',
      position: 3,
    });
    saudiLabel = await plainLabel(request(saudi, 'SAR'), 'LC-000123', 'local');
  });

  it('prints a Kuwaiti address in its form with its words, in English and in Arabic', async () => {
    const lines = await labelLines(kuwaitLabel);
    expect(lines.join('\n')).not.toContain('?');
    expect(reads(lines, 'نورة العتيبي'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'Salmiya, Hawalli'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'Block 4, Street 12, Avenue 3'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'Building 7, Floor 2, Apartment 5'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'السالمية، حولي'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'قطعة 4، شارع 12، جادة 3'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'مبنى 7، الطابق 2، شقة 5'), lines.join('\n')).toBe(true);
  });

  it('writes its own words in English and in Arabic: speed, the driver’s run, the order, the cash to collect', async () => {
    const kuwait = await labelLines(kuwaitLabel);
    expect(kuwait.join('\n')).not.toContain('?');
    for (const line of [
      'OWN · Next day · في اليوم التالي',
      'Run 2026-11-28 · Mona · stop 3',
      // The day keeps its order inside the Arabic line (it printed 28-11-2026).
      'جولة 2026-11-28 · Mona · المحطة 3',
      'Order 1042 · 2 pieces · 1.2 kg · الطلب 1042 · قطعتان · 1.2 كغ',
      'To · إلى',
      'From · من',
      'COLLECT KWD 19.750',
      'مبلغ التحصيل 19.750 د.ك',
    ])
      expect(reads(kuwait, line), `"${line}" in:\n${kuwait.join('\n')}`).toBe(true);
    const saudi = await labelLines(saudiLabel);
    for (const line of ['LOCAL · Next day · في اليوم التالي', 'COLLECT SAR 197.50', 'مبلغ التحصيل 197.50 ر.س'])
      expect(reads(saudi, line), `"${line}" in:\n${saudi.join('\n')}`).toBe(true);
  });

  it('prints a Saudi national address with its postal code, the Arabic shaped and in reading order', async () => {
    const lines = await labelLines(saudiLabel);
    expect(lines.join('\n')).not.toContain('?');
    expect(reads(lines, 'سارة القحطاني'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'العليا, Riyadh'), lines.join('\n')).toBe(true);
    // A street typed with its word ("طريق") is printed as typed, not as "Street طريق…".
    expect(reads(lines, 'طريق الملك فهد, Building no. 1234'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'Postal code 12345, Short address RRRD1234'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'العليا، الرياض'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'طريق الملك فهد، رقم المبنى 1234'), lines.join('\n')).toBe(true);
    expect(reads(lines, 'الرمز البريدي 12345، العنوان المختصر RRRD1234'), lines.join('\n')).toBe(true);
  });

  it('prints no text over other text', async () => {
    for (const pdf of [kuwaitLabel, saudiLabel]) {
      const items = await labelItems(pdf);
      for (const [i, a] of items.entries())
        for (const b of items.slice(i + 1)) {
          const apart =
            a.x + a.width <= b.x + 0.5 ||
            b.x + b.width <= a.x + 0.5 ||
            a.y + a.height * 0.8 <= b.y + 0.5 ||
            b.y + b.height * 0.8 <= a.y + 0.5;
          expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
        }
      for (const item of items) expect(item.y).toBeGreaterThan(0);
    }
  });

  it('prints the tracking number as a Code 128 barcode that decodes to it', async () => {
    expect(await decodeCode128(kuwaitLabel)).toBe('GV0123456789');
    expect(await decodeCode128(saudiLabel)).toBe('LC-000123');
  });
});

describe('the label’s own words', () => {
  const texts = (over: Partial<ShipmentRequest>, run?: LabelRun) =>
    labelTexts({ ...request(kuwaiti, 'KWD'), ...over }, run);

  it('count the pieces with Arabic’s plural forms', () => {
    const order = (pieces: number) => texts({ pieces }).order;
    expect(order(1)).toEqual(['Order 1042 · 1 piece · 1.2 kg', 'الطلب 1042 · قطعة واحدة · 1.2 كغ']);
    expect(order(2)[1]).toBe('الطلب 1042 · قطعتان · 1.2 كغ');
    expect(order(3)[1]).toBe('الطلب 1042 · 3 قطع · 1.2 كغ');
    expect(order(11)[1]).toBe('الطلب 1042 · 11 قطعة · 1.2 كغ');
    expect(order(100)[1]).toBe('الطلب 1042 · 100 قطعة · 1.2 كغ');
    expect(order(103)[1]).toBe('الطلب 1042 · 103 قطع · 1.2 كغ');
  });

  it('say a run has no driver yet, and name each speed, in both languages', () => {
    const run = texts({}, { day: '2026-11-28', driver: null, position: 1 }).run!.map((t) =>
      t.replace(/[\u2066-\u2069]/g, ''),
    );
    expect(run).toEqual(['Run 2026-11-28 · to assign · stop 1', 'جولة 2026-11-28 · بلا سائق بعد · المحطة 1']);
    expect(texts({ speed: 'same_day' }).speed).toEqual(['Same day', 'في اليوم نفسه']);
    expect(texts({ speed: 'standard' }).speed).toEqual(['Standard', 'عادي']);
  });

  it('have every Arabic letter in the label’s Arabic font (a Latin sign Helvetica lacks prints as ?)', async () => {
    const font = fontkit.create(
      woffToSfnt(
        readFileSync('node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
      ),
    );
    const words = [
      ...Object.values(texts({ pieces: 3 }, { day: '2026-11-28', driver: null, position: 1 })),
      ...(['same_day', 'next_day', 'standard'] as const).map((speed) => texts({ speed }).speed),
    ].flatMap((pair) => pair ?? []);
    const missing = [...new Set(words.join(''))].filter(
      (ch) => /[\u0600-\u06ff]/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)!),
    );
    expect(missing).toEqual([]);
  });
});
