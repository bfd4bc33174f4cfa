// What the cancel dialog of a coming consultation says comes back, and where (issue 61, finding 7): paid
// from her wallet, the money goes back to the wallet, and the dialog says so in both languages.
import { describe, expect, it } from 'vitest';
import type { ConsultationDetail } from '#shared/consultations/types';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { formatMinor } from '#shared/money';
import { cancelTerms } from './ConsultationActions';

const NOW = Date.parse('2026-11-27T06:00:00Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

const consultation = (method: string, country: 'KW' | 'SA', total: number) =>
  ({
    country,
    currency: country === 'KW' ? 'KWD' : 'SAR',
    starts_at: inDays(3),
    ends_at: inDays(3),
    rules: { cancel_free_until: inDays(2) },
    payment: { method, total, refunded: 0 },
  }) as unknown as ConsultationDetail;

const dialog = (c: ConsultationDetail, lang: 'en' | 'ar') =>
  createTranslator(lang, lang === 'en' ? en : ar).t(cancelTerms(c, NOW), {
    amount: formatMinor(c.payment.total, c.currency as 'KWD' | 'SAR', lang, c.country),
  });

describe('the cancel dialog of a consultation', () => {
  it('says a wallet-paid consultation’s money goes back to the wallet, in Kuwait in English', () => {
    const text = dialog(consultation('wallet', 'KW', 8000), 'en');
    expect(text).toContain('8.000');
    expect(text).toContain('your wallet');
  });

  it('says the same in Arabic from Saudi Arabia', () => {
    const text = dialog(consultation('wallet', 'SA', 9900), 'ar');
    expect(text).toContain('99.00');
    expect(text).toContain('محفظتك');
  });

  it('keeps the card-paid wording, whose dialog then asks where the money goes', () => {
    expect(cancelTerms(consultation('card', 'KW', 8000), NOW)).toBe('consult_cancel_confirm_refund');
    expect(cancelTerms(consultation('package', 'SA', 0), NOW)).toBe('consult_cancel_session_back');
  });
});
