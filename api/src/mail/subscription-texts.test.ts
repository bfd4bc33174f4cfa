// The refill reminder says how long ago she bought the product with each language's plural forms: the
// days run from a few to about 175, so Arabic needs its 3–10, 11–99 and hundreds forms (103 takes 3–10's).
import { describe, expect, it } from 'vitest';
import { refillReminderMail } from './subscription-texts';

const ago = (lang: 'en' | 'ar', days: number) =>
  refillReminderMail(lang, { productName: 'Omega 3', orderId: 7, days }, 'https://shop.test').text;

describe('the refill reminder mail', () => {
  it('counts the days in English', () => {
    expect(ago('en', 1)).toContain('You bought “Omega 3” about 1 day ago;');
    expect(ago('en', 45)).toContain('You bought “Omega 3” about 45 days ago;');
  });

  it('counts the days with Arabic’s plural forms', () => {
    expect(ago('ar', 2)).toContain('اشتريت «Omega 3» قبل نحو يومين،');
    expect(ago('ar', 3)).toContain('اشتريت «Omega 3» قبل نحو 3 أيام،');
    expect(ago('ar', 11)).toContain('اشتريت «Omega 3» قبل نحو 11 يومًا،');
    expect(ago('ar', 100)).toContain('اشتريت «Omega 3» قبل نحو 100 يوم،');
    expect(ago('ar', 103)).toContain('اشتريت «Omega 3» قبل نحو 103 أيام،');
  });
});
