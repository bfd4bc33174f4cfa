// The data archive's readme speaks of every country the shop sells in: its invoices folder holds the tax
// invoices of each country that issues them (the Emirates' too), not "your Saudi orders" alone.
import { describe, expect, it } from 'vitest';
import { readmeText } from './texts';

describe('the data archive readme', () => {
  it('names no one country for what holds every country’s, in both languages', () => {
    const en = readmeText('en', '2026-11-29 00:00');
    const ar = readmeText('ar', '2026-11-29 00:00');
    expect(en).toMatch(/^- invoices\/: the tax invoices of your orders in the countries that issue them/m);
    expect(ar).toMatch(/^- invoices\/: الفواتير الضريبية لطلباتك في البلدان التي تُصدر فيها فواتير ضريبية/m);
    const invoices = (text: string) => text.split('\n').find((line) => line.startsWith('- invoices/'))!;
    for (const name of ['Saudi', 'Kuwait', 'Emirates']) expect(invoices(en)).not.toContain(name);
    for (const name of ['السعودية', 'الكويت', 'الإمارات']) expect(invoices(ar)).not.toContain(name);
  });
});
