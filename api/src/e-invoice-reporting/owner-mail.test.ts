// The owner's mail about e-invoices waiting counts them as the E-invoices page does: its entry, with
// English's one and other and Arabic's six forms (103 takes the 3–10 form).
import { describe, expect, it } from 'vitest';
import type { ReportingAttention } from './attention';
import { waitingMail } from './owner-mail';

const attention = (overdue: number): ReportingAttention => ({
  overdue,
  oldest_waiting_at: 0,
  pending: overdue,
  stamp_problem: null,
  refused: 0,
  warnings: 0,
});
const body = (lang: 'en' | 'ar', overdue: number) => waitingMail(lang, attention(overdue), 'https://staff.test').text;

describe('the owner’s mail about e-invoices waiting', () => {
  it('counts the documents in English', () => {
    expect(body('en', 1)).toMatch(/^1 document has waited more than 12 hours/);
    expect(body('en', 2)).toMatch(/^2 documents have waited more than 12 hours/);
  });

  it('counts them with Arabic’s plural forms', () => {
    expect(body('ar', 1)).toMatch(/^مستند واحد ينتظر الإبلاغ/);
    expect(body('ar', 2)).toMatch(/^مستندان ينتظران الإبلاغ/);
    expect(body('ar', 3)).toMatch(/^3 مستندات تنتظر الإبلاغ/);
    expect(body('ar', 11)).toMatch(/^11 مستندًا ينتظر الإبلاغ/);
    expect(body('ar', 100)).toMatch(/^100 مستند ينتظر الإبلاغ/);
    expect(body('ar', 103)).toMatch(/^103 مستندات تنتظر الإبلاغ/);
  });
});
