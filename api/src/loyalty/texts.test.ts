// The loyalty mails' counted points in both languages, and the days a birthday is celebrated on.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { birthdaysOn } from './jobs';
import { birthdayMail, expiryReminderMail, pointsText, tierUpMail } from './texts';

describe('pointsText', () => {
  it('counts points with English and Arabic plural forms', () => {
    expect([1, 2, 250].map((n) => pointsText(n, 'en'))).toEqual(['1 point', '2 points', '250 points']);
    expect([0, 1, 2, 3, 11, 100].map((n) => pointsText(n, 'ar'))).toEqual([
      'لا نقاط',
      'نقطة واحدة',
      'نقطتان',
      '3 نقاط',
      '11 نقطة',
      '100 نقطة',
    ]);
  });
});

describe('the loyalty mails', () => {
  it('link to her points page in her language and name the tier, the points and the day (her country’s)', () => {
    expect(tierUpMail('ar', 'gold', 'https://shop.test').text).toContain('https://shop.test/ar/profile/points');
    expect(tierUpMail('en', 'silver', 'https://shop.test').subject).toBe('You have reached Silver – Gulf Vitamins');
    expect(birthdayMail('en', 100, 'https://shop.test').text).toContain('100 points');
    // 22:00 UTC on 31 May is 1 June in the Gulf.
    const at = Date.parse('2027-05-31T22:00:00Z');
    expect(expiryReminderMail('en', 70, at, 'KW', 'https://shop.test').text).toContain(
      '70 points of your balance expire on 2027-06-01',
    );
    expect(expiryReminderMail('ar', 3, at, 'KW', 'https://shop.test').text).toContain(
      'تنتهي 3 نقاط من رصيدك يوم 2027-06-01',
    );
  });

  it('name the day on the Emirates’ clocks to an Emirates shopper: 20:30 UTC is already tomorrow in Dubai', () => {
    const at = Date.parse('2027-05-31T20:30:00Z');
    expect(expiryReminderMail('en', 70, at, 'KW', 'https://shop.test').text).toContain('expire on 2027-05-31');
    expect(expiryReminderMail('en', 70, at, 'AE', 'https://shop.test').text).toContain('expire on 2027-06-01');
  });
});

describe('birthdaysOn', () => {
  it('celebrates 29 February on the 28th in a year without one, on the day itself otherwise', () => {
    expect(birthdaysOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdaysOn('2028-02-28')).toEqual(['02-28']);
    expect(birthdaysOn('2028-02-29')).toEqual(['02-29']);
    expect(birthdaysOn('2100-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdaysOn('2027-07-04')).toEqual(['07-04']);
  });
});

describe('isBirthday', () => {
  it('takes a real month and day, 29 February included', async () => {
    const { isBirthday } = await import('./birthday');
    expect(['01-31', '02-29', '12-01', '04-30'].every(isBirthday)).toBe(true);
    expect(['02-30', '04-31', '13-01', '00-10', '1-05', '2000-01-01', ''].some(isBirthday)).toBe(false);
  });
});

describe('the points in the mails', () => {
  it('read as the points pages say them (their dictionary’s counted entry), grouping included', () => {
    for (const [lang, dict] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const { t } = createTranslator(lang, dict);
      for (const n of [0, 1, 2, 3, 11, 100, 103, 1250])
        expect(pointsText(n, lang)).toBe(t('points_count', { count: n }));
    }
    expect(pointsText(103, 'ar')).toBe('103 نقاط');
  });
});
