// The texts that name a way to pay inside a sentence, in both languages (issue 44, finding 12): the
// decline message named the option's label ("Tabby: pay in 4, interest-free did not complete the
// payment"), and in Arabic the label's colon and plan landed mid-sentence.
import { describe, expect, it } from 'vitest';
import { ar } from '../i18n/ar';
import { en } from '../i18n/en';
import { createTranslator } from '../i18n/index';
import { GATEWAY_METHODS_ALL, installmentSchedule, paymentWayName } from './gateway-methods';

const translators = { en: createTranslator('en', en), ar: createTranslator('ar', ar) };

describe('a declined payment’s message names the provider properly', () => {
  it('says "The payment with Tabby was not completed", and Tamara, STC Pay likewise, in English', () => {
    const { t } = translators.en;
    expect(t('payment_declined_back', { method: paymentWayName(t, 'tabby') })).toBe(
      'The payment with Tabby was not completed. Your cart is as you left it: choose how to pay.',
    );
    expect(t('payment_declined_back', { method: paymentWayName(t, 'tamara') })).toMatch(/^The payment with Tamara was/);
    expect(t('payment_declined_back', { method: paymentWayName(t, 'stc_pay') })).toMatch(
      /^The payment with STC Pay was/,
    );
  });

  it('says "لم يكتمل الدفع عبر تابي" and "عبر تمارا" in Arabic', () => {
    const { t } = translators.ar;
    expect(t('payment_declined_back', { method: paymentWayName(t, 'tabby') })).toBe(
      'لم يكتمل الدفع عبر تابي. سلتك كما تركتها: اختر طريقة الدفع.',
    );
    expect(t('payment_declined_back', { method: paymentWayName(t, 'tamara') })).toMatch(/^لم يكتمل الدفع عبر تمارا\./);
  });

  it('never carries an option’s plan or a label’s colon into the sentence, for any way in either language', () => {
    for (const { t } of Object.values(translators))
      for (const method of GATEWAY_METHODS_ALL) {
        const name = paymentWayName(t, method);
        expect(name).not.toMatch(/[:：]|4|٤|interest|فوائد/);
        expect(t('payment_declined_back', { method: name })).toContain(name);
      }
  });
});

describe('the order page’s schedule texts', () => {
  it('count the payments with real plurals in both languages', () => {
    const plan = installmentSchedule('tabby', 10_000, Date.parse('2026-11-25T09:00:00Z'), 'KW');
    expect(translators.en.t('pay_later_schedule_title', { count: plan.length, method: 'Tabby' })).toBe(
      'Tabby: 4 interest-free payments, one a month',
    );
    expect(translators.ar.t('pay_later_schedule_title', { count: plan.length, method: 'تابي' })).toBe(
      'تابي: 4 دفعات بلا فوائد، دفعة كل شهر',
    );
  });
});
